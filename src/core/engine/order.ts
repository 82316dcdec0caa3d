import { wilsonLower } from '../metrics/wilson.js';
import type { Rule } from '../schemas/rule.js';

/**
 * Python's `str.casefold()` approximated as lower(upper(s)): full case mappings make `ß` → `ss`
 * and fold `ς`/`σ`, which plain `toLowerCase` does not. Used for the name tie-break, as RuleChef
 * sorts names casefolded.
 */
export function casefold(s: string): string {
  return s.toUpperCase().toLowerCase();
}

/** Compares strings by code point (Python's order), not by UTF-16 unit as `<` does. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Only a surrogate against a unit above the surrogate range sorts differently by code point.
    if (x >= 0xd800 && y >= 0xd800) return a.codePointAt(i)! - b.codePointAt(i)!;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The Wilson lower bound a rule is ordered by: of its validated precision and support, or 0 when
 * it has none (nothing is known yet, as with support 0).
 */
export function ruleTrust(rule: Rule, z = 1.96): number {
  return rule.validated_precision === null ? 0 : wilsonLower(rule.validated_precision, rule.validated_support, z);
}

/**
 * The rules in execution order (a new array; the input is not changed): priority (higher first),
 * then the Wilson lower bound of validated precision (higher first), then confidence (higher
 * first), then the casefolded name, then the id (both by code point, ascending). Total and
 * deterministic, so ties never depend on input order.
 */
export function orderRules<R extends Rule>(rules: readonly R[], z = 1.96): R[] {
  const keyed = rules.map((r) => ({ r, trust: ruleTrust(r, z), name: casefold(r.name) }));
  keyed.sort(
    (a, b) =>
      b.r.priority - a.r.priority ||
      b.trust - a.trust ||
      b.r.confidence - a.r.confidence ||
      compareCodePoints(a.name, b.name) ||
      compareCodePoints(a.r.id, b.r.id),
  );
  return keyed.map((k) => k.r);
}
