/**
 * The codes a window template and its context are written in, apart from the token codes
 * (tokens.ts): characters no token holds (a space, control characters).
 */

/** Separator codes inside a template: whitespace, or none (tokens touch: `8:15`). */
export const SPACED = ' ';
export const TOUCHING = '\u0002';

/** Context codes for the start and the end of the text: a bare answer ("13", "for 8") is its own signal. */
export const BOS = '\u0003';
export const EOS = '\u0004';
/**
 * Right-context code of a span that ends at a break: whitespace, the end of the text, or a
 * sentence mark then one of those. "for [5]." and "for [6 people]" end at one; "7" of "for 7:30"
 * does not, though `\b` holds after it.
 */
export const BREAK = '\u0007';

/** Joins the items of a list in one field of a candidate key (optional continuations, exceptions). */
export const ALTERNATIVE = '\u0005';

/** A template's token codes and the separator codes between them (`d1\u0002:\u0002d2`: `d1`, `:`, `d2`). */
export function templateParts(template: string): { codes: string[]; seps: string[] } {
  const codes: string[] = [];
  const seps: string[] = [];
  let cur = '';
  for (const ch of template) {
    if (ch === SPACED || ch === TOUCHING) {
      codes.push(cur);
      seps.push(ch);
      cur = '';
    } else cur += ch;
  }
  codes.push(cur);
  return { codes, seps };
}
