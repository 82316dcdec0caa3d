/**
 * Wilson score lower bound of a binomial proportion: how low the precision of a rule could
 * plausibly be given `support` observations. Support 0 gives 0 (nothing is known).
 */
export function wilsonLower(precision: number, support: number, z = 1.96): number {
  if (support <= 0) return 0;
  const z2 = z * z;
  const centre = precision + z2 / (2 * support);
  const margin = z * Math.sqrt((precision * (1 - precision)) / support + z2 / (4 * support * support));
  return Math.max(0, (centre - margin) / (1 + z2 / support));
}

/** Wilson score upper bound of a binomial proportion: how high it could plausibly be. Support 0 gives 1. */
export function wilsonUpper(precision: number, support: number, z = 1.96): number {
  if (support <= 0) return 1;
  const z2 = z * z;
  const centre = precision + z2 / (2 * support);
  const margin = z * Math.sqrt((precision * (1 - precision)) / support + z2 / (4 * support * support));
  return Math.min(1, (centre + margin) / (1 + z2 / support));
}
