import { describe, expect, test } from 'vitest';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';

const reg = createMatcherRegistry();
const set = (options: Record<string, unknown> = {}) => reg.resolve({ name: 'set_match', options });

describe('set_match matcher', () => {
  test.each([
    // gold, predicted, options, passed, score (F1), precision, recall
    [['a', 'b', 'c'], ['c', 'b', 'a'], {}, true, 1, 1, 1],
    [['a', 'b', 'c'], ['a', 'b'], {}, false, 0.8, 1, 2 / 3],
    [['a', 'b'], ['a', 'b', 'x'], {}, false, 0.8, 2 / 3, 1],
    [['a', 'b'], ['a', 'b', 'x'], { threshold: 0.8 }, true, 0.8, 2 / 3, 1],
    [['a', 'a'], ['a'], {}, false, 2 / 3, 1, 0.5], // a multiset: one "a" is still missing
    [[], [], {}, true, 1, null, null],
    [['a'], [], {}, false, 0, null, 0],
    ['a, b', 'b,a', { separator: ',' }, true, 1, 1, 1],
    [['Paris', 'Rome'], ['paris', 'ROME'], { item: 'normalized' }, true, 1, 1, 1],
  ])('%j vs %j (%j): passed %s, F1 %d', (gold, predicted, options, passed, f1, precision, recall) => {
    const v = set(options).match(gold, predicted, {});
    expect(v.passed).toBe(passed);
    expect(v.score).toBeCloseTo(f1, 12);
    const near = (x: number | null) => (x === null ? null : expect.closeTo(x, 12));
    expect(v.details).toMatchObject({ precision: near(precision), recall: near(recall) });
  });

  test('lists the missing and extra items', () => {
    const v = set().match(['a', 'b', 'c'], ['b', 'x'], {});
    expect(v.details).toMatchObject({ missing: ['a', 'c'], extra: ['x'] });
    expect(v.reason).toBe('1 of 3 gold items found, 1 extra (F1 0.400); missing "a", "c"; extra "x"');
  });

  test('compares whole collections', () => {
    expect(set().collection).toBe(true);
  });

  test('matchAsync gives the same verdict', async () => {
    const v = await set({ item: 'normalized' }).matchAsync(['A', 'b', 'c'], ['a', 'x'], {});
    expect(v).toEqual(set({ item: 'normalized' }).match(['A', 'b', 'c'], ['a', 'x'], {}));
  });
});
