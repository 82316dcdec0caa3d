/**
 * The span learner's view of a text: tokens (runs of letters and digits, or one punctuation
 * character) with their offsets, each with a literal and a shape code. Window templates are
 * sequences of these codes, so "December the 19th" and "January the 2nd" share the template
 * `Xx the d+th` while keeping "the" as a word.
 */
export interface SpanToken {
  start: number;
  end: number;
  /** Literal code: the lower-cased word, or the shape for numbers and punctuation. */
  literal: string;
  /** Shape code: `Xx`, `x`, `X`, `Xmix`, `d2`, `d+th`, `mix`, or the punctuation itself. */
  shape: string;
  /** Whitespace comes right before it. */
  spaced: boolean;
}

/** The shape codes of words (`shapeOf`: letters, or letters with digits, `mix`): each takes any word of its shape. */
export const LETTER_SHAPES: ReadonlySet<string> = new Set(['x', 'X', 'Xx', 'Xmix', 'xmix', 'mix']);

/** Shapes of a capitalised word: its class stands in for an open-class name. */
export const CAPITALISED: ReadonlySet<string> = new Set(['Xx', 'X', 'Xmix']);

/** Whether a code is a number of a fixed digit count (`d2`), which levels of templates read as any (`d`). */
export const fixedDigits = (code: string): boolean => /^d[1-5]$/.test(code);

const TOKEN = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;
const UPPER = /^\p{Lu}$/u;
const LOWER_RUN = /^[\p{Ll}'’]+$/u;
const UPPER_RUN = /^\p{Lu}+$/u;
const DIGITS = /^\p{Nd}+$/u;
const DIGIT_SUFFIX = /^(\p{Nd}+)(\p{L}{1,4})$/u;

function shapeOf(t: string): string {
  if (DIGITS.test(t)) return `d${Math.min(t.length, 5)}`;
  const ds = DIGIT_SUFFIX.exec(t);
  if (ds) return `d+${ds[2]!.toLowerCase()}`;
  if (/\p{N}/u.test(t)) return 'mix';
  if (!/\p{L}/u.test(t)) return t;
  if (UPPER.test(t[0]!)) {
    if (t.length === 1 || UPPER_RUN.test(t)) return 'X';
    return LOWER_RUN.test(t.slice(1)) ? 'Xx' : 'Xmix';
  }
  return LOWER_RUN.test(t) ? 'x' : 'xmix';
}

/** Tokens of a text with their codes. Words keep their lower-cased literal; numbers are always shapes. */
export function spanTokens(text: string): SpanToken[] {
  const out: SpanToken[] = [];
  TOKEN.lastIndex = 0;
  let prevEnd = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const t = m[0];
    const shape = shapeOf(t);
    const isWord = /^\p{L}+$/u.test(t) || /^[\p{L}'’]+$/u.test(t);
    out.push({ start: m.index, end: m.index + t.length, literal: isWord ? `w:${t.toLowerCase()}` : shape, shape, spaced: m.index > prevEnd });
    prevEnd = m.index + t.length;
  }
  return out;
}
