import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../../../src/core/random.js';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { isAscii, matchSpans } from '../../../src/core/regex/match.js';
import { computeAsciiPart, KNOWN_ASCII_PARTS } from '../../../src/core/regex/python/ascii-fast.js';
import { translatePython } from '../../../src/core/regex/python/translate.js';
import { pythonMissing, runJs, runPython } from './python-oracle.js';

const spansOf = (re: RegExp, text: string): number[][][] => {
  const out: number[][][] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out.push(m.indices!.map((s) => (s ? [s[0], s[1]] : [-1, -1])));
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
};

const ASCII_TEXTS = ['Hello, World 42!', 'card_pending  since\tMay 3rd', 'a-b_c.d e\nF', 'KELVIN kelvin Strasse?', '', ' x '];

describe('the ASCII-text translation of the Python dialect', () => {
  test.each([...KNOWN_ASCII_PARTS])('the ASCII part known for %s is what computing it gives', (expr, part) => {
    expect(computeAsciiPart(expr)).toBe(part);
  });

  test('a pattern with Unicode classes gets an ASCII-text regex free of properties, and its faithful regex only when read', () => {
    const cp = compilePattern('\\bcard\\w*\\s+\\d+', 'i', 'python');
    expect(cp.asciiRegex!.source).not.toMatch(/\\[pP]\{/);
    expect(cp.asciiRegex!.flags).toBe('dgu');
    expect(typeof Object.getOwnPropertyDescriptor(cp, 'regex')?.get).toBe('function');
    expect(cp.regex.source).toMatch(/\\p\{Alphabetic\}/);
    expect(cp.regex).toBe(cp.regex);
  });

  test('a pattern with no Unicode class has one regex for every text', () => {
    const cp = compilePattern('(?i)refund[ -]?me', '', 'python');
    expect(cp.asciiRegex).toBeNull();
    expect(translatePython('(?i)refund[ -]?me', '').narrowed).toBe(false);
  });

  test('the faithful source is emitted on first read, with the same groups as the ASCII-text one', () => {
    const t = translatePython('(?P<w>\\w+)\\s(\\d+)|(?>\\W)', '');
    expect(t.narrowed).toBe(true);
    expect(typeof Object.getOwnPropertyDescriptor(t, 'source')?.get).toBe('function');
    const groups = (src: string) => new RegExp(`${src}|`, 'u').exec('')!.length;
    expect(groups(t.source)).toBe(groups(t.asciiSource));
  });

  test.each([
    ['\\w+', 'café au lait', [[[0, 4]], [[5, 7]], [[8, 12]]]],
    ['\\w+', 'cafe au lait', [[[0, 4]], [[5, 7]], [[8, 12]]]],
    ['\\bé', 'x é', [[[2, 3]]]],
    ['\\d+', 'call ٣٣ or 33', [[[5, 7]], [[11, 13]]]],
  ])('%j on %j picks the regex that is exact for the text', (pattern, text, expected) => {
    const cp = compilePattern(pattern, '', 'python');
    expect([...matchSpans(cp, text)].map((m) => m.map((s) => [...s!]))).toEqual(expected);
  });

  test.each([
    ['plain ASCII', 'abc XYZ 123 \t\n~', true],
    ['Latin-1', 'café', false],
    ['a curly quote', 'it’s', false],
    ['an emoji', 'ok 😀', false],
    ['empty', '', true],
  ])('isAscii: %s', (_what, text, expected) => {
    expect(isAscii(text)).toBe(expected);
  });

  const ATOMS = ['a', 'K', 'k', 's', 'S', 'i', '\\w', '\\W', '\\d', '\\D', '\\s', '\\S', '\\b', '\\B', '[^\\W\\d]', '[\\w\\-]', '\\p{L}', '\\p{Lu}', '\\P{Ll}', '[^\\p{Lu}]', '.', ' ', '\\.', '_', '1', '\\m', '\\M'];
  const r = mulberry32(1717);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const PATTERNS = Array.from({ length: 150 }, () => {
    const body = Array.from({ length: 1 + Math.floor(r() * 4) }, () => `${pick(ATOMS)}${pick(['', '', '+', '*', '?', '{1,2}'])}`).join('');
    return `${pick(['', '', '(?i)', '(?a)'])}${r() < 0.2 ? `(${body})` : body}${r() < 0.2 ? `|(?<=${pick(ATOMS)})${pick(ATOMS)}` : ''}`;
  });

  test('on ASCII text the ASCII-text regex finds exactly what the faithful one does, groups included', () => {
    expect(ASCII_TEXTS.every(isAscii)).toBe(true);
    let compared = 0;
    for (const p of PATTERNS) {
      let cp;
      try {
        cp = compilePattern(p, '', 'python');
      } catch {
        continue;
      }
      if (!cp.asciiRegex) continue;
      compared++;
      for (const text of ASCII_TEXTS) expect(spansOf(cp.asciiRegex, text), `${p} on ${JSON.stringify(text)}`).toEqual(spansOf(cp.regex, text));
    }
    expect(compared).toBeGreaterThan(80);
  });

  describe.skipIf(!!pythonMissing)(`against Python's regex on ASCII texts ${pythonMissing ?? ''}`, () => {
    test('random patterns match as Python does on ASCII texts (through the ASCII-text regex)', () => {
      const oracle = runPython({ cases: PATTERNS.map((pattern) => ({ pattern, texts: ASCII_TEXTS })) });
      const wrong: string[] = [];
      let compared = 0;
      PATTERNS.forEach((p, k) => {
        const py = oracle.cases[k]!;
        let cp;
        try {
          cp = compilePattern(p, '', 'python');
        } catch {
          return;
        }
        if ('error' in py) return;
        compared++;
        const mask = (s: number[][][][]) => s.map((t) => t.map((m) => m.map((g, n) => (cp.inexactGroups.has(n) ? [-2, -2] : g))));
        if (JSON.stringify(mask(runJs(p, '', ASCII_TEXTS))) !== JSON.stringify(mask(py.results))) wrong.push(p);
      });
      expect(wrong).toEqual([]);
      expect(compared).toBeGreaterThan(80);
    });
  });
});
