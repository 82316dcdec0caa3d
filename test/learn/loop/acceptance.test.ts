import { describe, expect, test } from 'vitest';
import { judgeChange } from '../../../src/learn/loop/acceptance.js';

const m = (precision: number | null, recall: number | null, f1: number | null) => ({ precision, recall, f1 });

describe('judgeChange', () => {
  test.each([
    ['F1 rises', m(0.8, 0.5, 0.615), m(0.8, 0.6, 0.686), true, /dev F1 0.615 → 0.686 \(rose\)/],
    ['from nothing to something', m(null, 0, null), m(1, 0.2, 0.333), true, /dev F1 n\/a → 0.333 \(rose\)/],
    ['F1 falls', m(0.8, 0.6, 0.686), m(0.7, 0.6, 0.646), false, /no gain/],
    ['F1 unchanged', m(0.8, 0.6, 0.686), m(0.8, 0.6, 0.686), false, /no gain/],
    ['precision rises, recall falls within the tolerance', m(0.8, 0.6, 0.686), m(0.9, 0.595, 0.684), true, /precision 0.800 → 0.900 rose with recall 0.600 → 0.595 within the tolerance of 0.01/],
    ['precision rises, recall falls too far', m(0.8, 0.6, 0.686), m(0.9, 0.55, 0.683), false, /no gain/],
    ['nothing to judge on', m(null, null, null), m(null, null, null), false, /no gain/],
  ])('%s', (_, before, after, accepted, reason) => {
    const j = judgeChange(before, after);
    expect(j.accepted).toBe(accepted);
    expect(j.reason).toMatch(reason);
  });

  test('the tolerance and the split named are configurable', () => {
    const j = judgeChange(m(0.8, 0.6, 0.686), m(0.9, 0.55, 0.683), { minF1Gain: 1e-9, recallTolerance: 0.1 }, 'train');
    expect(j).toEqual({ accepted: true, reason: expect.stringMatching(/^train precision/) });
  });
});
