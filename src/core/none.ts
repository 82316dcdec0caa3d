/** What every table, report and screen shows where a value is missing (an empty ratio, an unset field). */
export const NONE = '–';

/** `show(v)`, or `NONE` when there is no value: null, undefined, or a number that is not finite. */
export function orNone<T>(v: T | null | undefined, show: (v: T) => string): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return NONE;
  return show(v);
}
