import type { Rule } from '../schemas/rule.js';

/**
 * The pattern of a default rule: the first character of the text, so it fires on every text with
 * at least one character (an empty text has no span to label) and, anchored, costs one step. At the
 * lowest priority it labels whatever no other rule does: RuleChef's catch-all class, spelled so it
 * can be told from a catch-all written by mistake (`.+`, `[\s\S]`, `(?s)^.{1,}$`), which the checks
 * still reject.
 */
export const DEFAULT_RULE_PATTERN = '^[\\s\\S]';

/** Whether a rule is a default rule: a regex of exactly `DEFAULT_RULE_PATTERN`, its whole match the output, with no condition. */
export function isDefaultRule(rule: Pick<Rule, 'format' | 'pattern' | 'output' | 'when'>): boolean {
  return rule.format === 'regex' && rule.pattern === DEFAULT_RULE_PATTERN && rule.output.group === '$0' && !rule.when;
}
