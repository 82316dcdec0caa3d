import { wilsonLower } from '../core/metrics/wilson.js';

/**
 * The Wilson score interval of a precision measured on `support` outputs: the lower end is the
 * bound the rest of rulewright uses (`wilsonLower`), the upper end its mirror image
 * (1 − lower bound of 1 − precision). Null when there is no support.
 */
export function wilsonInterval(precision: number | null, support: number, z: number): { lower: number; upper: number } | null {
  if (precision === null || support <= 0) return null;
  return { lower: wilsonLower(precision, support, z), upper: Math.min(1, 1 - wilsonLower(1 - precision, support, z)) };
}
