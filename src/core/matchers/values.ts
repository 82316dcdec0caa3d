import { canonicalJson } from '../hash.js';
import type { Verdict } from './verdict.js';

/** A value as text for text matchers: strings as they are, numbers and booleans printed, null as ''. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return canonicalJson(value);
}

/** Deep equality: strings and numbers by `===`, structures by canonical JSON. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return canonicalJson(a) === canonicalJson(b);
}

/** Short printable form of a value for reasons. */
export function show(value: unknown, max = 60): string {
  const s = typeof value === 'string' ? JSON.stringify(value) : asText(value) || String(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function verdict(passed: boolean, score: number, reason: string, details?: Record<string, unknown>): Verdict {
  return details === undefined ? { score, passed, reason } : { score, passed, reason, details };
}
