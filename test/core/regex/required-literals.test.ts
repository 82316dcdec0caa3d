import { describe, expect, test } from 'vitest';
import { isAscii } from '../../../src/core/regex/match.js';
import { mayMatch, requiredLiterals } from '../../../src/core/regex/required-literals.js';

describe('required literals', () => {
  test.each([
    ['\\bcard\\b', 'i', ['card']],
    ['\\bwithdraw\\w*', 'i', ['withdraw']],
    ['\\bCash\\s+Limit\\b', '', ['Limit']],
    ['^(?=.*?\\bactivat)(?=.*?\\bcard\\b)(?!.*?\\bagain\\b).+', 'is', ['activat']],
    ['(?:\\bfoo\\b|\\bbarz\\w*)', 'i', ['foo', 'barz']],
    ['^(?:(?=.*?\\bp\\b)(?=.*?\\bq\\b)|(?=.*?\\brr\\b)).+', 'is', ['p', 'rr']],
    ['colou?r', '', ['colo']],
    ['(?<=no\\. )\\d+', '', ['no. ']],
    ['x{2,}y', '', ['x']],
    ['(ab)+c', '', ['ab']],
    ['(?:foo)?bar?', '', ['ba']],
    ['caf\u00e9', '', ['caf']],
    ['(a)\\1', '', ['a']],
  ])('/%s/%s requires one of %j', (source, flags, any) => {
    expect(requiredLiterals(source, flags)?.any).toEqual(any);
  });

  test.each([
    ['\\d+', ''],
    ['(?:foo|\\d)', ''],
    ['a{0}', ''],
    ['(?!foo)\\w+', ''],
    ['\u00e9+', ''],
    ['[abc]+', ''],
    ['\\1(a)?', ''],
    ['(?:x|)', ''],
    ['abc', 'v'],
    ['(', ''],
  ])('/%s/%s requires nothing certain', (source, flags) => {
    expect(requiredLiterals(source, flags)?.any ?? null).toBeNull();
  });

  test('with `iu` it is only used on ASCII text: case folding lets the long s match s and the Kelvin sign match k', () => {
    expect(requiredLiterals('ask', 'iu')).toMatchObject({ fold: true, asciiOnly: true });
    expect(requiredLiterals('ask', 'i')).toMatchObject({ fold: true, asciiOnly: false });
    expect(/ask/iu.test('a\u017f\u212a')).toBe(true);
    expect(/ask/i.test('a\u017f\u212a')).toBe(false);
  });

  // Soundness: wherever the regex matches, the literals say it may.
  const texts = ['My CARD is pending', 'card', 'a \u212aelvin and \u017f', 'colour color', 'no. 12 no.12', 'activate my card again', 'İstanbul ıi', 'xxy', 'ababc', ''];
  const patterns: [string, string][] = [
    ['\\bcard\\b', 'i'],
    ['\\bcard\\b', ''],
    ['k', 'i'],
    ['s', 'i'],
    ['kelvin', 'i'],
    ['colou?r', ''],
    ['(?<=no\\. )\\d+', ''],
    ['^(?=.*?\\bactivat)(?=.*?\\bcard\\b)(?!.*?\\bagain\\b).+', 'is'],
    ['istanbul', 'i'],
    ['x{2,}y', ''],
    ['(ab)+c', ''],
    ['(?:my|a)\\s+\\w+', 'i'],
  ];
  test.each(patterns)('never rules out a text /%s/%s matches', (source, flags) => {
    const req = requiredLiterals(source, flags);
    for (const text of texts) {
      const matches = new RegExp(source, flags).test(text);
      const ascii = isAscii(text);
      if (matches && req && (!req.asciiOnly || ascii)) expect(mayMatch(req, text), text).toBe(true);
    }
  });

  test('a text with none of the literals is ruled out, compared lowered under `i`', () => {
    const req = requiredLiterals('\\bpending\\b', 'i')!;
    expect(mayMatch(req, 'still PENDING')).toBe(true);
    expect(mayMatch(req, 'nothing here')).toBe(false);
    expect(mayMatch(requiredLiterals('Pending', '')!, 'pending')).toBe(false);
  });
});
