import { LruCache } from '../cache.js';
import { classLiteral } from './chars.js';
import { WORD_ITEMS } from './word.js';

/**
 * The ASCII fast paths. V8 tests a character against a large Unicode property class far more slowly
 * than against a few ASCII ranges, and compiling such a class (on a pattern's first use) costs
 * milliseconds per class. Two remedies:
 * - in the faithful translation, a class `C` that holds such a property is written as
 *   `(?:A|(?=N)C)`, where `A` is exactly the ASCII part of `C` and `N` is "not ASCII": the same
 *   characters, but an ASCII character is settled by `A` alone. Inside a lookbehind, which V8
 *   matches right to left, the guard goes after the class: `(?:A|C(?<=N))`;
 * - the ASCII-text translation (`asciiOnly`) writes every class holding a property as `A` alone:
 *   on a text with no character above U+007F it matches exactly what the faithful one does, and
 *   it compiles in microseconds.
 */

const NON_ASCII = '[^\\0-\\x7f]';
const SMALL_PROPERTIES = /\\[pP]\{(?:White_Space|Zs|Zl|Zp|Z|Cc)\}/g;
const PROPERTY = /\\[pP]\{/;

/**
 * The ASCII parts of the classes nearly every pattern holds (`\w`, `\W`, `\d`, `\D`, `\s`, `\S` as
 * the emitter writes them), known in advance: computing one compiles its Unicode class, the very
 * cost the ASCII-text translation avoids. A test recomputes each.
 */
export const KNOWN_ASCII_PARTS: ReadonlyMap<string, string> = new Map([
  [`[${WORD_ITEMS}]`, '[0-9A-Z_a-z]'],
  [`(?:[^${WORD_ITEMS}])`, '[\\u{0}-/:-@\\[-\\^`{-\\u{7f}]'],
  ['[\\p{Nd}]', '[0-9]'],
  ['[\\P{Nd}]', '[\\u{0}-/:-\\u{7f}]'],
  ['[\\p{White_Space}]', '[\\u{9}-\\u{d} ]'],
  ['[\\P{White_Space}]', '[\\u{0}-\\u{8}\\u{e}-\\u{1f}!-\\u{7f}]'],
]);

const asciiParts = new LruCache<string, string>(4000);

/** The ASCII members of a class expression (one code point, `u` mode) as a class, or '' when there are none; computed. */
export function computeAsciiPart(expr: string): string {
  const re = new RegExp(`^(?:${expr})$`, 'u');
  let out = '';
  let start = -1;
  for (let cp = 0; cp <= 0x80; cp++) {
    const inside = cp < 0x80 && re.test(String.fromCharCode(cp));
    if (inside && start < 0) start = cp;
    if (!inside && start >= 0) {
      out += cp - 1 === start ? classLiteral(start) : `${classLiteral(start)}-${classLiteral(cp - 1)}`;
      start = -1;
    }
  }
  return out && `[${out}]`;
}

/** `computeAsciiPart`, known or cached. */
function asciiPart(expr: string): string {
  let part = KNOWN_ASCII_PARTS.get(expr) ?? asciiParts.get(expr);
  if (part === undefined) {
    part = computeAsciiPart(expr);
    asciiParts.set(expr, part);
  }
  return part;
}

/** Whether a class expression holds a property large enough for the fast path to pay. */
export function worthFastPath(expr: string): boolean {
  return /\\[pP]\{/.test(expr.replace(SMALL_PROPERTIES, ''));
}

/** `expr` (one code point, e.g. `[\p{L}_]`) with an exact ASCII fast path; `backward` inside lookbehinds. */
export function withAsciiFastPath(expr: string, backward: boolean): string {
  const ascii = asciiPart(expr);
  const rest = backward ? `${expr}(?<=${NON_ASCII})` : `(?=${NON_ASCII})${expr}`;
  return ascii ? `(?:${ascii}|${rest})` : `(?:${rest})`;
}

/**
 * `expr` (one code point) for the ASCII-text translation: a class holding a Unicode property
 * becomes its ASCII members (`[]`, which never matches, when it has none); any other class is kept
 * as it is, already cheap.
 */
export function asciiOnly(expr: string): string {
  return PROPERTY.test(expr) ? asciiPart(expr) || '[]' : expr;
}
