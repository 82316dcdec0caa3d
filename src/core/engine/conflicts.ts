import type { ConflictPolicy } from '../schemas/task.js';

/** RuleChef drops a same-label span whose IoU with a kept one is strictly above this. */
export const RULECHEF_IOU = 0.7;

/**
 * Candidate spans of one document as flat triples (rule position, start, end), in execution
 * order: rules in order, each rule's matches left to right.
 */
export type Triples = number[];

/**
 * Applies a span conflict policy to one document's candidates and returns the kept triples, still
 * in execution order. `labelOf` gives a rule position's label.
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
export function applyPolicy(
  policy: ConflictPolicy,
  triples: Triples,
  labelOf: (position: number) => string,
  textLength: number,
): Triples {
  if (triples.length <= 3) return triples;
  return policy === 'non_overlapping' ? nonOverlapping(triples) : rulechef(triples, labelOf, textLength);
}

function rulechef(t: Triples, labelOf: (position: number) => string, textLength: number): Triples {
  // Pass 1: exact-offset skip against everything inserted so far.
  const inserted: number[] = [];
  if (t.length <= 48) {
    for (let i = 0; i < t.length; i += 3) {
      const s = t[i + 1]!;
      const e = t[i + 2]!;
      let dup = false;
      for (let j = 0; j < inserted.length; j += 3)
        if (inserted[j + 1] === s && inserted[j + 2] === e) {
          dup = true;
          break;
        }
      if (!dup) inserted.push(t[i]!, s, e);
    }
  } else {
    const seen = new Set<number>();
    const width = textLength + 1;
    for (let i = 0; i < t.length; i += 3) {
      const key = t[i + 1]! * width + t[i + 2]!;
      if (seen.has(key)) continue;
      seen.add(key);
      inserted.push(t[i]!, t[i + 1]!, t[i + 2]!);
    }
  }
  // Pass 2: greedy same-label IoU dedup, first inserted wins.
  const kept: number[] = [];
  const keptLabels: string[] = [];
  for (let i = 0; i < inserted.length; i += 3) {
    const s = inserted[i + 1]!;
    const e = inserted[i + 2]!;
    const label = labelOf(inserted[i]!);
    let dup = false;
    for (let j = 0, k = 0; j < kept.length; j += 3, k++) {
      const ks = kept[j + 1]!;
      const ke = kept[j + 2]!;
      if (ke <= s || e <= ks || keptLabels[k] !== label) continue;
      const inter = Math.min(e, ke) - Math.max(s, ks);
      const union = e - s + (ke - ks) - inter;
      if (union > 0 && inter / union > RULECHEF_IOU) {
        dup = true;
        break;
      }
    }
    if (!dup) {
      kept.push(inserted[i]!, s, e);
      keptLabels.push(label);
    }
  }
  return kept;
}

function nonOverlapping(t: Triples): Triples {
  // Kept spans never overlap, so sorted by start they are sorted by end too.
  const starts: number[] = [];
  const ends: number[] = [];
  const keep: boolean[] = [];
  for (let i = 0; i < t.length; i += 3) {
    const s = t[i + 1]!;
    const e = t[i + 2]!;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < s) lo = mid + 1;
      else hi = mid;
    }
    const clash = (lo > 0 && ends[lo - 1]! > s) || (lo < starts.length && starts[lo]! < e);
    keep.push(!clash);
    if (!clash) {
      starts.splice(lo, 0, s);
      ends.splice(lo, 0, e);
    }
  }
  const out: number[] = [];
  for (let i = 0, k = 0; i < t.length; i += 3, k++) if (keep[k]) out.push(t[i]!, t[i + 1]!, t[i + 2]!);
  return out;
}
