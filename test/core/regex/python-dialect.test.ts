import { describe, expect, test } from 'vitest';
import { RulewrightError } from '../../../src/core/errors.js';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { pythonMissing, runJs, runPython, type OracleCase, type Spans } from './python-oracle.js';

const TEXTS = [
  'Sarısoy and Çağlayan met in İstanbul; SARISOY, çağlayan.',
  'naïve café — e\u0301 combining; Ångström, ÅNGSTRÖM.',
  '٣٤٥ apples, 123 pears, ½ lemon, ²',
  'a\u00a0b c\td\u2003e',
  'first\u2028second\u2029third\r\nfourth',
  'ends with newline\n',
  'two\n\nblank lines\n',
  'KELVIN \u212a k K; long s \u017f S s; µ μ Μ; ß ẞ ss; ǅ ǆ Ǆ',
  'I i İ ı IIii — Title TITLE',
  'emoji 😀 and 𝐀𝐁 math; \u0345 ypogegrammeni; \u200d zwj',
  '',
  'aaa bbb aaab abab a-b',
  'Mr. John Smith v. the United Kingdom, no. 12345/67, 3 March 2001 (Ms O\'Neil, "quoted")',
  "it's #1 100% a{2} x{} {,3} [x] -5 a_b",
];

/** Patterns that must behave exactly as in Python (whole match and every exact group). */
const SUPPORTED: [string, string][] = [
  // literals, identity and numeric escapes
  ['Sarısoy|Çağlayan|İstanbul', ''],
  ["\\'s|\\\"quoted\\\"|\\-5|a\\ b|\\#1|\\%|\\!|\\_", ''],
  ['\\x41|\\u00e7|\\U0001F600|\\0|\\012|\\101|\\a|\\f|\\v|\\t', ''],
  ['[\\101-\\132]+|[\\x30-\\x39]+', ''],
  ['\\d{,3}|a{2,}|x{}|x{a}|a{1,2|\\{,3\\}|}', ''],
  ['\\d{1,2}/\\d{4}|\\d{4,6}/\\d{2,4}', ''],
  // dot and anchors
  ['.', ''],
  ['.+', ''],
  ['.+', 's'],
  ['(?s).+$', ''],
  ['\\w+$', ''],
  ['^\\w+', ''],
  ['(?m)^\\w+$', ''],
  ['(?m)$', ''],
  ['$', ''],
  ['\\A\\w+|\\w+\\Z|\\w+\\z', ''],
  ['b(?m)$|a(?s).', ''],
  // shorthands, sets
  ['\\w+', ''],
  ['\\W+', ''],
  ['\\d+|\\D{2}', ''],
  ['\\s+', ''],
  ['\\S+', ''],
  ['[\\w-]+', ''],
  ['[^\\W\\d_]+', ''],
  ['[\\W\\d]+', ''],
  ['[^\\w\\s]', ''],
  ['[\\s\\W]+|[^\\s\\W]{3}', ''],
  [']a]+|[^]a]+', ''],
  ['[]a]+|[a-]+|[\\w-z]+|[a-\\d]+|[--/]+|[&&a]+|[[a]+|[\\b]|[\\d-z]+', ''],
  ['\\h+', ''],
  // word boundaries
  ['\\b\\w+\\b', ''],
  ['\\B\\w', ''],
  ['\\bé|ı\\b|\\bİ|\\b\\d+\\b', ''],
  ['\\b', ''],
  ['\\B', ''],
  ['\\m\\w+\\M', ''],
  ['\\b(?:in|at|and)\\s+\\w+', ''],
  ['[A-Z]\\w*\\b|\\b-\\b|\\b\\s|\\s\\b|x\\b', ''],
  ['\\b(?:Mr|Mrs|Ms)(?:\\.?\\s+)(?:[A-Z][a-zA-Z\\u00C0-\\u017F]*\\.?\\s*)+', ''],
  ['\\b[\\d.,]+\\b|\\b\\w+\\.\\b', ''],
  ['(?<!\\w)(?:[A-Z]\\.[\\s-]?){1,4}(?!\\w)', ''],
  // case-insensitive matching (simple case folding, Turkish i, Kelvin, long s)
  ['(?i)sarısoy|(?i:çağlayan)', ''],
  ['(?i)i', ''],
  ['(?i)I', ''],
  ['(?i)İ', ''],
  ['(?i)ı', ''],
  ['(?i)[a-z]+', ''],
  ['(?i)[A-Z]+', ''],
  ['(?i)[^a-z ]+', ''],
  ['(?i)k|s|ß|µ|ǅ', ''],
  ['(?i)[\\u00c0-\\u017f]+', ''],
  ['(?i)[\\p{Lu}\\d]+', ''],
  ['(?i)[\\p{Greek}\\d]', ''],
  ['(?i)[^\\p{Lu}\\d]+', ''],
  ['(?i)[\\P{L}x]+', ''],
  ['(?i)[\\P{Greek}x]+|(?i)[^\\p{Greek}\\d]+', ''],
  ['(?i)[^\\P{L}x]+', ''],
  ['(?i)\\p{Latin}+|(?i)\\P{Han}|(?i)\\p{Nd}|(?i)(?:x|\\p{Latin})', ''],
  ['(?i)(?-i:\\p{Lu})\\w|(?i:[\\p{Lu}0-9])', ''],
  ['(?i)\\W+|(?i)[^\\w\\s]+|(?i)\\D', ''],
  ['a(?i)b|(?i)a(?-i:b)c', ''],
  ['(?:a(?i)b|c)d', ''],
  ['(?i)\\bexchange\\s+rates?\\b|\\bss\\b', ''],
  ['istanbul|STRASSE', 'i'],
  ['(?i)(\\d+)\\1', ''],
  // ASCII flag
  ['(?a)\\w+', ''],
  ['(?a)\\b\\w+\\b', ''],
  ['(?a)\\s+|\\S{3}', ''],
  ['(?a)[^\\W\\d]+', ''],
  ['(?ai)k|s|i', ''],
  ['(?a)\\d+', ''],
  // groups and references
  ['(a)|b', ''],
  ['(?P<first>\\w+)\\s(?P<last>\\w+)', ''],
  ['(?<n>\\w)(?P=n)', ''],
  ['(\\w)\\1|(\\w)\\g<2>|(?P<n>\\d)\\g<n>', ''],
  ['(?:(\\d+)-)?(\\d+)', ''],
  ['(a)?b', ''],
  ['(a|b)+', ''],
  ['(\\w+\\s?)+', ''],
  ['(?:(\\w)\\s)+', ''],
  ['(?<=(\\w+)\\s)\\w', ''],
  ['(?<=\\b(in|at)\\s)\\w+', ''],
  ['(?=(\\w+))\\w', ''],
  ['(?:(\\d)|x)+', ''],
  ['(?:(a)|b)+', ''],
  ['(a*)*', ''],
  // lookarounds
  ['(?<=\\d)\\w|(?<!\\w)\\d+|(?=\\d)\\w+|(?!\\d)\\w+', ''],
  ['(?<=a|bc)b|\\w+(?=\\n?$)', ''],
  ['(?=a)*b|\\b*a|^*a', ''],
  // lazy, possessive, atomic
  ['a*?b|a+?|\\w{2,3}?|a??', ''],
  ['a*+a|\\w++\\b|a?+b|a{1,2}+b', ''],
  ['(?>\\w+)\\b|(?>a|ab)c|(?>a+)b', ''],
  ['(\\d+)++|(?>(\\w))', ''],
  ['(?:(\\w)+)++', ''],
  // verbose mode and comments
  ['(?x) \\d+ \\s* # number\n [a-z]+', ''],
  ['(?x)[ a]|a\\ b|a\\#b|a{1, 2}|a *?b', ''],
  ['\\w+ \\w+', 'x'],
  ['a(?#comment)*b|a(?#c)b', ''],
  ['(?i)(?x) A B', ''],
  // Unicode properties
  ['\\p{L}+|\\p{Lu}\\p{Ll}+', ''],
  ['\\pL+|\\PL+', ''],
  ['\\p{^L}+|\\P{^N}', ''],
  ['\\p{Latin}+|\\p{Greek}|\\p{IsGreek}|\\p{Script=Arabic}|\\p{scx=Arab}', ''],
  ['\\p{Alphabetic}+|\\p{Alpha=no}{2}', ''],
  ['\\p{Nd}+|\\p{N}|[\\p{Lu}\\p{Nd}]+', ''],
  ['\\p{White_Space}|\\p{Any}{2}|\\p{Assigned}', ''],
  ['\\p{L&}|\\p{gc:Lu}|\\p{Cased_Letter}|\\p{general category = decimal number}', ''],
  // empty matches and nullable patterns (Python's finditer rules)
  ['', ''],
  ['a*', ''],
  ['x?', ''],
  ['(?=a)', ''],
  ['(?:a|)*', ''],
  ['a|', ''],
  ['|a', ''],
  ['\\d*|\\w', ''],
  ['x*?|\\d', ''],
  ['(?:\\d+)?|a?b?', ''],
  ['\\b|(?=\\d)|$', ''],
];

