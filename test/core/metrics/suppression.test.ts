import { describe, expect, test } from 'vitest';
import { applyPolicy } from '../../../src/core/engine/conflicts.js';
import { suppressors } from '../../../src/core/metrics/suppression.js';
import { mulberry32 } from '../../../src/core/random.js';

const labels = ['A', 'B', 'A', 'C', 'B', 'A'];
const labelOf = (p: number) => labels[p]!;

/** Random candidates in execution order: rules ascending, each rule's spans left to right, not overlapping. */
function randomTriples(seed: number): number[] {
  const r = mulberry32(seed);
  const t: number[] = [];
  for (let p = 0; p < labels.length; p++) {
    let at = Math.floor(r() * 4);
    while (at < 40 && r() < 0.7) {
      const len = 1 + Math.floor(r() * 8);
      t.push(p, at, at + len);
      at += len + Math.floor(r() * 5);
    }
  }
  return t;
}

describe('suppressors', () => {
  test.each(['rulechef', 'non_overlapping'] as const)('keeps exactly what the engine policy %s keeps, on random documents', (policy) => {
    for (let seed = 0; seed < 400; seed++) {
      const t = randomTriples(seed);
      const by = suppressors(policy, t, labelOf);
      const kept: number[] = [];
      by.forEach((q, i) => {
        if (q === -1) kept.push(t[3 * i]!, t[3 * i + 1]!, t[3 * i + 2]!);
      });
      expect(kept, `seed ${seed}`).toEqual(applyPolicy(policy, t, labelOf, 50));
    }
  });

  test.each([
    // rulechef: same offsets, any label → the first inserted suppresses
    ['rulechef', [0, 0, 5, 1, 0, 5], [-1, 0]],
    // rulechef: same label, IoU 0.8 > 0.7
    ['rulechef', [0, 0, 10, 2, 0, 8], [-1, 0]],
    // rulechef: different label overlapping is kept
    ['rulechef', [0, 0, 10, 1, 0, 8], [-1, -1]],
    // non_overlapping: any overlap loses to the earlier rule
    ['non_overlapping', [0, 0, 10, 1, 9, 12], [-1, 0]],
  ] as const)('%s: %j → %j', (policy, t, want) => {
    expect([...suppressors(policy, [...t], labelOf)]).toEqual(want);
  });
});
