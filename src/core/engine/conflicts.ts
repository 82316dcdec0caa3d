import type { ConflictPolicy } from '../schemas/task.js';
import { lowerBound } from '../lower-bound.js';

/** RuleChef drops a same-label span whose IoU with a kept one is strictly above this. */
export const RULECHEF_IOU = 0.7;

/**
 * Candidate spans of one document as flat triples (rule position, start, end), in execution
 * order: rules in order, each rule's matches left to right.
 */
export type Triples = number[];

/**
 * One document's candidate spans as parallel arrays, indexed by candidate, in execution order.
 * `label` holds small integers standing for the labels: equal labels, equal ids.
 */
export interface CandidateArrays {
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly label: Int32Array;
}

// Scratch space of the policies, reused across calls (the engine is synchronous and not re-entrant).
let scratchA = new Int32Array(64);
let scratchB = new Int32Array(64);
const seenOffsets = new Set<number>();

function ensureScratch(n: number): void {
  if (scratchA.length >= n) return;
  const size = Math.max(n, 2 * scratchA.length);
  scratchA = new Int32Array(size);
  scratchB = new Int32Array(size);
}

/**
 * Applies a span conflict policy to the candidates `sel[0 .. n)` (indices into `c`, in execution
 * order), writes the kept ones, still in order, to `out` and returns how many there are. `out`
 * must hold `n` values and must not be `sel`.
 *
 * `rulechef` reproduces RuleChef's two passes exactly: first, while rules run, a span is skipped
 * when an already INSERTED span (any label, kept later or not) has the same offsets; then one
 * greedy pass in insertion order drops a span whose IoU with an already KEPT span of the same
 * label is > 0.7. The passes are not one: an exact duplicate of a span that the IoU pass later
 * drops stays dropped too.
 *
 * `non_overlapping`: a span is kept only if it overlaps no kept span of any label, so the
 * higher-ordered rule (then the earlier match) wins.
 */
export function keepCandidates(
  policy: ConflictPolicy,
  c: CandidateArrays,
  sel: ArrayLike<number>,
  n: number,
  textLength: number,
  out: Int32Array,
): number {
  if (n <= 1) {
    if (n === 1) out[0] = sel[0]!;
    return n;
  }
  ensureScratch(n);
  return policy === 'non_overlapping' ? nonOverlapping(c, sel, n, out) : rulechef(c, sel, n, textLength, out);
}

function rulechef(c: CandidateArrays, sel: ArrayLike<number>, n: number, textLength: number, out: Int32Array): number {
  const { start, end, label } = c;
  // Pass 1: exact-offset skip against everything inserted so far.
  const inserted = scratchA;
  let m = 0;
  if (n <= 16) {
    for (let a = 0; a < n; a++) {
      const i = sel[a]!;
      const s = start[i]!;
      const e = end[i]!;
      let dup = false;
      for (let b = 0; b < m; b++) {
        const j = inserted[b]!;
        if (start[j] === s && end[j] === e) {
          dup = true;
          break;
        }
      }
      if (!dup) inserted[m++] = i;
    }
  } else {
    const width = textLength + 1;
    seenOffsets.clear();
    for (let a = 0; a < n; a++) {
      const i = sel[a]!;
      const key = start[i]! * width + end[i]!;
      if (seenOffsets.has(key)) continue;
      seenOffsets.add(key);
      inserted[m++] = i;
    }
  }
  // Pass 2: greedy same-label IoU dedup, first inserted wins.
  let k = 0;
  for (let a = 0; a < m; a++) {
    const i = inserted[a]!;
    const s = start[i]!;
    const e = end[i]!;
    const l = label[i]!;
    let dup = false;
    for (let b = 0; b < k; b++) {
      const j = out[b]!;
      const ks = start[j]!;
      const ke = end[j]!;
      if (ke <= s || e <= ks || label[j] !== l) continue;
      const inter = Math.min(e, ke) - Math.max(s, ks);
      const union = e - s + (ke - ks) - inter;
      if (union > 0 && inter / union > RULECHEF_IOU) {
        dup = true;
        break;
      }
    }
    if (!dup) out[k++] = i;
  }
  return k;
}

function nonOverlapping(c: CandidateArrays, sel: ArrayLike<number>, n: number, out: Int32Array): number {
  const { start, end } = c;
  // Kept spans never overlap, so sorted by start they are sorted by end too.
  const starts = scratchA;
  const ends = scratchB;
  let len = 0;
  let k = 0;
  for (let a = 0; a < n; a++) {
    const i = sel[a]!;
    const s = start[i]!;
    const e = end[i]!;
    const lo = lowerBound(starts, s, len);
    if ((lo > 0 && ends[lo - 1]! > s) || (lo < len && starts[lo]! < e)) continue;
    starts.copyWithin(lo + 1, lo, len);
    ends.copyWithin(lo + 1, lo, len);
    starts[lo] = s;
    ends[lo] = e;
    len++;
    out[k++] = i;
  }
  return k;
}

/**
 * Applies a span conflict policy to one document's candidates and returns the kept triples, still
 * in execution order. `labelOf` gives a rule position's label. See `keepCandidates`.
 */
