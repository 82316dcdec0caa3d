import type { Rule } from './rule.js';

/** A rule as views show it: what it is and does, without its history or stamped figures. */
export type RuleCard = Pick<
  Rule,
  'id' | 'name' | 'description' | 'format' | 'pattern' | 'terms' | 'flags' | 'dialect' | 'output' | 'priority' | 'confidence' | 'status' | 'provenance' | 'version' | 'flagged' | 'rejection'
>;

/**
 * One rule of a list (the terminal UI's rules table, the report's cards): the rule, and its
 * metrics (`M`: the figures a view needs) when it was measured.
 */
export interface RuleWithMetrics<M> {
  rule: RuleCard;
  /** Null when the rule was not measured (new, or not active when measured). */
  metrics: M | null;
}

export function ruleCard(rule: Rule): RuleCard {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    format: rule.format,
    pattern: rule.pattern,
    ...(rule.terms ? { terms: rule.terms } : {}),
    flags: rule.flags,
    dialect: rule.dialect,
    output: rule.output,
    priority: rule.priority,
    confidence: rule.confidence,
    status: rule.status,
    provenance: rule.provenance,
    version: rule.version,
    flagged: rule.flagged,
    ...(rule.rejection ? { rejection: rule.rejection } : {}),
  };
}

/** What a rule matches, as one line: the regex, or the terms joined with ` | `. */
export const ruleSource = (rule: Pick<Rule, 'format' | 'pattern' | 'terms'>): string => (rule.format === 'lexicon' ? (rule.terms ?? []).join(' | ') : rule.pattern);