/** Constructs Python accepts that the translation refuses, with a reason. */
const REJECTED: string[] = [
  '\\N{LATIN SMALL LETTER A}',
  '(?|(a)|(b))',
  '(a)(?(1)a|b)',
  '(a)(?1)',
  '(?R)',
  '(?P<n>a)(?P>n)',
  '\\X',
  'a\\Kb',
  '\\Ga',
  '\\R',
  '(*FAIL)|a',
  'x{e<=1}',
  '(?V1)a',
  '(?w)\\b',
  '(?f)(?i)ß',
  '(?p)a|ab',
  '(?r)a',
  '(?L)a',
  '[[:alpha:]]',
  '\\p{InBasicLatin}',
  '\\p{Block=Basic_Latin}',
  '\\p{Bidi_Class=L}',
  '\\p{IDC}',
  '(?P<n>a)(?P<n>b)',
  '\\1(a)',
  '(a)?\\1',
  '(a)|\\1',
  '(?:(a)|b)\\1',
  '(?i)(a)\\1',
  '(a)(?<=\\1)b',
  '(?:|a)*',
  '(?:a??)+',
  '(?i)\\p{Lu}',
  '(?i)x?\\p{Ll}',
  '(?i)(?:x|\\p{Lt})',
  '(?i)\\p{Greek}',
  '(?i)[^\\p{Lu}]',
  '(?i)\\P{L}',
  '(?i)\\p{Lowercase}',
  '(?i)\\p{Uppercase}',
  '(?a:\\w)',
  'x(?a)\\w',
  '(?:(?ai)[a-z])',
  '(?a)\\p{L}',
  '(?<=a++)b',
  '(?<=(?>a|ab))c',
];

