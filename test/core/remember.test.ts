import { describe, expect, test } from 'vitest';
import { remember } from '../../src/core/remember.js';

describe('remember', () => {
  test('returns the value and keeps at most the limit, dropping the oldest first', () => {
    const m = new Map<string, number>();
    expect(remember(m, 'a', 1, 2)).toBe(1);
    remember(m, 'b', 2, 2);
    remember(m, 'c', 3, 2);
    expect([...m]).toEqual([['b', 2], ['c', 3]]);
  });

  test('a key already held is replaced without dropping another', () => {
    const m = new Map([['a', 1], ['b', 2]]);
    remember(m, 'a', 9, 2);
    expect(Object.fromEntries(m)).toEqual({ a: 9, b: 2 });
  });
});
