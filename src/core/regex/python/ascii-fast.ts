import { LruCache } from '../cache.js';
import { classLiteral } from './chars.js';

/**
 * The ASCII fast path. V8 tests a character against a large Unicode property class far more slowly
 * than against a few ASCII ranges, so a class `C` that holds such a property is written as
 * `(?:A|(?=N)C)`, where `A` is exactly the ASCII part of `C` and `N` is "not ASCII": the same
 * characters, but an ASCII character is settled by `A` alone. Inside a lookbehind, which V8
 * matches right to left, the guard goes after the class: `(?:A|C(?<=N))`.
 */

const NON_ASCII = '[^\\0-\\x7f]';
const SMALL_PROPERTIES = /\\[pP]\{(?:White_Space|Zs|Zl|Zp|Z|Cc)\}/g;
const asciiParts = new LruCache<string, string>(4000);

/** The ASCII members of a class expression as a class, or '' when there are none. */
function asciiPart(expr: string): string {
  let part = asciiParts.get(expr);
  if (part === undefined) {
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
    part = out && `[${out}]`;
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
