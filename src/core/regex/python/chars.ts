/** Writing code points into JavaScript `u`-mode pattern source. */

const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const CLASS_SYNTAX = new Set([...'\\]-[^']);
const PLAIN = /^[\p{L}\p{N}\p{P}\p{S} ]$/u;

const hex = (cp: number): string => `\\u{${cp.toString(16)}}`;

/** A code point as a literal outside a class. */
export function literal(cp: number): string {
  const c = String.fromCodePoint(cp);
  if (SYNTAX.has(c)) return `\\${c}`;
  return PLAIN.test(c) && !(cp >= 0xd800 && cp <= 0xdfff) ? c : hex(cp);
}

/** A code point as a member of a class. */
export function classLiteral(cp: number): string {
  const c = String.fromCodePoint(cp);
  if (CLASS_SYNTAX.has(c)) return `\\${c}`;
  return PLAIN.test(c) && !(cp >= 0xd800 && cp <= 0xdfff) ? c : hex(cp);
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
