import { describe, expect, test } from 'vitest';
import { NONE, orNone } from '../../src/core/none.js';

describe('orNone', () => {
  test.each([
    ['null', null, NONE],
    ['undefined', undefined, NONE],
    ['NaN', Number.NaN, NONE],
    ['an infinity', Number.POSITIVE_INFINITY, NONE],
    ['zero', 0, '0.000'],
    ['a ratio', 0.5, '0.500'],
  ])('%s shows as %j', (_what, v, shown) => {
    expect(orNone(v, (x) => x.toFixed(3))).toBe(shown);
  });

  test('a missing value is one en dash everywhere', () => {
    expect(NONE).toBe('–');
  });
});
