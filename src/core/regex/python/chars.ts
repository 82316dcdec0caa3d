/** Writing code points into JavaScript `u`-mode pattern source. */

const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const CLASS_SYNTAX = new Set([...'\\]-[^']);
const PLAIN = /^[\p{L}\p{N}\p{P}\p{S} ]$/u;

const hex = (cp: number): string => `\\u{${cp.toString(16)}}`;

function write(cp: number, syntax: ReadonlySet<string>): string {
  const c = String.fromCodePoint(cp);
  if (syntax.has(c)) return `\\${c}`;
  return PLAIN.test(c) && !(cp >= 0xd800 && cp <= 0xdfff) ? c : hex(cp);
}

// ASCII is most of what patterns hold: its spellings are looked up, not recomputed.
const ASCII_LITERAL = Array.from({ length: 128 }, (_, cp) => write(cp, SYNTAX));
const ASCII_CLASS_LITERAL = Array.from({ length: 128 }, (_, cp) => write(cp, CLASS_SYNTAX));

/** A code point as a literal outside a class. */
export function literal(cp: number): string {
  return cp < 128 ? ASCII_LITERAL[cp]! : write(cp, SYNTAX);
}

/** A code point as a member of a class. */
export function classLiteral(cp: number): string {
  return cp < 128 ? ASCII_CLASS_LITERAL[cp]! : write(cp, CLASS_SYNTAX);
}

/** The members of a class matching everything outside the given sorted, disjoint ranges. */
export function complementRanges(ranges: readonly (readonly [number, number])[]): string {
  let out = '';
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out += lo - 1 > next ? `${classLiteral(next)}-${classLiteral(lo - 1)}` : classLiteral(next);
    next = hi + 1;
  }
  if (next <= 0x10ffff) out += `${classLiteral(next)}-${classLiteral(0x10ffff)}`;
  return out;
}
