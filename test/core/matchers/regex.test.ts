import { describe, expect, test } from 'vitest';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';

const reg = createMatcherRegistry();

describe('regex matcher', () => {
  test.each([
    [{ pattern: '\\d+\\.\\d{2}' }, 'ignored', '9.00', true],
    [{ pattern: '\\d+\\.\\d{2}' }, 'ignored', 'RM 9.00', false], // anchored by default
    [{ pattern: '\\d+\\.\\d{2}', full: false }, 'ignored', 'RM 9.00', true],
    [{ pattern: 'sdn bhd', flags: 'i', full: false }, '', 'ABC SDN BHD', true],
    [{}, 'R[0-9]+', 'R42', true], // gold is the pattern
    [{}, 'R[0-9]+', 'X42', false],
    [{ pattern: '[A-Z]+', check_gold: true }, 'abc', 'ABC', false],
  ])('options %j: gold %j, predicted %j passes: %s', (options, gold, predicted, passed) => {
    expect(reg.resolve({ name: 'regex', options }).match(gold, predicted, {}).passed).toBe(passed);
  });

  test('a pattern that does not compile is a bad-input error at resolve time', () => {
    expect(() => reg.resolve({ name: 'regex', options: { pattern: '(' } })).toThrow(/regex does not compile/);
  });
});
