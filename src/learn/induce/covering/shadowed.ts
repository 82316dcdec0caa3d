import { Kind } from './features.js';
import { plainKey, subsumes, type Condition } from './subsume.js';

const id = (kind: number, key: string): string => `${kind}:${key}`;

/**
 * Keys of every condition a text with condition `q` may also have by `implies` (a superset: the
 * pairs found are checked with `subsumes`): `q` itself, and for plain words their words, first
 * words, adjacent pairs and every prefix as a stem.
 */
function impliedIds(q: Condition): string[] {
  const out = [id(q.kind, q.key)];
  if (!plainKey(q.key) || q.kind === Kind.Short || q.kind === Kind.Shape) return out;
  const words = q.key.split(' ');
  words.forEach((w, i) => {
    out.push(id(Kind.Word, w), id(Kind.First, w));
    for (let n = 1; n <= w.length; n++) out.push(id(Kind.Stem, w.slice(0, n)));
    if (i > 0) out.push(id(Kind.Bigram, `${words[i - 1]} ${w}`));
  });
  return out;
}

/**
 * Positions, in list order, of the rules an earlier rule fires wherever they fire (`subsumes`):
 * in a decision list they never decide a text, so leaving them out changes no prediction. A rule
 * without conditions (not a covering rule) is neither checked nor taken to shadow. Each earlier
 * rule is indexed under its first present condition, so a rule is checked only against those
 * whose first condition it implies (rather than against every rule before it).
 */
export function shadowedRules(conditions: readonly (readonly Condition[] | undefined)[]): number[] {
  const byFirst = new Map<string, number[]>();
  /** Rules whose first condition no key lookup reaches (word counts, or only exceptions): tried against every later rule. */
  const always: number[] = [];
  const out: number[] = [];
  conditions.forEach((conds, j) => {
    if (!conds) return;
    const candidates = new Set(always);
    for (const q of conds) if (!q.negated) for (const k of impliedIds(q)) for (const i of byFirst.get(k) ?? []) candidates.add(i);
    if ([...candidates].some((i) => subsumes(conditions[i]!, conds))) {
      out.push(j);
      // A shadowed rule shadows nothing its shadow does not: it need not be indexed.
      return;
    }
    const first = conds.find((c) => !c.negated);
    if (!first || first.kind === Kind.Short) always.push(j);
    else {
      const k = id(first.kind, first.key);
      const list = byFirst.get(k);
      if (list) list.push(j);
      else byFirst.set(k, [j]);
    }
  });
  return out;
}
