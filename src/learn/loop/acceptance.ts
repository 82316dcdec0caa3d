import { num } from '../prompts/render.js';
import type { Prf } from '../prompts/views.js';

/** When a change to the rules is kept. */
export interface AcceptancePolicy {
  /** F1 must rise by more than this (default 1e-9: any real rise). */
  minF1Gain: number;
  /** Or: precision rises by more than `minF1Gain` while recall falls by at most this (absolute, default 0.01). */
  recallTolerance: number;
  /**
   * Or: more corrections hold while held-out F1 falls by at most this (absolute, default 0.01).
   * Corrections are the strongest signal, yet their texts are in train, so dev F1 rarely moves for them.
   */
  correctionTolerance?: number;
}

export const DEFAULT_ACCEPTANCE: AcceptancePolicy = { minF1Gain: 1e-9, recallTolerance: 0.01, correctionTolerance: 0.01 };

/**
 * The judgement of a change that did not raise held-out F1 but makes more corrections hold (`was`
 * → `now` of `total`): accepted while F1 falls by at most the correction tolerance.
 */
export function judgeForCorrections(before: Prf, after: Prf, was: number, now: number, total: number, policy: AcceptancePolicy = DEFAULT_ACCEPTANCE, on = 'dev'): Judgement {
  const tol = policy.correctionTolerance ?? DEFAULT_ACCEPTANCE.correctionTolerance!;
  const gained = `makes ${now - was} more correction${now - was === 1 ? '' : 's'} hold (${was} → ${now} of ${total})`;
  const f = `${on} F1 ${num(before.f1)} → ${num(after.f1)}`;
  if (z(before.f1) - z(after.f1) <= tol) return { accepted: true, reason: `${gained}; ${f}, within the correction tolerance of ${tol}` };
  return { accepted: false, reason: `${gained}, but ${f} falls by more than the correction tolerance of ${tol}` };
}

export interface Judgement {
  accepted: boolean;
  reason: string;
}

// No output and no gold is "nothing yet": compared as 0, shown as n/a.
const z = (v: number | null): number => v ?? 0;

/**
 * Judges a change by held-out metrics: accepted when F1 rises, or when precision rises and recall
 * stays within the tolerance; otherwise rejected. The reason names the numbers.
 */
export function judgeChange(before: Prf, after: Prf, policy: AcceptancePolicy = DEFAULT_ACCEPTANCE, on = 'dev'): Judgement {
  const f = `${on} F1 ${num(before.f1)} → ${num(after.f1)}`;
  const p = `precision ${num(before.precision)} → ${num(after.precision)}`;
  const r = `recall ${num(before.recall)} → ${num(after.recall)}`;
  if (z(after.f1) > z(before.f1) + policy.minF1Gain) return { accepted: true, reason: `${f} (rose)` };
  if (z(after.precision) > z(before.precision) + policy.minF1Gain && z(after.recall) >= z(before.recall) - policy.recallTolerance)
    return { accepted: true, reason: `${on} ${p} rose with ${r} within the tolerance of ${policy.recallTolerance}` };
  return { accepted: false, reason: `${f}, ${p}, ${r}: no gain` };
}
