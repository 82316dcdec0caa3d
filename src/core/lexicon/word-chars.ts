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
