import { describe, expect, test } from 'vitest';
import { rulesPerLabel } from '../../../src/core/metrics/rules-per-label.js';

describe('rulesPerLabel', () => {
  test.each([
    [['a', 'b', 'c'], ['a', 'a', 'b'], { labels: 3, median: 1, max: 2, most: [{ label: 'a', rules: 2 }, { label: 'b', rules: 1 }] }],
    [['a', 'b', 'c', 'd'], ['a', 'a', 'a', 'b', 'c', 'c'], { labels: 4, median: 1.5, max: 3, most: [{ label: 'a', rules: 3 }, { label: 'c', rules: 2 }, { label: 'b', rules: 1 }] }],
    [['a'], ['z', 'z'], { labels: 2, median: 1, max: 2, most: [{ label: 'z', rules: 2 }] }],
    [[], [], { labels: 0, median: 0, max: 0, most: [] }],
  ])('labels %j with rules of %j: labels without a rule count 0, a label only a rule names counts too', (labels, rules, expected) => {
    expect(rulesPerLabel(labels, rules)).toEqual(expected);
  });

  test('the labels with the most rules tie-break by name and stop at the number asked for', () => {
    expect(rulesPerLabel([], ['b', 'a', 'c', 'c'], 2).most).toEqual([{ label: 'c', rules: 2 }, { label: 'a', rules: 1 }]);
  });
});
