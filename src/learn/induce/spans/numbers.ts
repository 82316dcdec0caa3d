import { escapeRegex } from '../text.js';
import { TUNING } from '../tuning.js';

/** A number written with digit groups and a fractional part, as the data spells it (`4,500.00`, `12.5`, `300`). */
export interface NumberParts {
  /** Digits before the first group separator (or the whole integer part). */
  lead: string;
  /** Separator of thousands groups, when the number has groups. */
  groupSep: string | null;
  /** How many three-digit groups follow the lead. */
  groups: number;
  /** Separator of the fractional part, when there is one. */
  decimalSep: string | null;
  /** Digits after the decimal separator ('' when none). */
  decimals: string;
}

const SEPARATORS = new Set([',', '.']);
const DIGITS = /^[0-9]+$/;

/**
 * Reads digit runs joined by `,` or `.` as one number, or null when they do not read as one: group
 * separators must all be the same character with three digits after each and a lead of one to
 * three digits; a last separator with other than three digits after it (or a different character)
 * is the decimal point. `12.03.2001` and `1.2.3` are not numbers.
 */
export function parseNumber(runs: readonly string[], seps: readonly string[]): NumberParts | null {
  if (runs.length !== seps.length + 1 || !runs.every((r) => DIGITS.test(r)) || !seps.every((s) => SEPARATORS.has(s))) return null;
  const lead = runs[0]!;
  if (!seps.length) return { lead, groupSep: null, groups: 0, decimalSep: null, decimals: '' };
  const last = seps.length - 1;
  const lastTail = runs[last + 1]!;
  const isDecimal = lastTail.length !== 3 || seps[last] !== seps[0] || (seps.length === 1 && lead.length > 3);
  const groupSeps = isDecimal ? seps.slice(0, last) : seps;
  const groupRuns = runs.slice(1, 1 + groupSeps.length);
  if (groupSeps.length) {
    if (lead.length > 3 || !groupRuns.every((r) => r.length === 3) || groupSeps.some((s) => s !== groupSeps[0])) return null;
    if (isDecimal && seps[last] === groupSeps[0]) return null;
  }
  return {
    lead,
    groupSep: groupSeps[0] ?? null,
    groups: groupSeps.length,
    decimalSep: isDecimal ? seps[last]! : null,
    decimals: isDecimal ? lastTail : '',
  };
}

/**
 * A digit count as the data shows it: one count with enough support stays fixed (years, codes),
 * one count seen too rarely to trust says nothing about the count (`\d+`), two counts become a
 * range, and counts that vary more leave the upper end open.
 */
export function digitRange(lengths: readonly number[]): string {
  const distinct = [...new Set(lengths)];
  const lo = Math.min(...lengths);
  const hi = Math.max(...lengths);
  if (distinct.length === 1 && lengths.length >= TUNING.spans.fixedDigitsSupport) return `\\d{${lo}}`;
  if (distinct.length === 1) return '\\d+';
  if (distinct.length >= TUNING.spans.openDigitCounts) return lo === 1 ? '\\d+' : `\\d{${lo},}`;
  return `\\d{${lo},${hi}}`;
}

/**
 * One regex for the numbers of a slot, learned from them: the lead's digit counts, thousands groups
 * as a repetition when any number has them (`\d{1,3}(?:,\d{3})*`), and the fractional part required
 * when every number has one and optional when only some do (`(?:\.\d{2})?`). Null when the numbers
 * disagree on which character separates groups or decimals.
 */
export function numberSource(values: readonly NumberParts[]): string | null {
  const groupSeps = new Set(values.flatMap((v) => (v.groupSep ? [v.groupSep] : [])));
  const decimalSeps = new Set(values.flatMap((v) => (v.decimalSep ? [v.decimalSep] : [])));
  if (groupSeps.size > 1 || decimalSeps.size > 1) return null;
  const g = [...groupSeps][0];
  const d = [...decimalSeps][0];
  if (g !== undefined && g === d) return null;
  const grouped = values.filter((v) => v.groups > 0);
  // A grouped lead has one to three digits whatever the examples showed.
  const ungrouped = values.filter((v) => v.groups === 0).map((v) => v.lead.length);
  let src = grouped.length === values.length ? '\\d{1,3}' : digitRange([...ungrouped, ...(grouped.length ? [1, 3] : [])]);
  if (g !== undefined) src += `(?:${escapeRegex(g)}\\d{3})*`;
  const fractional = values.filter((v) => v.decimalSep);
  if (d !== undefined) {
    const tail = `${escapeRegex(d)}${digitRange(fractional.map((v) => v.decimals.length))}`;
    src += fractional.length === values.length ? tail : `(?:${tail})?`;
  }
  return src;
}
