import { describe, expect, test } from 'vitest';
import { Deadline } from '../../src/learn/deadline.js';

describe('one deadline for a run', () => {
  test.each<[string, number, number, boolean]>([
    ['at the start, the whole budget', 0, 1000, false],
    ['part way, what is left', 400, 600, false],
    ['at the end, nothing', 1000, 0, true],
    ['past the end, nothing rather than a negative', 5000, 0, true],
  ])('%s', (_what, elapsed, remaining, expired) => {
    let clock = 100;
    const d = new Deadline(1000, () => clock);
    clock += elapsed;
    expect(d.remaining()).toBe(remaining);
    expect(d.expired()).toBe(expired);
  });
});
