import { canonicalJson } from '../../core/hash.js';
import { checkRule, type RuleProblem } from '../../core/safety/check-rule.js';
import type { Rule } from '../../core/schemas/rule.js';
import { remember } from '../../core/remember.js';

/** Verdicts by rule content: induction proposes the same patterns again across rounds and seeds. */
const verdicts = new Map<string, RuleProblem[]>();
const CACHE_LIMIT = 5000;

const keyOf = (r: Rule): string =>
  canonicalJson([r.format, r.pattern, r.flags, r.dialect, r.terms ?? null, r.lexicon ?? null, r.output.group]);

export interface Screened {
  kept: Rule[];
  rejected: { rule: Rule; reason: string }[];
}

/**
 * Runs the engine's rule checks (compiles, not a catch-all, ReDoS-safe, output group exists) on
 * every rule, in learn mode, a few at a time. Rejected rules are returned apart with the reason;
 * flags (e.g. an inconclusive ReDoS screen) stay on the kept rules.
 */
export async function screen(rules: readonly Rule[]): Promise<Screened> {
  const problems: RuleProblem[][] = new Array(rules.length);
  const todo: number[] = [];
  rules.forEach((r, i) => {
    const hit = verdicts.get(keyOf(r));
    if (hit) problems[i] = hit;
    else todo.push(i);
  });
  const width = 4;
  for (let k = 0; k < todo.length; k += width) {
    const batch = todo.slice(k, k + width);
    const checks = await Promise.all(batch.map((i) => checkRule(rules[i]!, { mode: 'learn' })));
    checks.forEach((c, j) => {
      const i = batch[j]!;
      problems[i] = c.problems;
      remember(verdicts, keyOf(rules[i]!), c.problems, CACHE_LIMIT);
    });
  }
  const out: Screened = { kept: [], rejected: [] };
  rules.forEach((r, i) => {
    const ps = problems[i]!;
    const reject = ps.find((p) => p.severity === 'reject');
    if (reject) {
      out.rejected.push({ rule: r, reason: `${reject.code}: ${reject.message}` });
      return;
    }
    const flags = ps.filter((p) => p.severity === 'flag').map((p) => ({ code: p.code, message: p.message }));
    out.kept.push(flags.length ? { ...r, flagged: [...r.flagged, ...flags] } : r);
  });
  return out;
}
