import { describe, expect, test } from 'vitest';
import { digitRange, numberSource, parseNumber } from '../../../../src/learn/induce/spans/numbers.js';
import { numberOf } from '../../../../src/learn/induce/spans/shape.js';

const parse = (text: string) => parseNumber(text.split(/[,.]/), text.match(/[,.]/g) ?? []);

describe('numbers', () => {
  test.each([
    ['300', { lead: '300', groupSep: null, groups: 0, decimalSep: null, decimals: '' }],
    ['12.50', { lead: '12', groupSep: null, groups: 0, decimalSep: '.', decimals: '50' }],
    ['4,500', { lead: '4', groupSep: ',', groups: 1, decimalSep: null, decimals: '' }],
    ['1,250,000.99', { lead: '1', groupSep: ',', groups: 2, decimalSep: '.', decimals: '99' }],
    ['1.500,25', { lead: '1', groupSep: '.', groups: 1, decimalSep: ',', decimals: '25' }],
    ['1234.567', { lead: '1234', groupSep: null, groups: 0, decimalSep: '.', decimals: '567' }],
    ['12.03.2001', null],
    ['1.2.3', null],
    ['1234,567,890', null],
  ])('%j reads as %j', (text, want) => {
    expect(parse(text)).toEqual(want);
  });

  test.each([
    [[4, 4, 4, 4], '\\d{4}'],
    [[4, 4], '\\d+'],
    [[1, 2], '\\d{1,2}'],
    [[1, 2, 3], '\\d+'],
    [[2, 3, 5], '\\d{2,}'],
  ])('digit counts %j give %s', (lengths, want) => {
    expect(digitRange(lengths)).toBe(want);
  });

  test.each([
    [['5', '12.50', '300', '4,500.00'], '\\d+(?:,\\d{3})*(?:\\.\\d+)?'],
    [['12.50', '3.99', '100.00', '7.25'], '\\d+\\.\\d{2}'],
    [['2,000', '15,500'], '\\d{1,3}(?:,\\d{3})*'],
    [['1,5', '2.5'], null],
  ])('the numbers %j give %s', (values, want) => {
    expect(numberSource(values.map((v) => numberOf(v)!))).toBe(want);
  });
});
