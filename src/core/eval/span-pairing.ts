/**
 * One-to-one pairing of gold and predicted spans. Every function fills `goldOf` (per prediction:
 * the paired gold index, or -1) and `predOf` (per gold item: the paired prediction, or -1), and
 * only pairs items that are still unpaired, so phases can be chained.
 */

export interface SpanLike {
  readonly start: number;
  readonly end: number;
  readonly label: string;
}

export interface Pairing {
  goldOf: Int32Array;
  predOf: Int32Array;
}

export function newPairing(nGold: number, nPred: number): Pairing {
  return { goldOf: new Int32Array(nPred).fill(-1), predOf: new Int32Array(nGold).fill(-1) };
}

function link(p: Pairing, g: number, q: number): void {
  p.goldOf[q] = g;
  p.predOf[g] = q;
}

/** Gold item indices by start offset, in gold order. */
export function indexByStart(gold: readonly SpanLike[]): Map<number, number[]> {
  const m = new Map<number, number[]>();
  for (let i = 0; i < gold.length; i++) {
    const list = m.get(gold[i]!.start);
    if (list) list.push(i);
    else m.set(gold[i]!.start, [i]);
  }
  return m;
}

/**
 * Greedy pairing through an index: each prediction, in order, takes the first unpaired gold item
 * among its `candidates` (in gold order) that passes `same`. With exact keys this is a multiset
 * intersection (RuleChef's `_match_entities`), in time linear in the number of predictions.
 */
export function pairIndexed(
  p: Pairing,
  nPred: number,
  candidates: (j: number) => readonly number[] | undefined,
  same: ((i: number, j: number) => boolean) | null,
): void {
  for (let j = 0; j < nPred; j++) {
    if (p.goldOf[j] !== -1) continue;
    const list = candidates(j);
    if (!list) continue;
    for (let k = 0; k < list.length; k++) {
      const i = list[k]!;
      if (p.predOf[i] === -1 && (same === null || same(i, j))) {
        link(p, i, j);
        break;
      }
    }
  }
}

/** Greedy pairing by a predicate: each prediction, in order, takes the first unpaired gold item it passes. */
export function pairByPredicate(p: Pairing, nGold: number, nPred: number, passes: (i: number, j: number) => boolean): void {
  for (let j = 0; j < nPred; j++) {
    if (p.goldOf[j] !== -1) continue;
    for (let i = 0; i < nGold; i++) {
      if (p.predOf[i] === -1 && passes(i, j)) {
        link(p, i, j);
        break;
      }
    }
  }
}

/** Intersection over union of two end-exclusive ranges (0 when they do not overlap). */
export function iou(a: SpanLike, b: SpanLike): number {
  const inter = Math.min(a.end, b.end) - Math.max(a.start, b.start);
  if (inter <= 0) return 0;
  return inter / (a.end - a.start + (b.end - b.start) - inter);
}

/** Gold items sorted by start, with the running maximum of their ends: the overlap search index. */
interface OverlapIndex {
  starts: Int32Array;
  ends: Int32Array;
  /** Gold indices in start order. */
  order: Int32Array;
  /** maxEnd[k] = max end of order[0 .. k]. */
  maxEnd: Int32Array;
}

// Gold lists are scored many times (ranking); the index is kept per list and checked before use.
const overlapIndexes = new WeakMap<readonly SpanLike[], OverlapIndex>();

function overlapIndex(gold: readonly SpanLike[]): OverlapIndex {
  const n = gold.length;
  const hit = overlapIndexes.get(gold);
  if (hit && hit.order.length === n) {
    let same = true;
    for (let i = 0; i < n && same; i++) same = hit.starts[i] === gold[i]!.start && hit.ends[i] === gold[i]!.end;
    if (same) return hit;
  }
  const starts = Int32Array.from(gold, (g) => g.start);
  const ends = Int32Array.from(gold, (g) => g.end);
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => starts[a]! - starts[b]! || a - b);
  const maxEnd = new Int32Array(n);
  for (let k = 0, m = -Infinity; k < n; k++) maxEnd[k] = m = Math.max(m, ends[order[k]!]!);
  const index = { starts, ends, order, maxEnd };
  overlapIndexes.set(gold, index);
  return index;
}

/** Below this many (gold × prediction) pairs a plain scan beats building and searching the index. */
const SCAN_PAIRS = 64;

/**
 * Best-pairs-first pairing over overlapping, still unpaired items: candidates (overlap > 0 and
 * `accept`) are taken by IoU descending, then same label first, then gold index, then prediction
 * index, so the result does not depend on anything but the two lists. Returns the pairs made, in order.
 */
export function pairByOverlap(
  p: Pairing,
  gold: readonly SpanLike[],
  pred: readonly SpanLike[],
  accept: (g: SpanLike, q: SpanLike, iou: number) => boolean,
): number[] {
  const cands: { i: number; j: number; iou: number; same: number }[] = [];
  const consider = (i: number, j: number, q: SpanLike): void => {
    if (p.predOf[i] !== -1) return;
    const g = gold[i]!;
    if (g.start >= q.end || q.start >= g.end) return;
    const v = iou(g, q);
    if (accept(g, q, v)) cands.push({ i, j, iou: v, same: g.label === q.label ? 1 : 0 });
  };
  if (gold.length * pred.length <= SCAN_PAIRS) {
    for (let j = 0; j < pred.length; j++) {
      if (p.goldOf[j] !== -1) continue;
      for (let i = 0; i < gold.length; i++) consider(i, j, pred[j]!);
    }
  } else {
    // Only gold items starting before the prediction ends, from the first whose running end
    // maximum passes its start, can overlap it.
    const { starts, order, maxEnd } = overlapIndex(gold);
    for (let j = 0; j < pred.length; j++) {
      if (p.goldOf[j] !== -1) continue;
      const q = pred[j]!;
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (maxEnd[mid]! > q.start) hi = mid;
        else lo = mid + 1;
      }
      for (let k = lo; k < order.length && starts[order[k]!]! < q.end; k++) consider(order[k]!, j, q);
    }
  }
  if (cands.length === 0) return [];
  if (cands.length > 1) cands.sort((a, b) => b.iou - a.iou || b.same - a.same || a.i - b.i || a.j - b.j);
  const made: number[] = [];
  for (const c of cands) {
    if (p.predOf[c.i] !== -1 || p.goldOf[c.j] !== -1) continue;
    link(p, c.i, c.j);
    made.push(c.j);
  }
  return made;
}
