import { describe, expect, test } from 'vitest';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { matchSpans } from '../../../src/core/regex/match.js';
import { caseVariants } from '../../../src/core/regex/python/case-fold.js';
import { BINARY_ROWS, GENERAL_CATEGORY_ROWS, SCRIPT_ROWS } from '../../../src/core/regex/python/property-data.js';
import { pythonMissing, runPython } from './python-oracle.js';

/**
 * Planes 4 to 13 hold no assigned code point: the first and last 256 of each stand for the rest
 * (as in the oracle script), which halves the length of every scan.
 */
const sampled = (cp: number): boolean => cp < 0x40000 || cp >= 0xe0000 || (cp & 0xffff) < 0x100 || (cp & 0xffff) >= 0xff00;

/** Every code point but the surrogates (the unassigned planes sampled), as one string. */
const ALL = (() => {
  const parts: string[] = [];
  for (let cp = 0; cp < 0x110000; cp++) if ((cp < 0xd800 || cp > 0xdfff) && sampled(cp)) parts.push(String.fromCodePoint(cp));
  return parts.join('');
})();

const alias = (row: string): string => row.split(' ')[1]!;

/** Single-character patterns whose sets must equal Python's over all of Unicode. */
const SETS: string[] = [
  '\\w', '\\W', '\\d', '\\D', '\\s', '\\S', '.', '(?s).', '\\h', '[^\\W\\d_]',
  '(?a)\\w', '(?a)\\W', '(?a)\\s', '(?a)\\d', '(?ai)[a-z]',
  '(?i)\\w', '(?i)\\W', '(?i)[a-z]', '(?i)[^a-z]', '(?i)[\\u00c0-\\u024f]', '(?i)[^\\u00c0-\\u024f]', '(?i)[\\u0370-\\u03ff\\u1f00-\\u1fff]',
  '(?i)[\\p{Lu}\\d]', '(?i)[\\P{Lu}\\d]', '(?i)[\\p{Ll}_]', '(?i)[^\\p{Lt}_]',
  '(?i)[\\p{Greek}_]', '(?i)[\\P{Greek}_]', '(?i)[\\p{L}_]', '(?i)\\p{Latin}', '(?i)\\P{Han}', '(?i)[\\p{Cyrillic}\\p{Armenian}]',
  '(?i)\\p{Cased}', '(?i)[\\p{Cased}_]', '(?i)[\\p{Alphabetic}_]', '(?i)[^\\p{Latin}_]',
  '\\p{L}', '\\p{Latin}', '\\p{IsGreek}', '\\pN', '\\p{^L}', '\\p{Any}', '\\p{Assigned}', '\\p{L&}',
  ...GENERAL_CATEGORY_ROWS.map((r) => `\\p{gc=${alias(r)}}`),
  ...SCRIPT_ROWS.map((r) => `\\p{sc=${alias(r)}}`),
  ...SCRIPT_ROWS.filter((_, k) => k % 8 === 0).map((r) => `\\p{scx=${alias(r)}}`),
  ...BINARY_ROWS.map((r) => `\\p{${alias(r)}=yes}`),
];

/** `(?i)x` -> `(?i)(?:x)+`: leading flags stay in front (Python's ASCII flag only counts there). */
const runsOf = (pattern: string): string => {
  const lead = /^\(\?[a-z]+\)/.exec(pattern)?.[0] ?? '';
  return `${lead}(?:${pattern.slice(lead.length)})+`;
};

const oracle = pythonMissing ? undefined : runPython({ sets: SETS.map(runsOf), case_table: true });

function jsRuns(pattern: string): number[][] {
  const cp = compilePattern(runsOf(pattern), '', 'python');
  const runs: number[][] = [];
  for (const m of matchSpans(cp, ALL)) {
    const [s, e] = m[0]!;
    runs.push([ALL.codePointAt(s)!, ALL.codePointAt(e - 1 - (e - s > 1 && ALL.charCodeAt(e - 1) >= 0xdc00 && ALL.charCodeAt(e - 1) <= 0xdfff ? 1 : 0))!]);
  }
  return runs;
}

describe.skipIf(pythonMissing)(`character sets over all of Unicode against Python's regex${pythonMissing ? ` (${pythonMissing})` : ''}`, () => {
  test.each(SETS.map((p, k) => [p, k] as const))('%j matches exactly the code points Python matches', (pattern, k) => {
    const py = oracle!.sets![k];
    if (!Array.isArray(py)) throw new Error(`Python rejects ${pattern}: ${JSON.stringify(py)}`);
    expect(jsRuns(pattern)).toEqual(py);
  });

  test('the case-insensitive table equals what Python matches for every cased character', () => {
    const table = oracle!.case_table!;
    const mismatches: string[] = [];
    for (const [cp, members] of Object.entries(table)) {
      const mine = [...caseVariants(Number(cp), false)];
      if (JSON.stringify(mine) !== JSON.stringify(members)) mismatches.push(`${Number(cp).toString(16)}: ${JSON.stringify(members)} vs ${JSON.stringify(mine)}`);
    }
    expect(Object.keys(table).length).toBeGreaterThan(2900);
    expect(mismatches).toEqual([]);
  });
});
