import { orNone } from '../core/none.js';

/** A ratio for people: three decimals, or `NONE` for null (an empty denominator). */
export function ratio(v: number | null | undefined): string {
  return orNone(v, (x) => x.toFixed(3));
}

/** A signed difference (marginal F1): `+0.0123`, `-0.0040`, `0.0000`, or `NONE`. */
export function signed(v: number | null | undefined): string {
  return orNone(v, (x) => {
    const s = x.toFixed(4);
    return x > 0 && s !== '0.0000' ? `+${s}` : s === '-0.0000' ? '0.0000' : s;
  });
}

/** A count with thousands separators. */
export function count(v: number): string {
  return Number.isInteger(v) ? v.toLocaleString('en-US') : v.toFixed(2);
}

/** A number for an SVG attribute: at most two decimals, no exponent. */
export function px(v: number): string {
  return (Math.round(v * 100) / 100).toString();
}

/** A count with its noun: `1 example`, `2 examples`. */
export function plural(n: number, noun: string): string {
  return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}
