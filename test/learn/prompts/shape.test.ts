import { describe, expect, test } from 'vitest';
import { compressedShape, exactShape } from '../../../src/learn/prompts/shape.js';

describe('span shapes', () => {
  test.each([
    ['Jan 3, 2021', 'Aaa 9, 9999', 'Aa+ 9, 9+'],
    ['12/03/2020', '99/99/9999', '9+/9+/9+'],
    ['€1,250.00', '€9,999.99', '€9,9+.9+'],
    ['Ünïcödé  x', 'Aaaaaaa  a', 'Aa+ a'],
    ['A-1', 'A-9', 'A-9'],
    ['', '', ''],
  ])('%j → exact %j, compressed %j', (text, exact, compressed) => {
    expect(exactShape(text)).toBe(exact);
    expect(compressedShape(text)).toBe(compressed);
  });
});
