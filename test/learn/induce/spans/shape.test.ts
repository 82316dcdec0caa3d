import { describe, expect, test } from 'vitest';
import { groupShapes, shapeCandidates, skeletonOf, slotsOf } from '../../../../src/learn/induce/spans/shape.js';

describe('span shapes', () => {
  test('a span splits into digit, letter, space and punctuation runs', () => {
    expect(skeletonOf(slotsOf('36110/97'))).toBe('D P/ D');
    expect(skeletonOf(slotsOf('1 November 1998'))).toBe('D S W S D');
    expect(skeletonOf(slotsOf('EUR 5,000'))).toBe('W S D P, D');
  });

  test('dates generalise to the data’s own month inventory and digit lengths', () => {
    const spans = ['1 November 1998', '12 March 2001', '30 June 1999', '4 March 1987', '5 June 2003', '9 March 1990'].map((text) => ({ label: 'DATE', text }));
    const [g] = groupShapes(spans);
    const pats = shapeCandidates(g!, 2).map((c) => c.pattern);
    expect(pats).toContain('\\b\\d{1,2} (?:November|March|June) \\d{4}\\b');
    expect(pats).toContain('\\b\\d{1,2} (?:November|March|June) (?:19|20)\\d{2}\\b');
    expect(pats).toContain('\\b\\d{1,2} [A-Z][a-z]{3,7} (?:19|20)\\d{2}\\b');
    const re = new RegExp(pats[0]!);
    expect(re.test('on 7 June 2004.')).toBe(true);
    expect(re.test('on 7 July 2004.')).toBe(false);
  });

  test('codes generalise to digit ranges around their separator', () => {
    const [g] = groupShapes(['36110/97', '8713/03', '45826/99'].map((text) => ({ label: 'CODE', text })));
    expect(shapeCandidates(g!, 2).map((c) => c.pattern)).toContain('\\b\\d{4,5}\\/\\d{2}\\b');
  });

  test('groups smaller than the minimum give nothing; long spans are not grouped', () => {
    const groups = groupShapes([{ label: 'X', text: '12/3' }, { label: 'X', text: 'a b c d e f g h i j k l' }]);
    expect(groups).toHaveLength(1);
    expect(shapeCandidates(groups[0]!, 2)).toEqual([]);
  });
});
