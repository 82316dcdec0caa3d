import { canonicalJson } from '../../core/hash.js';
import { screenRules } from '../../core/safety/check-rule.js';
import type { Rule } from '../../core/schemas/rule.js';

/** What a rule does, for spotting duplicates: format, pattern or terms, flags, dialect, output. */
export function behaviourKey(rule: Rule): string {
  return canonicalJson([
    rule.format,
    rule.format === 'lexicon' ? [...(rule.terms ?? [])].sort() : rule.pattern,
    rule.flags,
    rule.dialect,
    rule.lexicon ?? null,
    rule.output.label,
    rule.output.group,
    ...(rule.when ? [rule.when] : []),
  ]);
}

export interface Screened {
  /** Passed every check: still `proposed`, possibly with flags (e.g. broad). */
  passed: Rule[];
  /** Failed a check (or was malformed): `rejected`, with the reason in `rejection`. */
  rejected: Rule[];
  /** Behaved exactly like a rule already in use or earlier in the list: left out. */
  duplicates: { rule: Rule; of: string }[];
}

/**
 * Runs the engine's checks on proposed rules in `learn` mode (compile, output group, catch-all,
 * ReDoS: each a rejection), and leaves out rules that behave exactly like one in `existing`.
 */
export async function screenCandidates(candidates: readonly Rule[], existing: readonly Rule[]): Promise<Screened> {
  const seen = new Map<string, string>(existing.map((r) => [behaviourKey(r), r.id]));
  const fresh: Rule[] = [];
  const duplicates: Screened['duplicates'] = [];
  for (const r of candidates) {
    if (r.status === 'rejected') {
      fresh.push(r);
      continue;
    }
    const key = behaviourKey(r);
    const of = seen.get(key);
    if (of !== undefined) duplicates.push({ rule: r, of });
    else {
      seen.set(key, r.id);
      fresh.push(r);
    }
  }
  const report = await screenRules(fresh, { mode: 'learn' });
  const passed: Rule[] = [];
  const rejected: Rule[] = [];
  for (const r of report.rules) (r.status === 'rejected' ? rejected : passed).push(r);
  return { passed, rejected, duplicates };
}
