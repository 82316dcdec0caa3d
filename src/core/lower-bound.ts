/**
 * The first index in `[0, end)` of an ascending list whose value is not below `x` (`end` when
 * none is): where `x` would be inserted to keep the list sorted, before any equal values.
 */
export function lowerBound(sorted: ArrayLike<number>, x: number, end = sorted.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