/** Patterns Python's `regex` rejects: the translation must reject them too. */
const PY_ERRORS: string[] = ['\\q', '(?P<1a>x)', '[b-a]', 'a**', '*a', '(a', 'a)', '\\x4', '[\\8]', '(a)\\2', '(a\\1)', '{2}', 'a{3,2}', '(?P=x)'];

const cases: OracleCase[] = [
  ...SUPPORTED.map(([pattern, flags]) => ({ pattern, flags, texts: TEXTS })),
  ...REJECTED.map((pattern) => ({ pattern, texts: [] })),
  ...PY_ERRORS.map((pattern) => ({ pattern, texts: [] })),
];
const oracle = pythonMissing ? undefined : runPython({ cases });

function exactGroups(pattern: string, flags: string, spans: Spans[]): Spans[] {
  const inexact = compilePattern(pattern, flags, 'python').inexactGroups;
  return spans.map((perText) => perText.map((m) => m.map((s, g) => (inexact.has(g) ? [-2, -2] : s))));
}

describe.skipIf(pythonMissing)(`python dialect against Python's regex module${pythonMissing ? ` (${pythonMissing})` : ''}`, () => {
  test.each(SUPPORTED.map(([p, f], k) => [p, f, k] as const))('%j (flags %j) matches like Python', (pattern, flags, k) => {
    const py = oracle!.cases[k]!;
    if ('error' in py) throw new Error(`Python rejects ${pattern}: ${py.error}`);
    const js = runJs(pattern, flags, TEXTS);
    expect(exactGroups(pattern, flags, js)).toEqual(exactGroups(pattern, flags, py.results));
  });

  test.each(REJECTED.map((p, k) => [p, SUPPORTED.length + k] as const))('%j is refused with a reason (Python accepts it)', (pattern, k) => {
    expect(oracle!.cases[k]).not.toHaveProperty('error');
    expect(() => compilePattern(pattern, '', 'python')).toThrow(/python dialect: .* at offset \d+ is not supported: ./);
  });

  test.each(PY_ERRORS.map((p, k) => [p, SUPPORTED.length + REJECTED.length + k] as const))('%j is refused like Python refuses it', (pattern, k) => {
    expect(oracle!.cases[k]).toHaveProperty('error');
    let err: unknown;
    try {
      compilePattern(pattern, '', 'python');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RulewrightError);
    expect((err as RulewrightError).code).toBe('INVALID_RULE');
  });
});
