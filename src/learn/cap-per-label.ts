import { orderRules } from '../core/engine/order.js';
import type { Rule } from '../core/schemas/rule.js';

/**
 * Keeps at most `max` rules of each label, the first in execution order (the inducer orders its
 * best first), so every learner's list obeys `learn --max-rules-per-label` whatever it capped
 * itself. `taken` counts rules a label already has (a patch adds to the active list). Kept rules
 * stay in their given order.
 */
export function capPerLabel<R extends Rule>(rules: readonly R[], max: number, taken: ReadonlyMap<string, number> = new Map()): { kept: R[]; dropped: number } {
  const used = new Map(taken);
  const keep = new Set<R>();
  for (const r of orderRules(rules)) {
    const n = used.get(r.output.label) ?? 0;
    if (n >= max) continue;
    used.set(r.output.label, n + 1);
    keep.add(r);
  }
  return { kept: rules.filter((r) => keep.has(r)), dropped: rules.length - keep.size };
}

/** Active rules per label: what a patch's new rules add to. */
export function activePerLabel(rules: readonly Rule[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rules) if (r.status === 'active') out.set(r.output.label, (out.get(r.output.label) ?? 0) + 1);
  return out;
}
