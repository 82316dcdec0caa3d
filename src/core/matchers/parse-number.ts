const NUMBER = /\d[\d.,'\u00A0\u202F]*/u;
// A minus sign before the number, possibly with a currency between ("-RM1.73", "RM -1.73").
const MINUS = /[-\u2212][\s\p{L}\p{Sc}.]*$/u;

/**
 * Reads a number from a value such as `9`, `"9.00"`, `"RM 9.00"`, `"$8.20"`, `"1,234.50"`,
 * `"-RM1.73"` or `"(1.73)"` (accounting negative). `decimal` is the decimal mark; the other mark
 * and spaces/apostrophes are thousands separators. Returns null when there is no number.
 */
export function parseNumber(value: unknown, decimal: '.' | ',' = '.'): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  const m = NUMBER.exec(s);
  if (!m) return null;
  let digits = m[0].replace(/[.,'\u00A0\u202F]+$/u, '');
  const thousands = decimal === '.' ? /[,'\u00A0\u202F]/gu : /[.'\u00A0\u202F]/gu;
  digits = digits.replace(thousands, '');
  if (decimal === ',') digits = digits.replace(',', '.');
  if ((digits.match(/\./g)?.length ?? 0) > 1) return null;
  let n = Number(digits);
  if (!Number.isFinite(n)) return null;
  const before = s.slice(0, m.index);
  if (MINUS.test(before) || (s.startsWith('(') && s.endsWith(')'))) n = -n;
  return n;
}
