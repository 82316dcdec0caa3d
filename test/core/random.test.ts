import { describe, expect, test } from 'vitest';
import { hash32, mulberry32, shuffle } from '../../src/core/random.js';

describe('seeded randomness', () => {
  test('mulberry32 replays the same sequence for a seed (splits and random test cases depend on it)', () => {
    const r = mulberry32(42);
    expect([r(), r(), r()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
    const a = mulberry32(7);
    const b = mulberry32(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  test.each([
    ['', 2166136261],
    ['a', 3826002220],
    ['foobar', 3214735720],
  ])('hash32(%j) is 32-bit FNV-1a: %i', (s, h) => {
    expect(hash32(s)).toBe(h);
  });

  test('shuffle permutes in place, the same way for the same seed', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(shuffle(items, mulberry32(7))).toBe(items);
    expect(items).toEqual([5, 7, 2, 3, 4, 6, 8, 1]);
  });
});
