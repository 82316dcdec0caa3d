import { describe, expect, test } from 'vitest';
import type { Example } from '../../src/core/schemas/example.js';
import { atRate, perLabelClasses, perLabelSpans } from './learning/draws.js';

const rows = (label: string, n: number): Example[] => Array.from({ length: n }, (_, i) => ({ id: `${label}-${String(i).padStart(3, '0')}`, text: `${label} ${i}`, label }) as Example);
const pool = [...rows('a', 40), ...rows('b', 12), ...rows('c', 3)];

describe('drawn benchmark sets', () => {
  test.each([5, 10, 25])('%i per label: each label gets that many (all of a smaller one), said for the short ones', (n) => {
    const { train, short } = perLabelClasses(pool, ['a', 'b', 'c'], n);
    for (const [label, size] of [['a', 40], ['b', 12], ['c', 3]] as const) expect(train.filter((e) => e.label === label)).toHaveLength(Math.min(n, size));
    expect(short).toEqual([...(n > 12 ? ['b 12'] : []), 'c 3']);
    expect(train.every((e) => e.split === 'train')).toBe(true);
  });

  test('draws are seeded by id, not by row order, and a larger draw extends a smaller one', () => {
    const small = perLabelClasses(pool, ['a', 'b'], 5).train.map((e) => e.id);
    const again = perLabelClasses([...pool].reverse(), ['a', 'b'], 5).train.map((e) => e.id);
    const large = perLabelClasses(pool, ['a', 'b'], 10).train.map((e) => e.id);
    expect(again).toEqual(small);
    for (const id of small) expect(large).toContain(id);
  });

  test('span draws keep about n examples of each label and of texts with no span', () => {
    const span = (id: string, labels: string[]): Example => ({ id, text: 'x y', spans: labels.map((label) => ({ start: 0, end: 1, label })) }) as Example;
    const spans = [...Array.from({ length: 30 }, (_, i) => span(`p${i}`, ['P'])), ...Array.from({ length: 30 }, (_, i) => span(`q${i}`, i % 2 ? ['P', 'Q'] : ['Q'])), ...Array.from({ length: 30 }, (_, i) => span(`n${i}`, []))];
    const drawn = perLabelSpans(spans, 5);
    const has = (l: string) => drawn.filter((e) => e.spans!.some((s) => s.label === l)).length;
    expect(has('P')).toBeGreaterThanOrEqual(5);
    expect(has('Q')).toBeGreaterThanOrEqual(5);
    expect(drawn.filter((e) => !e.spans!.length)).toHaveLength(5);
  });

  test.each([0.05, 0.13, 0.3])('a skewed set at %f positive, relabelled, capped in size', (rate) => {
    const set = atRate(rows('pos', 300), rows('neg', 2000), rate, { positive: 'yes', negative: 'other' }, 1000);
    const pos = set.filter((e) => e.label === 'yes').length;
    expect(set.length).toBeLessThanOrEqual(1001);
    expect(Math.abs(pos / set.length - rate)).toBeLessThan(0.005);
    expect(new Set(set.map((e) => e.label))).toEqual(new Set(['yes', 'other']));
  });
});
