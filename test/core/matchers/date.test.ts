import { describe, expect, test } from 'vitest';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';
import { parseDate } from '../../../src/core/matchers/parse-date.js';

const dayFirst = { dayFirst: true, pivot: 50 };

describe('parseDate', () => {
  test.each([
    ['25/12/2018', '2018-12-25'],
    ['12-01-19', '2019-01-12'],
    ['23-01-2019', '2019-01-23'],
    ['18/03/18', '2018-03-18'],
    ['05 MAR 2018', '2018-03-05'],
    ['5/3/2018', '2018-03-05'],
    ['28 MAR 18', '2018-03-28'],
    ['24-MAR-2018', '2018-03-24'],
    ['02/JAN/2017', '2017-01-02'],
    ['2018-03-23', '2018-03-23'],
    ['20180304', '2018-03-04'],
    ['25032018', '2018-03-25'],
    ['2018/02/22', '2018-02-22'],
    ['11.02.18', '2018-02-11'],
    ['(06/12/2016)', '2016-12-06'],
    ['OCT 3, 2016', '2016-10-03'],
    ['JAN 18, 2018', '2018-01-18'],
    ['18 January 2018', '2018-01-18'],
    ['2018-01-18', '2018-01-18'],
    ['18th of January 2018', '2018-01-18'],
    ['Monday, 18 January 2018', '2018-01-18'],
    ['25/12/2018 14:05', '2018-12-25'],
    ['12/25/2018', '2018-12-25'], // only the month-first reading is a real date
    ['29/02/2019', null], // not a leap year
    ['31/04/2018', null],
    ['01/01/99', '1999-01-01'],
    ['hello', null],
    ['', null],
  ])('%j is %j', (text, iso) => {
    expect(parseDate(text, dayFirst)).toBe(iso);
  });

  test('month-first when day_first is off', () => {
    expect(parseDate('01/02/2018', { dayFirst: false, pivot: 50 })).toBe('2018-01-02');
    expect(parseDate('01/02/2018', dayFirst)).toBe('2018-02-01');
  });
});

describe('date matcher', () => {
  const reg = createMatcherRegistry();
  test.each([
    [{}, '25/12/2018', '2018-12-25', true],
    [{}, 'JAN 18, 2018', '18 January 2018', true],
    [{}, '01/02/2018', '2018-02-01', true],
    [{ day_first: false }, '01/02/2018', '2018-02-01', false],
    [{}, '25/12/2018', '26/12/2018', false],
    [{}, '25/12/2018', 'soon', false],
  ])('options %j: %j vs %j passes: %s', (options, gold, predicted, passed) => {
    expect(reg.resolve({ name: 'date', options }).match(gold, predicted, {}).passed).toBe(passed);
  });

  test('says which side could not be read', () => {
    expect(reg.resolve('date').match('soon', '2018-01-01', {}).reason).toMatch(/gold "soon" is not a date/);
  });
});
