import { z } from 'zod';
import { MatcherRef } from '../schemas/task.js';
import { f1OfTotals, ratio } from '../ratio.js';
import type { MatcherDefinition, Verdict } from './types.js';
import { sameValue, show, verdict } from './values.js';

const Options = z.strictObject({
  /** Passes when F1 is at least this. */
  threshold: z.number().min(0).max(1).default(1),
  /** How two items compare. */
  item: MatcherRef.default('exact'),
  /** Splits a string value into items (e.g. ","); without it a string is one item. */
  separator: z.string().min(1).optional(),
});
type SetMatchOptions = z.infer<typeof Options>;

function items(value: unknown, separator: string | undefined): unknown[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined && v !== '');
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    return separator ? value.split(separator).map((s) => s.trim()).filter(Boolean) : [value];
  }
  return [value];
}

/** Greedy one-to-one pairing: each predicted item takes the first unused gold item it matches. */
function pair(gold: unknown[], pred: unknown[], passes: (i: number, j: number) => boolean) {
  const used = new Uint8Array(gold.length);
  const extra: unknown[] = [];
  let matched = 0;
  for (let j = 0; j < pred.length; j++) {
    let hit = -1;
    for (let i = 0; i < gold.length; i++) {
      if (!used[i] && passes(i, j)) {
        hit = i;
        break;
      }
    }
    if (hit >= 0) {
      used[hit] = 1;
      matched++;
    } else extra.push(pred[j]);
  }
  const missing = gold.filter((_, i) => !used[i]);
  return { matched, missing, extra };
}

/** The flags of the item verdicts a set verdict rests on (see `Verdict`). */
interface ItemFlags {
  issue?: Verdict['issue'];
  lexical_fallback?: true;
}

function flagsOf(into: ItemFlags, v: Verdict): boolean {
  if (v.issue && !into.issue) into.issue = v.issue;
  if (v.lexical_fallback) into.lexical_fallback = true;
  return v.passed;
}

function setVerdict(nGold: number, nPred: number, matched: number, missing: unknown[], extra: unknown[], threshold: number, flags: ItemFlags = {}): Verdict {
  const precision = ratio(matched, nPred);
  const recall = ratio(matched, nGold);
  // Two empty sets agree entirely.
  const f1 = f1OfTotals(matched, nPred, nGold) ?? 1;
  const passed = f1 >= threshold;
  const reason =
    nGold + nPred === 0
      ? 'both sets are empty'
      : `${matched} of ${nGold} gold items found, ${extra.length} extra (F1 ${f1.toFixed(3)})`;
  const shown = (xs: unknown[]) => xs.slice(0, 3).map((x) => show(x, 30)).join(', ') + (xs.length > 3 ? ', …' : '');
  const detail = `${missing.length ? `; missing ${shown(missing)}` : ''}${extra.length ? `; extra ${shown(extra)}` : ''}`;
  return { ...verdict(passed, f1, reason + detail, { precision, recall, f1, missing, extra }), ...flags };
}

/** Set comparison: precision, recall and F1 of the items, with the missing and extra ones. */
export const setMatchMatcher: MatcherDefinition<SetMatchOptions> = {
  name: 'set_match',
  description: 'sets compared item by item (P/R/F1, missing and extra items); passes at an F1 threshold',
  options: Options,
  collection: true,
  bind(o, resolve) {
    const item = resolve(o.item, 'set_match item');
    return {
      match(gold, predicted, ctx) {
        const g = items(gold, o.separator);
        const p = items(predicted, o.separator);
        const flags: ItemFlags = {};
        const r = pair(g, p, item.isPlainExact ? (i, j) => sameValue(g[i], p[j]) : (i, j) => flagsOf(flags, item.match(g[i], p[j], ctx)));
        return setVerdict(g.length, p.length, r.matched, r.missing, r.extra, o.threshold, flags);
      },
      async matchAsync(gold, predicted, ctx) {
        const g = items(gold, o.separator);
        const p = items(predicted, o.separator);
        // Resolve every item pair first, then pair synchronously from the results.
        const flags: ItemFlags = {};
        const passed = await Promise.all(g.map((a) => Promise.all(p.map(async (b) => flagsOf(flags, await item.matchAsync(a, b, ctx))))));
        const r = pair(g, p, (i, j) => passed[i]![j]!);
        return setVerdict(g.length, p.length, r.matched, r.missing, r.extra, o.threshold, flags);
      },
      screensPatterns: item.screensPatterns,
      fixedPatterns: item.fixedPatterns,
      needsAsync: (ctx) => item.needsAsync(ctx),
      check: (ctx) => item.check(ctx),
    };
  },
};
