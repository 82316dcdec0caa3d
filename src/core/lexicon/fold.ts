import { caseVariants } from '../regex/python/case-fold.js';

/**
 * Case-insensitive lexicon matching uses Python `regex`'s simple case folding (the same table the
 * Python dialect's `(?i)` uses), so a lexicon and a `(?i)` regex agree on what "ignoring case"
 * means. A code point folds to the smallest code point it matches, kept only when that has the
 * same UTF-16 length (so folding never moves offsets).
 */
export function foldCodePoint(cp: number): number {
  const variants = caseVariants(cp, false);
  let min = cp;
  for (const v of variants) if (v < min && v > 0xffff === cp > 0xffff) min = v;
  return min;
}

let bmp: Uint16Array | undefined;

/** Folding of every BMP code unit, built once (128 KB). */
export function bmpFoldTable(): Uint16Array {
  if (!bmp) {
    bmp = new Uint16Array(0x10000);
    for (let c = 0; c < 0x10000; c++) bmp[c] = c >= 0xd800 && c <= 0xdfff ? c : foldCodePoint(c);
  }
  return bmp;
}

/** Every code point `cp` matches ignoring case, itself included. */
export function caseVariantsOf(cp: number): readonly number[] {
  return caseVariants(cp, false);
}
