const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10,
  november: 11, december: 12,
};

export interface DateParseOptions {
  /** `01/02/2018` is 1 February when true (the default), 2 January when false. */
  dayFirst: boolean;
  /** Two-digit years below this are 20xx, the rest 19xx. */
  pivot: number;
}

const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;
const TIME = /(?:[\sT,]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?m\.?)?(?:Z|[+-]\d{2}:?\d{2})?)$/i;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const COMPACT = /^(\d{2})(\d{2})(\d{2})(\d{2})$/;
const NUMERIC = /^(\d{1,2})\s*[-/. ]\s*(\d{1,2})\s*[-/. ]\s*(\d{4}|\d{2})$/;
const DAY_MONTH = /^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.,]*(?:of\s+)?([a-z]{3,9})\.?[\s\-/.,]*(\d{4}|\d{2})$/i;
const MONTH_DAY = /^([a-z]{3,9})\.?[\s\-/.]*(\d{1,2})(?:st|nd|rd|th)?[\s,\-/.]+(\d{4}|\d{2})$/i;

function year(text: string, pivot: number): number {
  const y = Number(text);
  if (text.length !== 2) return y;
  return y < pivot ? 2000 + y : 1900 + y;
}

function valid(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1]!;
}

function iso(y: number, m: number, d: number): string | null {
  if (!valid(y, m, d)) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function numeric(a: number, b: number, y: number, o: DateParseOptions): string | null {
  const [d, mo] = o.dayFirst ? [a, b] : [b, a];
  return iso(y, mo, d) ?? iso(y, d, mo);
}

/**
 * Reads a written date (`25/12/2018`, `12-01-19`, `JAN 18, 2018`, `18 January 2018`, `2018-01-18`,
 * `20180304`, `25032018`, `05 MAR 2018`, `24-MAR-2018`, `11.02.18`, `(06/12/2016)`, with an optional weekday or
 * time) as an ISO date `YYYY-MM-DD`, or null. All-numeric dates are day-first unless
 * `dayFirst` is false; when only the other reading is a real date (`12/25/2018`), that one is used.
 */
export function parseDate(value: unknown, o: DateParseOptions): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return null;
  let s = value.trim().replace(/^[([{]\s*/, '').replace(/\s*[)\]}]$/, '');
  s = s.replace(WEEKDAY, '').replace(TIME, '').trim();
  let m = YEAR_FIRST.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = COMPACT.exec(s);
  if (m) {
    // yyyymmdd when it reads as one (19xx/20xx), else ddmmyyyy (or mmddyyyy).
    const head = Number(m[1]! + m[2]!);
    const yearFirst = head >= 1900 && head < 2100 ? iso(head, Number(m[3]), Number(m[4])) : null;
    return yearFirst ?? numeric(Number(m[1]), Number(m[2]), Number(m[3]! + m[4]!), o);
  }
  m = NUMERIC.exec(s);
  if (m) return numeric(Number(m[1]), Number(m[2]), year(m[3]!, o.pivot), o);
  m = DAY_MONTH.exec(s);
  if (m) {
    const mo = MONTHS[m[2]!.toLowerCase()];
    return mo ? iso(year(m[3]!, o.pivot), mo, Number(m[1])) : null;
  }
  m = MONTH_DAY.exec(s);
  if (m) {
    const mo = MONTHS[m[1]!.toLowerCase()];
    return mo ? iso(year(m[3]!, o.pivot), mo, Number(m[2])) : null;
  }
  return null;
}
