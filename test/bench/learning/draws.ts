/**
 * Seeded draws from a case's training pool, so every system learns from the same rows: a fixed
 * number of examples per label (learning curves) and a two-class set at a chosen positive rate
 * (skewed binary tasks). Draws sort by id before a seeded shuffle, so they do not depend on the
 * order a file lists its rows in, and a larger draw per label extends a smaller one.
 */
import { mulberry32, shuffle } from '../../../src/core/random.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { BENCH_SEED, withSplit } from './splits.js';

/** A copy of `es` sorted by id: a seeded shuffle of it does not depend on the order a file lists its rows in. */
export const byId = (es: readonly Example[]): Example[] => [...es].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** `rows` in a seeded order of their own (the seed offset keeps groups independent). */
const seeded = (rows: readonly Example[], offset = 0): Example[] => shuffle(byId(rows), mulberry32(BENCH_SEED + offset));

/** Classification: the first `n` of each label's seeded order (every row of a label with fewer), as train rows. */
export function perLabelClasses(pool: readonly Example[], labels: readonly string[], n: number): { train: Example[]; short: string[] } {
  const train: Example[] = [];
  const short: string[] = [];
  labels.forEach((label, i) => {
    const rows = seeded(pool.filter((e) => e.label === label), i);
    if (rows.length < n) short.push(`${label} ${rows.length}`);
    train.push(...rows.slice(0, n));
  });
  return { train: withSplit(train, 'train'), short };
}

/**
 * Spans: walks the pool in one seeded order and keeps an example while one of its labels (or, for
 * an example with no span, "no span") has fewer than `n` kept, so each label gets about `n`
 * examples and texts with nothing to extract keep their place.
 */
export function perLabelSpans(pool: readonly Example[], n: number): Example[] {
  const kept = new Map<string, number>();
  const out: Example[] = [];
  for (const e of seeded(pool)) {
    const labels = [...new Set((e.spans ?? []).map((s) => s.label))];
    const keys = labels.length ? labels : [''];
    if (!keys.some((k) => (kept.get(k) ?? 0) < n)) continue;
    for (const k of keys) kept.set(k, (kept.get(k) ?? 0) + 1);
    out.push(e);
  }
  return withSplit(out, 'train');
}

/**
 * A two-class set at `rate` positives: as many rows as the rarer side allows, at most `max` in
 * all, relabelled `positive` / `negative`, in one seeded order.
 */
export function atRate(pos: readonly Example[], neg: readonly Example[], rate: number, names: { positive: string; negative: string }, max = Infinity): Example[] {
  const total = Math.min(max, pos.length / rate, neg.length / (1 - rate));
  const p = Math.round(total * rate);
  const q = Math.round(total * (1 - rate));
  const rows = [...seeded(pos, 1).slice(0, p).map((e) => ({ ...e, label: names.positive })), ...seeded(neg, 2).slice(0, q).map((e) => ({ ...e, label: names.negative }))];
  return seeded(rows, 3);
}
