import { canonicalJson } from '../hash.js';
import type { Rule } from '../schemas/rule.js';

/** What makes two rules exact duplicates: they match the same text and output the same thing. */
function duplicateKey(rule: Rule): string {
  return canonicalJson([
    rule.format,
    rule.pattern,
    rule.flags,
    rule.dialect,
    rule.terms ?? null,
    rule.lexicon ?? null,
    rule.output.label,
    rule.output.group,
    ...(rule.when ? [rule.when] : []),
  ]);
}

/**
 * Groups of exact duplicates among rules given in execution order: positions, first = the one that
 * runs first (and is kept). Only groups of two or more, in order of their first member.
 */
export function duplicateGroups(rules: readonly Rule[]): number[][] {
  const groups = new Map<string, number[]>();
  rules.forEach((r, p) => {
    const k = duplicateKey(r);
    const g = groups.get(k);
    if (g) g.push(p);
    else groups.set(k, [p]);
  });
  return [...groups.values()].filter((g) => g.length > 1);
}