export function applyPolicy(
  policy: ConflictPolicy,
  triples: Triples,
  labelOf: (position: number) => string,
  textLength: number,
): Triples {
  if (triples.length <= 3) return triples;
  const n = triples.length / 3;
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const label = new Int32Array(n);
  const sel = new Int32Array(n);
  const ids = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    start[i] = triples[3 * i + 1]!;
    end[i] = triples[3 * i + 2]!;
    const l = labelOf(triples[3 * i]!);
    let id = ids.get(l);
    if (id === undefined) ids.set(l, (id = ids.size));
    label[i] = id;
    sel[i] = i;
  }
  const out = new Int32Array(n);
  const k = keepCandidates(policy, { start, end, label }, sel, n, textLength, out);
  const kept: Triples = [];
  for (let a = 0; a < k; a++) {
    const i = out[a]!;
    kept.push(triples[3 * i]!, triples[3 * i + 1]!, triples[3 * i + 2]!);
  }
  return kept;
}

/**
 * A conflict policy's view of one document's candidates, computed once so that many subsets of
 * them resolve in time linear in the subset: equal-offset classes (RuleChef's exact skip) and, per
 * candidate, the candidates it clashes with (`rulechef`: same label and IoU > 0.7; `non_overlapping`:
 * any overlap). Both relations are symmetric, so "clashes with a span kept so far" is the policy's
 * test whichever came first.
 */
export interface CandidateRelations {
  readonly policy: ConflictPolicy;
  /** Per candidate: its offsets' class (equal start and end, equal class; classes < n). */
  readonly offsetClass: Int32Array;
  /** The candidates candidate i clashes with: `clash[clashStart[i] .. clashStart[i + 1])`. */
  readonly clashStart: Int32Array;
  readonly clash: Int32Array;
  /** Epoch stamps of `keepRelated` (kept candidates, inserted offset classes). */
  readonly keptAt: Int32Array;
  readonly insertedAt: Int32Array;
  epoch: number;
}

/**
 * The relations of the candidates `0 .. n)` under `policy`, or null when the fast resolution does
 * not apply (an empty span under `non_overlapping`, where only the sorted-insertion test is exact).
 */
export function relateCandidates(policy: ConflictPolicy, c: CandidateArrays, n: number): CandidateRelations | null {
  const { start, end, label } = c;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((x, y) => start[x]! - start[y]! || end[x]! - end[y]! || x - y);
  const offsetClass = new Int32Array(n);
  let cls = -1;
  for (let a = 0; a < n; a++) {
    const i = order[a]!;
    if (policy === 'non_overlapping' && end[i]! <= start[i]!) return null;
    const prev = a > 0 ? order[a - 1]! : -1;
    if (prev < 0 || start[prev] !== start[i] || end[prev] !== end[i]) cls++;
    offsetClass[i] = cls;
  }
  // Candidate pairs that overlap at all, found by a sweep over the start order; then the policy's test.
  const pairs: number[] = [];
  const degree = new Int32Array(n + 1);
  for (let a = 0; a < n; a++) {
    const i = order[a]!;
    const s = start[i]!;
    const e = end[i]!;
    for (let b = a + 1; b < n; b++) {
      const j = order[b]!;
      const ks = start[j]!;
      if (ks >= e) break;
      const ke = end[j]!;
      let clash: boolean;
      if (policy === 'non_overlapping') clash = ks < e && s < ke;
      else if (ke <= s || e <= ks || label[j] !== label[i]) clash = false;
      else {
        const inter = Math.min(e, ke) - Math.max(s, ks);
        const union = e - s + (ke - ks) - inter;
        clash = union > 0 && inter / union > RULECHEF_IOU;
      }
      if (clash) {
        pairs.push(i, j);
        degree[i]!++;
        degree[j]!++;
      }
    }
  }
  const clashStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) clashStart[i + 1] = clashStart[i]! + degree[i]!;
  const fill = clashStart.slice(0, n);
  const clash = new Int32Array(pairs.length);
  for (let k = 0; k < pairs.length; k += 2) {
    const i = pairs[k]!;
    const j = pairs[k + 1]!;
    clash[fill[i]!++] = j;
    clash[fill[j]!++] = i;
  }
  return { policy, offsetClass, clashStart, clash, keptAt: new Int32Array(n), insertedAt: new Int32Array(n), epoch: 0 };
}

/**
 * `keepCandidates` through precomputed relations: the same kept candidates, in the same order.
 * RuleChef's two passes fuse into one, as each only looks at candidates before the current one:
 * a candidate is skipped when its offsets were inserted before, else inserted, and kept unless it
 * clashes with a candidate kept so far.
 */
export function keepRelated(rel: CandidateRelations, sel: ArrayLike<number>, n: number, out: Int32Array): number {
  const epoch = ++rel.epoch;
  const { offsetClass, clashStart, clash, keptAt, insertedAt } = rel;
  const exactSkip = rel.policy === 'rulechef';
  let k = 0;
  for (let a = 0; a < n; a++) {
    const i = sel[a]!;
    if (exactSkip) {
      const cls = offsetClass[i]!;
      if (insertedAt[cls] === epoch) continue;
      insertedAt[cls] = epoch;
    }
    let dup = false;
    for (let x = clashStart[i]!, y = clashStart[i + 1]!; x < y; x++)
      if (keptAt[clash[x]!] === epoch) {
        dup = true;
        break;
      }
    if (dup) continue;
    keptAt[i] = epoch;
    out[k++] = i;
  }
  return k;
}
