/** Text helpers shared by the generators: tokens, regex escaping, stems and word boundaries. */
import { TUNING } from './tuning.js';

/** A word token: its lower-cased form and its offsets in the text. */
export interface Token {
  norm: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

const ASCII = /^[ -~\t\n\r]*$/;
const isAsciiAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isAsciiAlpha = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);

/**
 * `tokenize` for ASCII text, scanning character codes: the same tokens as the `WORD` regex (in
 * ASCII a letter is A-Z or a-z and a digit 0-9; the only apostrophe is `'`). Every index and
 * suggestion tokenizes all of train, and a cold process spends a tenth of an answer on the regex.
 */
function tokenizeAscii(text: string): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isAsciiAlnum(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isAsciiAlnum(text.charCodeAt(i))) i++;
    while (i + 1 < n && text.charCodeAt(i) === 39 && isAsciiAlpha(text.charCodeAt(i + 1))) {
      i += 2;
      while (i < n && isAsciiAlpha(text.charCodeAt(i))) i++;
    }
    out.push({ norm: text.slice(start, i).toLowerCase(), start, end: i });
  }
  return out;
}

/** Word tokens (letters and digits, with inner apostrophes), lower-cased. */
export function tokenize(text: string): Token[] {
  if (ASCII.test(text)) return tokenizeAscii(text);
  const out: Token[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) out.push({ norm: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  return out;
}

const SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/** Escapes a literal for use inside a regex (JS dialect). */
export function escapeRegex(s: string): string {
  return s.replace(SYNTAX, '\\$&');
}

/** Whether a character is an ASCII word character, where JS `\b` is meaningful. */
const isAsciiWord = (ch: string | undefined): boolean => ch !== undefined && /^[A-Za-z0-9_]$/.test(ch);

/**
 * A word-boundary assertion that suits the character it stands next to: `\b` for ASCII word
 * characters, a lookaround on letters and digits for other word characters (needs the `u` flag),
 * and nothing next to punctuation (as `\b` would demand a word character there).
 */
export function boundary(ch: string | undefined, side: 'left' | 'right'): { src: string; unicode: boolean } {
  if (ch === undefined) return { src: '', unicode: false };
  if (isAsciiWord(ch)) return { src: '\\b', unicode: false };
  if (/^[\p{L}\p{N}]$/u.test(ch)) return { src: side === 'left' ? '(?<![\\p{L}\\p{N}_])' : '(?![\\p{L}\\p{N}_])', unicode: true };
  return { src: '', unicode: false };
}

/** A boundary that suits every edge character given (all must be word characters, else none is possible). */
export function edgeBoundary(chars: readonly (string | undefined)[], side: 'left' | 'right'): { src: string; unicode: boolean } {
  const nonAscii = chars.find((c) => c !== undefined && !isAsciiWord(c));
  return boundary(nonAscii ?? chars[0], side);
}

/** The literal regex for a word or phrase (each word written by `word`), with boundaries on its word edges; whitespace runs become `\s+`. */
export function literalPattern(phrase: string, word: (w: string) => string = escapeRegex): { src: string; unicode: boolean } {
  const parts = phrase.trim().split(/\s+/).map(word);
  const first = phrase.trim()[0];
  const last = phrase.trim().slice(-1);
  const l = boundary(first, 'left');
  const r = boundary(last, 'right');
  return { src: `${l.src}${parts.join('\\s+')}${r.src}`, unicode: l.unicode || r.unicode || /[^\0-\x7f]/.test(phrase) };
}

/**
 * A lower-case word as a case-sensitive regex reads it in running text: as written, capitalised,
 * or in capitals (`(?:what|What|WHAT)`). Mixed case ("wHat") is left out for the sake of reading.
 */
export function caseForms(word: string): string {
  const forms = [...new Set([word, word.charAt(0).toUpperCase() + word.slice(1), word.toUpperCase()])].map(escapeRegex);
  return forms.length === 1 ? forms[0]! : `(?:${forms.join('|')})`;
}

// Inflectional and derivational endings, longest first. A stem keeps at least `TUNING.text.minStem` characters.
const SUFFIXES = [
  'ations', 'ation', 'ments', 'ment', 'ingly', 'ings', 'ing', 'ables', 'able', 'ibles', 'ible', 'ities', 'ity', 'ness',
  'ions', 'ion', 'ies', 'ied', 'iers', 'ier', 'ers', 'er', 'ed', 'es', 'als', 'al', 'ly', 'ful', 's', 'e', 'y',
];

/**
 * A light stem of an English-like word: the longest listed ending removed while at least four
 * characters remain; the word itself when none applies. Only ASCII letters are stemmed.
 */
export function stem(word: string): string {
  if (!/^[a-z]+$/.test(word)) return word;
  for (const s of SUFFIXES) if (word.endsWith(s) && word.length - s.length >= TUNING.text.minStem) return word.slice(0, -s.length);
  return word;
}

/** Longest common prefix of two strings. */
export function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** Words of a label name: `pending_card_payment` → pending, card, payment; `CardArrival` → card, arrival. */
export function labelWords(label: string): string[] {
  return label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);
}

/** Sorts strings by code point and removes duplicates. */
export function uniqSorted(xs: Iterable<string>): string[] {
  return [...new Set(xs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** An alternation of literals (longest first, so a prefix never shadows a longer term). */
export function alternation(values: readonly string[]): string {
  const sorted = [...new Set(values)].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length === 1) return escapeRegex(sorted[0]!);
  return `(?:${sorted.map(escapeRegex).join('|')})`;
}
