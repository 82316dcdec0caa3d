import { CASE_EXCEPTIONS, CASE_GROUPS, CASE_PAIR_RUNS } from './case-data.js';
import { lowerBound } from '../../lower-bound.js';

/** Python `regex` case-insensitive matches: code point -> every code point it matches (itself included). */
let table: Map<number, readonly number[]> | undefined;
let keys: number[] = [];

function build(): Map<number, readonly number[]> {
  const t = new Map<number, readonly number[]>();
  for (const run of CASE_PAIR_RUNS.trim().split(/\s+/)) {
    const [start, count, stride, delta] = run.split('.').map((n) => parseInt(n, 36)) as [number, number, number, number];
    for (let k = 0; k < count; k++) {
      const a = start + k * stride;
      const pair = [a, a + delta];
      t.set(a, pair);
      t.set(a + delta, pair);
    }
  }
  for (const g of CASE_GROUPS) for (const cp of g) t.set(cp, g);
  for (const [cp, members] of CASE_EXCEPTIONS) t.set(cp, members);
  keys = [...t.keys()].sort((a, b) => a - b);
  return t;
}

function caseTable(): Map<number, readonly number[]> {
  table ??= build();
  return table;
}

const isAsciiLetter = (cp: number): boolean => (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);

/**
 * What `cp` matches when IGNORECASE is on, itself included: Python's simple case folding, or with
 * the ASCII flag only the other case of an ASCII letter.
 */
export function caseVariants(cp: number, ascii: boolean): readonly number[] {
  if (ascii) return isAsciiLetter(cp) ? [cp | 0x20, cp & ~0x20].sort((a, b) => a - b) : [cp];
  return caseTable().get(cp) ?? [cp];
}

/** Every code point in [lo, hi] that has case variants (ascending). */
export function caseCharsIn(lo: number, hi: number, ascii: boolean): number[] {
  if (ascii) {
    const out: number[] = [];
    for (let cp = Math.max(lo, 0x41); cp <= Math.min(hi, 0x7a); cp++) if (isAsciiLetter(cp)) out.push(cp);
    return out;
  }
  caseTable();
  const out: number[] = [];
  for (let k = lowerBound(keys, lo); k < keys.length && keys[k]! <= hi; k++) out.push(keys[k]!);
  return out;
}

/** Every code point that has case variants (ascending). */
export function allCaseChars(): readonly number[] {
  caseTable();
  return keys;
}
