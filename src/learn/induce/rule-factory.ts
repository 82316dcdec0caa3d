import { canonicalJson, sha256 } from '../../core/hash.js';
import type { Rule, RuleStatus } from '../../core/schemas/rule.js';
import type { Candidate } from './types.js';

/** The content key of a candidate: what it matches and emits (equal keys = the same rule). */
export function candidateKey(c: Candidate): string {
  return canonicalJson([c.format, c.format === 'lexicon' ? (c.terms ?? []) : c.pattern, c.flags, c.caseSensitive ?? false, c.label, c.group, ...(c.when ? [c.when] : [])]);
}

/** A stable id from the rule's content, so the same induced rule keeps its id across runs. */
export function candidateId(c: Candidate, prefix: string): string {
  return `${prefix}${sha256(candidateKey(c)).slice(0, 12)}`;
}

export interface RuleFields {
  id: string;
  priority: number;
  confidence: number;
  status: RuleStatus;
}

/** Builds the `Rule` a candidate stands for: provenance `induced`, JS dialect, no validation stamps. */
export function toRule(c: Candidate, f: RuleFields): Rule {
  const rule: Rule = {
    id: f.id,
    name: c.name,
    description: c.description,
    format: c.format,
    pattern: c.format === 'regex' ? c.pattern : '',
    flags: c.format === 'regex' ? c.flags : '',
    dialect: 'js',
    output: { label: c.label, group: c.group },
    priority: f.priority,
    confidence: Math.min(1, Math.max(0, f.confidence)),
    status: f.status,
    provenance: 'induced',
    validated_precision: null,
    validated_support: 0,
    version: 1,
    flagged: [],
  };
  if (c.when) rule.when = c.when;
  if (c.format === 'lexicon') {
    rule.terms = [...(c.terms ?? [])];
    rule.lexicon = { case_sensitive: c.caseSensitive ?? false, word_boundary: true };
  }
  return rule;
}
