import { RULECHEF_IOU, type Triples } from '../engine/conflicts.js';
import type { ConflictPolicy } from '../schemas/task.js';

/**
 * Who suppressed whom: for each candidate triple of one document (in execution order, as the
 * engine's `applyPolicy` gets them), the rule position whose span made the policy drop it, or -1
 * when it is kept. It follows `applyPolicy` step by step (same passes, same tests), so the kept
 * candidates are exactly the ones `applyPolicy` keeps; a test checks that on random documents.
 * A candidate can be dropped by a span of its own rule (then its own position is returned).
 */
export function suppressors(policy: ConflictPolicy, t: Triples, labelOf: (position: number) => string): Int32Array {
  const n = t.length / 3;
  const by = new Int32Array(n).fill(-1);
  if (n <= 1) return by;
  return policy === 'non_overlapping' ? nonOverlapping(t, by) : rulechef(t, by, labelOf);
}

function rulechef(t: Triples, by: Int32Array, labelOf: (position: number) => string): Int32Array {
  // Pass 1: a span with the offsets of an already inserted one (any label) is skipped.
  const firstWith = new Map<string, number>();
  const inserted: number[] = [];
  for (let i = 0; i < by.length; i++) {
    const key = `${t[3 * i + 1]},${t[3 * i + 2]}`;
    const j = firstWith.get(key);
    if (j !== undefined) by[i] = t[3 * j]!;
    else {
      firstWith.set(key, i);
      inserted.push(i);
    }
  }
  // Pass 2: greedy same-label IoU > 0.7 against the kept ones, first inserted wins.
  const kept: number[] = [];
  for (const i of inserted) {
    const s = t[3 * i + 1]!;
    const e = t[3 * i + 2]!;
    const label = labelOf(t[3 * i]!);
    for (const j of kept) {
      const ks = t[3 * j + 1]!;
      const ke = t[3 * j + 2]!;
      if (ke <= s || e <= ks || labelOf(t[3 * j]!) !== label) continue;
      const inter = Math.min(e, ke) - Math.max(s, ks);
      const union = e - s + (ke - ks) - inter;
      if (union > 0 && inter / union > RULECHEF_IOU) {
        by[i] = t[3 * j]!;
        break;
      }
    }
    if (by[i] === -1) kept.push(i);
  }
  return by;
}

function nonOverlapping(t: Triples, by: Int32Array): Int32Array {
  // The engine's clash test: a kept span starting before s that ends after s, or one starting in [s, e).
  const kept: number[] = [];
  for (let i = 0; i < by.length; i++) {
    const s = t[3 * i + 1]!;
    const e = t[3 * i + 2]!;
    for (const j of kept) {
      const ks = t[3 * j + 1]!;
      const ke = t[3 * j + 2]!;
      if ((ks < s && ke > s) || (ks >= s && ks < e)) {
        by[i] = t[3 * j]!;
        break;
      }
    }
    if (by[i] === -1) kept.push(i);
  }
  return by;
}
