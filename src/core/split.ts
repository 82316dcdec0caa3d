import { RulewrightError } from './errors.js';
import { hash32, mulberry32, shuffle } from './random.js';
import type { Answer, Example, Split } from './schemas/example.js';

/**
 * Seeded, stratified train/dev/test splits.
 *
 * Determinism: items are sorted by id before a per-stratum shuffle whose PRNG seed mixes the
 * user's seed with the stratum key, so the same seed gives the same split whatever order the rows
 * arrived in, and adding examples to one stratum leaves the others' assignment alone.
 * Exact counts: the dev and test totals are `round(n × fraction)` and are apportioned to strata by
 * largest remainder, so small strata still get their share when their remainders are largest.
 */

export interface SplitOptions {
  /** Share of the pool for dev, in [0, 1). */
  dev: number;
  /** Share of the pool for test, in [0, 1). */
  test: number;
  seed: number;
}

export interface SplitItem {
  id: string;
  /** Items with the same stratum are divided in the same proportions. */
  stratum: string;
  /** Locked items (corrections) always go to train and are not counted in the pool. */
  locked?: boolean;
  /**
   * Items with the same group (near-duplicate texts: windows of one document) go to one split
   * together, as one unit of the stratum of its first item by id; counts are then in units.
   */
  group?: string;
}

/** The answer that counts as gold: an observed example's `truth` when it has one. */
function goldAnswer(e: Example): Answer {
  if (e.source === 'observed' && e.truth) return e.truth;
  return { spans: e.spans, label: e.label, output: e.output };
}

function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

/**
 * The sorted distinct labels of an example's gold answer: span labels, the class label, or the
 * names of non-empty output fields (transformation).
 */
export function answerLabels(e: Example): string[] {
  const a = goldAnswer(e);
  const labels = new Set<string>();
  for (const s of a.spans ?? []) labels.add(s.label);
  if (a.label != null && a.label !== '') labels.add(a.label);
  for (const [k, v] of Object.entries(a.output ?? {})) if (!isEmptyValue(v)) labels.add(k);
  return [...labels].sort();
}

/** The stratum of an example: its class, or the sorted set of its span labels / filled fields. */
export function stratumOf(e: Example): string {
  return JSON.stringify(answerLabels(e));
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Apportions `total` among strata with fractional `quotas` (largest remainder), never giving a
 * stratum more than its cap. Ties are broken by `tie` (lower first).
 */
export function apportion(quotas: readonly number[], caps: readonly number[], total: number, tie: readonly number[]): number[] {
  const alloc = quotas.map((q, i) => Math.min(Math.floor(q + 1e-9), caps[i]!));
  let left = total - alloc.reduce((a, b) => a + b, 0);
  const order = quotas
    .map((q, i) => i)
    .sort((i, j) => {
      const ri = quotas[i]! - Math.floor(quotas[i]! + 1e-9);
      const rj = quotas[j]! - Math.floor(quotas[j]! + 1e-9);
      return rj - ri || tie[i]! - tie[j]! || i - j;
    });
  // First pass: one extra each to the largest remainders; then, if caps got in the way, any room left.
  for (const i of order) {
    if (left <= 0) break;
    if (alloc[i]! < caps[i]! && quotas[i]! > alloc[i]!) {
      alloc[i]!++;
      left--;
    }
  }
  while (left > 0) {
    let moved = false;
    for (const i of order) {
      if (left <= 0) break;
      if (alloc[i]! < caps[i]!) {
        alloc[i]!++;
        left--;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return alloc;
}

/** Checks split fractions; throws BAD_INPUT with the fix. */
export function checkSplitOptions(o: SplitOptions): void {
  for (const [name, f] of [
    ['dev', o.dev],
    ['test', o.test],
  ] as const) {
    if (!Number.isFinite(f) || f < 0 || f >= 1) {
      throw new RulewrightError('BAD_INPUT', `--${name} must be a fraction in [0, 1), got ${f}`);
    }
  }
  if (o.dev + o.test >= 1) {
    throw new RulewrightError('BAD_INPUT', `--dev + --test must be below 1 so train keeps examples (got ${o.dev + o.test})`);
  }
  if (!Number.isInteger(o.seed) || o.seed < 0 || o.seed > 0xffffffff) {
    throw new RulewrightError('BAD_INPUT', `--seed must be an integer between 0 and 4294967295, got ${o.seed}`);
  }
}

/** A unit to split: an item, or a group of items that goes whole (named by its first member's id). */
interface Unit {
  id: string;
  stratum: string;
  members: string[];
}

/** The unlocked items as units: each group as one unit in the stratum of its first member by id, every other item alone. */
function unitsOf(items: readonly SplitItem[]): Unit[] {
  const byGroup = new Map<string, SplitItem[]>();
  const units: Unit[] = [];
  for (const it of items) {
    if (it.locked) continue;
    if (it.group === undefined) {
      units.push({ id: it.id, stratum: it.stratum, members: [it.id] });
      continue;
    }
    const xs = byGroup.get(it.group);
    if (xs) xs.push(it);
    else byGroup.set(it.group, [it]);
  }
  for (const xs of byGroup.values()) {
    const first = xs.reduce((a, b) => (byCodeUnits(b.id, a.id) < 0 ? b : a));
    units.push({ id: first.id, stratum: first.stratum, members: xs.map((x) => x.id) });
  }
  return units;
}

/**
 * Assigns every item a split. Locked items get train; a group goes whole. Same items and options
 * → same result. Counts are exact (see above) where a stratum has items enough outside groups to
 * make them up; a group that would overfill a split's count in its stratum goes to the next split.
 */
export function assignSplits(items: readonly SplitItem[], opts: SplitOptions): Map<string, Split> {
  checkSplitOptions(opts);
  const result = new Map<string, Split>();
  for (const it of items) if (it.locked) result.set(it.id, 'train');
  const strata = new Map<string, Unit[]>();
  for (const u of unitsOf(items)) {
    let group = strata.get(u.stratum);
    if (!group) strata.set(u.stratum, (group = []));
    group.push(u);
  }
  const keys = [...strata.keys()].sort(byCodeUnits);
  const groups = keys.map((k) => strata.get(k)!);
  const sizes = groups.map((g) => g.reduce((n, u) => n + u.members.length, 0));
  const n = sizes.reduce((a, b) => a + b, 0);
  const tie = keys.map((k) => hash32(`${opts.seed}\u0000tie\u0000${k}`));

  const testTotal = Math.min(n, Math.round(n * opts.test));
  const devTotal = Math.min(n - testTotal, Math.round(n * opts.dev));
  const testCounts = apportion(sizes.map((s) => s * opts.test), sizes, testTotal, tie);
  const devCounts = apportion(
    sizes.map((s) => s * opts.dev),
    sizes.map((s, i) => s - testCounts[i]!),
    devTotal,
    tie,
  );

  groups.forEach((group, i) => {
    const ordered = [...group].sort((a, b) => byCodeUnits(a.id, b.id));
    shuffle(ordered, mulberry32(hash32(`${opts.seed}\u0000${keys[i]}`)));
    let testLeft = testCounts[i]!;
    let devLeft = devCounts[i]!;
    for (const u of ordered) {
      const k = u.members.length;
      const split: Split = k <= testLeft ? 'test' : k <= devLeft ? 'dev' : 'train';
      if (split === 'test') testLeft -= k;
      else if (split === 'dev') devLeft -= k;
      for (const id of u.members) result.set(id, split);
    }
  });
  return result;
}
