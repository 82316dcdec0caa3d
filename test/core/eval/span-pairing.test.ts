import { describe, expect, test } from 'vitest';
import { iou, newPairing, pairByOverlap, type SpanLike } from '../../../src/core/eval/span-pairing.js';
import { mulberry32 } from '../../../src/core/random.js';

/** The definition: every unpaired overlapping pair that passes, best IoU, then same label, then gold, then prediction index first. */
function reference(gold: readonly SpanLike[], pred: readonly SpanLike[], accept: (g: SpanLike, q: SpanLike, v: number) => boolean) {
  const p = newPairing(gold.length, pred.length);
  const cands: [number, number, number, number][] = [];
  gold.forEach((g, i) =>
    pred.forEach((q, j) => {
      if (g.start < q.end && q.start < g.end && accept(g, q, iou(g, q))) cands.push([i, j, iou(g, q), g.label === q.label ? 1 : 0]);
    }),
  );
  cands.sort((a, b) => b[2] - a[2] || b[3] - a[3] || a[0] - b[0] || a[1] - b[1]);
  const made: number[] = [];
  for (const [i, j] of cands) {
    if (p.predOf[i] !== -1 || p.goldOf[j] !== -1) continue;
    p.predOf[i] = j;
    p.goldOf[j] = i;
    made.push(j);
  }
  return { goldOf: [...p.goldOf], made };
}

function randomSpans(r: () => number, n: number): SpanLike[] {
  return Array.from({ length: n }, () => {
    const start = Math.floor(r() * 200);
    return { start, end: start + 1 + Math.floor(r() * (r() < 0.1 ? 60 : 12)), label: 'ABC'[Math.floor(r() * 3)]! };
  });
}

describe('best-pairs-first overlap pairing', () => {
  test('equals the definition on random lists, small (scanned) and large (indexed)', () => {
    const accepts = [() => true, (g: SpanLike, q: SpanLike, v: number) => g.label === q.label && v >= 0.5];
    for (let seed = 0; seed < 300; seed++) {
      const r = mulberry32(seed);
      const gold = randomSpans(r, Math.floor(r() * 40));
      const pred = randomSpans(r, Math.floor(r() * 40));
      for (const accept of accepts) {
        const p = newPairing(gold.length, pred.length);
        const made = pairByOverlap(p, gold, pred, accept);
        expect({ goldOf: [...p.goldOf], made }, `seed ${seed}`).toEqual(reference(gold, pred, accept));
      }
    }
  });

  test('a gold list changed in place between calls is searched as it is now', () => {
    const gold: SpanLike[] = Array.from({ length: 20 }, (_, i) => ({ start: 10 * i, end: 10 * i + 5, label: 'A' }));
    const pred: SpanLike[] = Array.from({ length: 10 }, (_, i) => ({ start: 20 * i, end: 20 * i + 5, label: 'A' }));
    pairByOverlap(newPairing(gold.length, pred.length), gold, pred, () => true);
    gold[3] = { start: 500, end: 505, label: 'A' };
    const moved: SpanLike[] = [...pred, { start: 500, end: 505, label: 'A' }];
    const p = newPairing(gold.length, moved.length);
    const made = pairByOverlap(p, gold, moved, () => true);
    expect({ goldOf: [...p.goldOf], made }).toEqual(reference(gold, moved, () => true));
    expect(p.goldOf[10]).toBe(3);
  });
});
