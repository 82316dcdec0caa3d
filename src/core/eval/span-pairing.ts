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
  for (let j = 0; j < pred.length; j++) {
    if (p.goldOf[j] !== -1) continue;
    const q = pred[j]!;
    for (let i = 0; i < gold.length; i++) {
      if (p.predOf[i] !== -1) continue;
      const g = gold[i]!;
      if (g.start >= q.end || q.start >= g.end) continue;
      const v = iou(g, q);
      if (accept(g, q, v)) cands.push({ i, j, iou: v, same: g.label === q.label ? 1 : 0 });
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
