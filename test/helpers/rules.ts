import { Rule, type RuleInput } from '../../src/core/schemas/rule.js';

/** Fields a test rule may set besides its id, pattern and label; `group` is the output group. */
export type RuleOver = Partial<RuleInput> & { group?: string };

/**
 * The tests' one rule factory: a regex rule named after its id, labelled `label`, with the whole
 * match as its span unless `group` says otherwise. `over` sets any other field (an `output` in it
 * replaces the label and group).
 */
export function rule(id: string, pattern: string, label = 'X', over: RuleOver = {}): Rule {
  const { group = '$0', ...rest } = over;
  return Rule.parse({ id, name: id, format: 'regex', pattern, output: { label, group }, ...rest });
}

/** A lexicon rule named after its id, matching any of `terms`. */
export function lexiconRule(id: string, terms: string[], label = 'X', over: RuleOver = {}): Rule {
  return rule(id, '', label, { format: 'lexicon', terms, ...over });
}
