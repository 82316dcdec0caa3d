/**
 * The Unicode word characters lexicon boundaries use: exactly Python `regex`'s `\w`
 * (`[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]`), so a lexicon term's boundaries agree
 * with `\b` in Python-dialect rules. Needs the `u` (or `v`) flag.
 */
export const WORD_CLASS = '[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]';

const WORD_CHAR = new RegExp(`^${WORD_CLASS}$`, 'u');

/** Whether one code point (given as a string) is a word character. */
export function isWordChar(ch: string): boolean {
  return WORD_CHAR.test(ch);
}

// 0: not yet known, 1: not a word character, 2: a word character.
const bmpCache = new Uint8Array(0x10000);

/** Whether the code point is a word character (cached for the BMP). */
export function isWordCodePoint(cp: number): boolean {
  if (cp < 0x10000) {
    let v = bmpCache[cp]!;
    if (v === 0) bmpCache[cp] = v = WORD_CHAR.test(String.fromCharCode(cp)) ? 2 : 1;
    return v === 2;
  }
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

/** Whether the code point ending just before `i` in `text` is a word character (false at 0). */
export function wordBefore(text: string, i: number): boolean {
  if (i <= 0) return false;
  const c = text.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const h = text.charCodeAt(i - 2);
    if (h >= 0xd800 && h <= 0xdbff) return isWordCodePoint((h - 0xd800) * 0x400 + (c - 0xdc00) + 0x10000);
  }
  return isWordCodePoint(c);
}

/** Whether the code point starting at `i` in `text` is a word character (false at the end). */
export function wordAt(text: string, i: number): boolean {
  if (i >= text.length) return false;
  return isWordCodePoint(text.codePointAt(i)!);
}
