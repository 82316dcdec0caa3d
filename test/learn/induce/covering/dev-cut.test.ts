import { describe, expect, test } from 'vitest';
import { bestPerPass, pairedGain } from '../../../../src/learn/induce/covering/dev-cut.js';

describe('the dev cut', () => {
  test('keeps the best prefix of each pass, judging a fallback pass only where earlier passes abstain', () => {
    // Rules A (x, pass 0), B (y, pass 0), C (x, pass 1); texts fire [A], [A, B], [C], [].
    const cut = bestPerPass({
      firings: { docEntries: [0, 1, 3, 4, 4], entryRule: [0, 0, 1, 2] },
      gold: ['x', 'y', 'x', 'z'],
      label: ['x', 'y', 'x'],
      passOf: Int32Array.from([0, 0, 1]),
    });
    // Pass 0: A alone gets 1 of 2 right (B decides nothing: no gain); pass 1: C gets text 2 right.
    expect(cut.kept).toEqual([0, 2]);
    expect(cut.f1).toBeCloseTo(4 / 7, 12);
    expect([...cut.right]).toEqual([1, 0, 1, 0]);
  });

  test('keeps nothing when no prefix gets a text right', () => {
    const cut = bestPerPass({ firings: { docEntries: [0, 1], entryRule: [0] }, gold: ['x'], label: ['y'], passOf: Int32Array.from([0]) });
    expect(cut).toMatchObject({ kept: [], f1: 0 });
  });

  test.each([
    [[1, 1, 0, 0], [1, 0, 1, 1], 1 / Math.sqrt(3)],
    [[1, 0, 1, 1], [1, 1, 0, 0], -1 / Math.sqrt(3)],
    [[1, 0], [1, 0], 0],
    [[0, 0, 0, 0], [1, 1, 1, 1], 2],
  ])('paired gain of %j -> %j is McNemar z %f', (a, b, z) => {
    expect(pairedGain(Uint8Array.from(a), Uint8Array.from(b))).toBeCloseTo(z, 12);
  });
});
