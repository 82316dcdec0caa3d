import { describe, expect, test } from 'vitest';
import { screenRedosStatic } from '../../../../src/core/safety/redos.js';
import { groupShapes, numberSlots, shapeCandidates, skeletonOf, slotsOf } from '../../../../src/learn/induce/spans/shape.js';

const spansOf = (label: string, texts: readonly string[]) => texts.map((text) => ({ label, text }));
/** Every shape pattern of every group of the spans. */
const shapes = (label: string, texts: readonly string[]) =>
  groupShapes(spansOf(label, texts))
    .flatMap((g) => shapeCandidates(g, 2))
    .map((c) => c.pattern);

describe('span shapes', () => {
  test.each([
    ['36110/97', 'D P/ D'],
    ['1 November 1998', 'D S W S D'],
    ['EUR 5,000', 'W S D P, D'],
  ])('%j splits into digit, letter, space and punctuation runs: %s', (text, skeleton) => {
    expect(skeletonOf(slotsOf(text))).toBe(skeleton);
  });

  test.each([
    ['$4,500.00', 'P$ N'],
    ['$300', 'P$ N'],
    ['12.5 %', 'N S P%'],
    ['12.03.2001', 'N P. N P. N'],
    ['1.2.3', 'N P. N P. N'],
    ['36110/97', 'N P/ N'],
  ])('read as numbers, %j is %s', (text, skeleton) => {
    expect(skeletonOf(numberSlots(text))).toBe(skeleton);
  });

  test('dates generalise to the data’s own month inventory and digit lengths', () => {
    const spans = spansOf('DATE', ['1 November 1998', '12 March 2001', '30 June 1999', '4 March 1987', '5 June 2003', '9 March 1990', '21 November 2002']);
    const [g] = groupShapes(spans);
    const pats = shapeCandidates(g!, 2).map((c) => c.pattern);
    expect(pats).toContain('(?<!\\d[.,])\\b\\d{1,2} (?:November|March|June) \\d{4}\\b(?![.,]\\d)');
    expect(pats).toContain('(?<!\\d[.,])\\b\\d{1,2} (?:November|March|June) (?:19|20)\\d{2}\\b(?![.,]\\d)');
    expect(pats).toContain('(?<!\\d[.,])\\b\\d{1,2} [A-Z][a-z]{3,7} (?:19|20)\\d{2}\\b(?![.,]\\d)');
    const re = new RegExp(pats[0]!);
    expect(re.test('on 7 June 2004.')).toBe(true);
    expect(re.test('on 7 July 2004.')).toBe(false);
  });

  test('a word seen once is not listed: the slot falls back to its letter-case class', () => {
    const pats = shapes('DATE', ['1 November 1998', '12 March 2001', '30 June 1999', '4 May 1987']);
    expect(pats.some((p) => p.includes('November') || p.includes('March'))).toBe(false);
    expect(pats).toContain('(?<!\\d[.,])\\b\\d{1,2} [A-Z][a-z]{2,7} \\d{4}\\b(?![.,]\\d)');
  });

  test('codes generalise to digit ranges around their separator', () => {
    expect(shapes('CODE', ['36110/97', '8713/03', '45826/99'])).toContain('(?<!\\d[.,])\\b\\d{4,5}\\/\\d{2}\\b(?![.,]\\d)');
  });

  test('groups smaller than the minimum give nothing; long spans are not grouped', () => {
    const groups = groupShapes([{ label: 'X', text: '12/3' }, { label: 'X', text: 'a b c d e f g h i j k l' }]);
    expect(groups).toHaveLength(1);
    expect(shapeCandidates(groups[0]!, 2)).toEqual([]);
  });

  test('amounts of several digit counts, with and without groups and cents, merge into one shape', () => {
    const pats = shapes('MONEY', ['$5', '$12.50', '$300', '$4,500.00']);
    const merged = '\\$\\d+(?:,\\d{3})*(?:\\.\\d+)?\\b(?![.,]\\d)';
    expect(pats).toContain(merged);
    const re = new RegExp(merged, 'g');
    expect('paid $75,000 and $1,250,000.99, not 14 days'.match(re)).toEqual(['$75,000', '$1,250,000.99']);
    expect(screenRedosStatic(merged, '', { source: merged, flags: '', dialect: 'js' }).status).toBe('safe');
  });

  test.each([
    // [spans, a merged shape they give]
    [['1.5 %', '12 %', '0.25 %', '7 %'], '(?<!\\d[.,])\\b\\d{1,2}(?:\\.\\d{1,2})? %'],
    [['1.500,25', '20,5', '300', '4.000'], '(?<!\\d[.,])\\b\\d+(?:\\.\\d{3})*(?:,\\d{1,2})?\\b(?![.,]\\d)'],
    [['2,000', '15,500', '125,000', '1,000,000', '950'], '(?<!\\d[.,])\\b\\d{1,3}(?:,\\d{3})*\\b(?![.,]\\d)'],
  ])('%j merge into %s', (texts, want) => {
    expect(shapes('X', texts)).toContain(want);
  });

  test.each([
    // [spans, text, the only numbers there that a shape of them may find]
    [['$5', '$17', '$300', '$4,500.00', '$12.50'], 'paid $10.5, then $1,250 and $40.', ['$10.5', '$1,250', '$40']],
    [['2,000', '15,500', '125,000', '950'], 'pi is 3.14159, about 1,000.5 or 12,000', ['12,000']],
  ])('no shape of %j takes part of a number in %j: each finds only some of %j', (texts, text, whole) => {
    const pats = shapes('X', texts);
    expect(pats.length).toBeGreaterThan(1);
    for (const p of pats) expect(whole).toEqual(expect.arrayContaining(text.match(new RegExp(p, 'g')) ?? []));
  });

  test('numbers that disagree on their separators are not merged', () => {
    expect(shapes('X', ['1,5', '2.5', '7'])).toEqual([]);
  });
});
