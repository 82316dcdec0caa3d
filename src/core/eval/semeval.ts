import type { MatchMode } from '../schemas/task.js';
import type { SemevalCounts } from './types.js';
import { type Pairing, type SpanLike, indexByStart, newPairing, pairByOverlap, pairIndexed } from './span-pairing.js';

export type SemevalScheme = 'strict' | 'exact' | 'partial' | 'type';

/** Per-prediction outcome under a scheme (0, a new array's fill, is unpaired). */
export const SEM_COR = 1;
const SEM_INC = 2;
export const SEM_PAR = 3;

export function semevalScheme(mode: MatchMode): SemevalScheme | null {
  return mode.startsWith('semeval:') ? (mode.slice(8) as SemevalScheme) : null;
}

export interface SemevalResult {
  pairing: Pairing;
  /** Per prediction: SEM_COR / SEM_INC / SEM_PAR, or 0 when unpaired (spurious). */
  kind: Uint8Array;
  counts: SemevalCounts;
}

/**
 * nervaluate's SemEval-2013 schemes as a one-to-one pairing in two phases.
 * Phase 1 pairs what the scheme calls correct: `strict` same offsets and label; `exact` and
 * `partial` same offsets (same label preferred); `type` overlap with the same label, best IoU
 * first. Phase 2 pairs the remaining overlapping items, best IoU first: a PAR under `partial`,
 * an INC otherwise. Then unpaired predictions are SPU and unpaired gold items MIS. This gives
 * nervaluate's table for its worked example; unlike nervaluate's greedy scan, which pair wins
 * does not depend on list order.
 */
export function pairSemeval(
  scheme: SemevalScheme,
  gold: readonly SpanLike[],
  pred: readonly SpanLike[],
  byStart?: ReadonlyMap<number, readonly number[]>,
): SemevalResult {
  const nG = gold.length;
  const nP = pred.length;
  const p = newPairing(nG, nP);
  const kind = new Uint8Array(nP);
  if (scheme === 'type') {
    pairByOverlap(p, gold, pred, (g, q) => g.label === q.label);
  } else {
    const index = byStart ?? indexByStart(gold);
    const at = (j: number) => index.get(pred[j]!.start);
    pairIndexed(p, nP, at, (i, j) => gold[i]!.end === pred[j]!.end && gold[i]!.label === pred[j]!.label);
    if (scheme !== 'strict') pairIndexed(p, nP, at, (i, j) => gold[i]!.end === pred[j]!.end);
  }
  for (let j = 0; j < nP; j++) if (p.goldOf[j] !== -1) kind[j] = SEM_COR;
  const second = pairByOverlap(p, gold, pred, () => true);
  const k2 = scheme === 'partial' ? SEM_PAR : SEM_INC;
  for (const j of second) kind[j] = k2;
  const counts: SemevalCounts = { cor: 0, inc: 0, par: 0, mis: 0, spu: 0 };
  for (let j = 0; j < nP; j++) {
    const k = kind[j];
    if (k === SEM_COR) counts.cor++;
    else if (k === SEM_INC) counts.inc++;
    else if (k === SEM_PAR) counts.par++;
    else counts.spu++;
  }
  for (let i = 0; i < nG; i++) if (p.predOf[i] === -1) counts.mis++;
  return { pairing: p, kind, counts };
}

/**
 * SemEval counts as tp/fp/fn, so micro F1 = 2tp/(2tp+fp+fn) holds for every scheme:
 * tp = COR + ½PAR, fp = ACT − tp, fn = POS − tp (POS = COR+INC+PAR+MIS, ACT = COR+INC+PAR+SPU).
 * Then precision = tp/ACT and recall = tp/POS, as nervaluate defines them.
 */
export function semevalToCounts(c: SemevalCounts): { tp: number; fp: number; fn: number } {
  const tp = c.cor + 0.5 * c.par;
  return { tp, fp: c.inc + 0.5 * c.par + c.spu, fn: c.inc + 0.5 * c.par + c.mis };
}
