import { expect, test } from 'vitest';
import { fmt, fmtMs } from '../../src/cli/output.js';

test.each([
  [3.6, '3.6 ms'],
  [0, '0.0 ms'],
  [9.94, '9.9 ms'],
  [10, '10 ms'],
  [1353.4, '1,353 ms'],
  [9112.3, '9,112 ms'],
])('a duration of %d ms reads %j', (ms, text) => {
  expect(fmtMs(ms)).toBe(text);
});

test.each([
  [null, '–'],
  [1234, '1,234'],
  [0.5, '0.500'],
  [['a', 'b'], 'a, b'],
])('%j formats as %j', (v, text) => {
  expect(fmt(v)).toBe(text);
});
