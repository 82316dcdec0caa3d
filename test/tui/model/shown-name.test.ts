import { describe, expect, test } from 'vitest';
import { fitMiddle } from '../../../tui/model/format.js';
import { shownName } from '../../../tui/model/rule-rows.js';

describe('rules table cells at 80 columns', () => {
  test.each([
    ['card_arrival <- card | arrive', 'card_arrival', 'card | arrive'],
    ['PER shape /[A-Z][a-z]+/', 'PER', 'shape /[A-Z][a-z]+/'],
    ['refund: money back', 'refund', 'money back'],
    ['PERSON names', 'PER', 'PERSON names'],
    ['any money', 'exchange_rate', 'any money'],
    ['refund', 'refund', 'refund'],
  ])('the name %j of a %s rule shows as %j', (name, label, shown) => {
    expect(shownName({ name, output: { label, group: '$0' } })).toBe(shown);
  });

  test.each([
    ['\\b(?:money|transfer)\\b', 10, '\\b(?:…r)\\b'],
    ['short', 10, 'short     '],
    ['exchange rates?|rate of exchange|conversion rate', 17, 'exchange…ion rate'],
  ])('fitMiddle keeps both ends of %j in %i columns', (text, width, shown) => {
    expect(fitMiddle(text, width)).toBe(shown);
    expect(fitMiddle(text, width)).toHaveLength(width);
  });
});
