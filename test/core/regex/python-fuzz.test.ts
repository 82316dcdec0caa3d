import { describe, expect, test } from 'vitest';
import { RulewrightError } from '../../../src/core/errors.js';
import { mulberry32 } from '../../../src/core/random.js';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { pythonMissing, runJs, runPython, type Spans } from './python-oracle.js';

const ALPHABET = ['a', 'b', 'A', 'B', 'I', 'i', 'ı', 'İ', 'k', 'K', 'ſ', 's', 'S', '1', '٣', ' ', '\n', '\r', '\u2028', '-', 'é', 'e\u0301', '😀', '_', '.', "'", '\u00a0', 'µ', 'Μ', 'ͅ'];
const ATOMS = [
  'a', 'b', 'A', 'i', 'I', 'ı', 'İ', 'k', 's', 'é', '1', '😀', '\\-', "\\'", ' ', '\\.', '.', '\\w', '\\W', '\\d', '\\D', '\\s', '\\S',
  '[ab]', '[^ab]', '[a-z]', '[A-Z]', '[^\\W\\d]', '[\\w\\-]', '[\\s.]', '\\p{L}', '\\p{Lu}', '\\P{Ll}', '[\\p{Lu}1]', '\\p{Latin}',
  '\\b', '\\B', '^', '$', '\\A', '\\Z', '\\m', '\\M', '\\h', '\\p{Greek}', '[^\\p{Lu}]', '[\\P{Greek}1]', '\\x41', '\\u00e9', '[\\u00c0-\\u017f]',
];

function pattern(r: () => number, depth: number, groups: { n: number }): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const items: string[] = [];
  const len = 1 + Math.floor(r() * 4);
  for (let k = 0; k < len; k++) {
    let atom: string;
    const roll = r();
    if (depth < 2 && roll < 0.12) {
      atom = `(${pattern(r, depth + 1, groups)})`;
      groups.n++;
    } else if (depth < 2 && roll < 0.2) atom = `(?:${pattern(r, depth + 1, groups)}|${pattern(r, depth + 1, groups)})`;
    else if (depth < 2 && roll < 0.25) atom = `(?${pick(['=', '!', '<=', '<!'])}${pick(ATOMS)}${pick(ATOMS)})`;
    else if (depth < 2 && roll < 0.28) atom = `(?>${pattern(r, depth + 1, groups)})`;
    else if (depth < 2 && roll < 0.31) atom = `(?${pick(['i', '-i', 's', 'm'])}:${pattern(r, depth + 1, groups)})`;
    else if (roll < 0.3 && groups.n > 0) atom = `\\${1 + Math.floor(r() * groups.n)}`;
    else atom = pick(ATOMS);
    const q = r();
    if (q < 0.15) atom += pick(['*', '+', '?', '{1,2}', '{,2}', '{2}']) + pick(['', '', '?', '+']);
    items.push(atom);
  }
  return items.join('');
}

// Seeded, so every run tests the same patterns (FUZZ_SEED picks another set).
const r = mulberry32(Number(process.env.FUZZ_SEED ?? 20240611));
const FLAGS = ['', '', '', '(?i)', '(?i)', '(?m)', '(?s)', '(?im)', '(?a)', '(?ai)'];
const PATTERNS = Array.from({ length: Number(process.env.FUZZ_COUNT ?? 400) }, () => `${FLAGS[Math.floor(r() * FLAGS.length)]}${pattern(r, 0, { n: 0 })}`);
const TEXTS = Array.from({ length: 8 }, () => Array.from({ length: 4 + Math.floor(r() * 20) }, () => ALPHABET[Math.floor(r() * ALPHABET.length)]).join(''));

const oracle = pythonMissing ? undefined : runPython({ cases: PATTERNS.map((p) => ({ pattern: p, texts: TEXTS })) });

describe.skipIf(pythonMissing)(`random patterns against Python's regex${pythonMissing ? ` (${pythonMissing})` : ''}`, () => {
  test('every random pattern Python accepts is matched exactly, or refused with a reason', () => {
    let compared = 0;
    const refused: string[] = [];
    const wrong: string[] = [];
    PATTERNS.forEach((p, k) => {
      const py = oracle!.cases[k]!;
      let cp;
      try {
        cp = compilePattern(p, '', 'python');
      } catch (e) {
        expect(e).toBeInstanceOf(RulewrightError);
        if (!('error' in py)) refused.push(`${p}: ${(e as Error).message}`);
        return;
      }
      if ('error' in py) {
        wrong.push(`${p}: Python rejects it (${py.error}) but it compiled`);
        return;
      }
      const mask = (s: Spans[]): Spans[] => s.map((t) => t.map((m) => m.map((g, n) => (cp.inexactGroups.has(n) ? [-2, -2] : g))));
      compared++;
      if (JSON.stringify(mask(runJs(p, '', TEXTS))) !== JSON.stringify(mask(py.results))) wrong.push(p);
    });
    if (process.env.FUZZ_SEED) console.log({ compared, refused: refused.length, pyErrors: PATTERNS.length - compared - refused.length - wrong.length, reasons: Object.entries(refused.reduce<Record<string, number>>((a, m) => { const k = m.replace(/^.*?python dialect: /s, '').replace(/ at offset.*/, '').replace(/\d+/g, 'N'); a[k] = (a[k] ?? 0) + 1; return a; }, {})) });
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThan(250);
    expect(refused.every((m) => / is not supported: /.test(m))).toBe(true);
  });
});
