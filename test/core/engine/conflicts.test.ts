import { describe, expect, test } from 'vitest';
import { applyPolicy } from '../../../src/core/engine/conflicts.js';

// Rule positions 0..3 with these labels.
const LABELS = ['PER', 'PER', 'ORG', 'PER'];
const labelOf = (p: number) => LABELS[p]!;
const run = (policy: 'rulechef' | 'non_overlapping', spans: [number, number, number][]) =>
  chunk(applyPolicy(policy, spans.flat(), labelOf, 1000));
const chunk = (t: number[]) => Array.from({ length: t.length / 3 }, (_, i) => t.slice(3 * i, 3 * i + 3));

describe('rulechef conflict policy', () => {
  // [title, candidates (rule, start, end) in execution order, kept]
  test.each<[string, [number, number, number][], number[][]]>([
    ['same offsets, other label: the later is dropped', [[0, 0, 10], [2, 0, 10]], [[0, 0, 10]]],
    ['same label, IoU 0.8: dropped', [[0, 0, 10], [1, 0, 8]], [[0, 0, 10]]],
    ['same label, IoU exactly 0.7: kept (strictly above drops)', [[0, 0, 10], [1, 0, 7]], [[0, 0, 10], [1, 0, 7]]],
    ['other label, IoU 0.9: kept', [[0, 0, 10], [2, 0, 9]], [[0, 0, 10], [2, 0, 9]]],
    ['disjoint: kept', [[0, 0, 5], [1, 5, 10]], [[0, 0, 5], [1, 5, 10]]],
    [
      'an exact duplicate of a span the IoU pass drops stays dropped (two passes)',
      [[0, 0, 10], [1, 0, 9], [2, 0, 9]],
      [[0, 0, 10]],
    ],
    ['the first inserted wins the IoU pass', [[1, 2, 10], [0, 0, 10], [3, 1, 10]], [[1, 2, 10]]],
  ])('%s', (_t, spans, kept) => {
    expect(run('rulechef', spans)).toEqual(kept);
  });

  test('many candidates use the same semantics (set-based exact skip)', () => {
    const spans: [number, number, number][] = [];
    for (let i = 0; i < 40; i++) spans.push([0, i * 10, i * 10 + 5], [2, i * 10, i * 10 + 5]);
    expect(run('rulechef', spans)).toEqual(Array.from({ length: 40 }, (_, i) => [0, i * 10, i * 10 + 5]));
  });
});

describe('non-overlapping conflict policy', () => {
  test.each<[string, [number, number, number][], number[][]]>([
    ['the higher-ordered rule wins an overlap, any label', [[2, 5, 15], [0, 0, 10]], [[2, 5, 15]]],
    ['touching spans do not overlap', [[0, 0, 5], [1, 5, 10]], [[0, 0, 5], [1, 5, 10]]],
    ['a nested span loses', [[0, 0, 20], [1, 5, 10]], [[0, 0, 20]]],
    ['a span between two kept ones fits', [[0, 0, 5], [0, 10, 15], [1, 5, 10], [3, 4, 11]], [[0, 0, 5], [0, 10, 15], [1, 5, 10]]],
  ])('%s', (_t, spans, kept) => {
    expect(run('non_overlapping', spans)).toEqual(kept);
  });
});
