import { describe, expect, test } from 'vitest';
import { sha256 } from '../../../src/core/hash.js';
import { clearPatternCache, compilePattern, primeTranslations, translationRecord } from '../../../src/core/regex/compile.js';
import { fromRecord, toRecord, TRANSLATION_REVISION } from '../../../src/core/regex/python/translation-record.js';
import { translatePython } from '../../../src/core/regex/python/translate.js';
import { CachedTranslation } from '../../../src/core/schemas/translation.js';

/** Patterns covering what a translation records: narrowing, groups, hidden groups, inexact groups, empty matches. */
const PATTERNS: [string, string][] = [
  ['\\bcard\\w*\\s+\\d+', 'i'],
  ['(?i)refund[ -]?me', ''],
  ['(?P<amount>\\d+(?:\\.\\d\\d)?)\\s*(?P<cur>EUR|USD)', ''],
  ['(?>a+)b|c++d', ''],
  ['(a|)+x', ''],
  ['(?:(a)|b)+', ''],
  ['\\d*|\\w', ''],
  ['a*?', ''],
  ['^\\s*$', 'm'],
  ['\\bstra(ss|ß)e\\b', 'i'],
  ['[^\\W\\d_]+', ''],
  ['.+?(?=\\s|$)', 's'],
];

const ASCII = 'Card 1234 refund me 12.50 EUR aab cccd ax x Strasse\nbb \t';
const UNICODE = 'Карта 42 Straße ﬀ ǅ İstanbul 12.50 USD';

const spans = (re: RegExp, text: string): (readonly [number, number] | null)[][] => {
  const out: (readonly [number, number] | null)[][] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out.push(m.indices!.map((s) => (s ? ([s[0], s[1]] as const) : null)));
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
};

describe('translations kept between processes', () => {
  test.each(PATTERNS)('the record of %s decodes and stands for the same translation', (pattern, flags) => {
    const t = translatePython(pattern, flags);
    const record = toRecord(t);
    expect(CachedTranslation.safeParse(JSON.parse(JSON.stringify(record))).success).toBe(true);
    const back = fromRecord(record, pattern, flags);
    expect({ ...back, inexactGroups: [...back.inexactGroups], nonEmpty: back.nonEmpty && { ...back.nonEmpty } }).toEqual({
      ...t,
      inexactGroups: [...t.inexactGroups],
      nonEmpty: t.nonEmpty && { ...t.nonEmpty },
    });
  });

  test.each(PATTERNS)('a primed %s compiles to regexes with the same matches on ASCII and Unicode text', (pattern, flags) => {
    clearPatternCache();
    const fresh = compilePattern(pattern, flags, 'python');
    const expected = [ASCII, UNICODE].map((text) => spans(fresh.asciiRegex && !/[^\0-\x7f]/.test(text) ? fresh.asciiRegex : fresh.regex, text));
    const record = translationRecord(pattern, flags)!;
    clearPatternCache();
    primeTranslations([{ pattern, flags, translation: JSON.parse(JSON.stringify(record)) as CachedTranslation }]);
    const primed = compilePattern(pattern, flags, 'python');
    expect(primed).not.toBe(fresh);
    expect([ASCII, UNICODE].map((text) => spans(primed.asciiRegex && !/[^\0-\x7f]/.test(text) ? primed.asciiRegex : primed.regex, text))).toEqual(expected);
    expect([primed.groupCount, primed.groupNames, primed.groupIndex, [...primed.inexactGroups], primed.canMatchEmpty]).toEqual([
      fresh.groupCount,
      fresh.groupNames,
      fresh.groupIndex,
      [...fresh.inexactGroups],
      fresh.canMatchEmpty,
    ]);
  });

  test('a primed translation is what the compiler uses: it is not translated again', () => {
    clearPatternCache();
    const record = translationRecord('\\bcard\\b', '')!;
    clearPatternCache();
    // A record that says something else shows which one the compiler read.
    primeTranslations([{ pattern: '\\bcard\\b', flags: '', translation: { ...record, ascii_source: 'wallet' } }]);
    expect(compilePattern('\\bcard\\b', '', 'python').asciiRegex!.source).toBe('wallet');
    clearPatternCache();
  });

  test('a pattern that does not compile has no record', () => {
    expect(translationRecord('(unclosed', '')).toBeUndefined();
  });

  // When this fails, the translator now writes something else for these patterns: bump
  // TRANSLATION_REVISION (so workspaces stop reading what the old one kept) and record the new hash.
  test('the translation of a fixed set of patterns is what TRANSLATION_REVISION names', () => {
    const all = PATTERNS.map(([p, f]) => {
      const t = translatePython(p, f);
      return [toRecord(t), t.source, t.nonEmpty?.source ?? null];
    });
    expect({ revision: TRANSLATION_REVISION, hash: sha256(JSON.stringify(all)).slice(0, 16) }).toEqual({ revision: 'python-1', hash: 'cfe666b6c513fcf3' });
  });
});
