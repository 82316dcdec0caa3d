/** Ascending lists of ids (a document's features, a feature's documents): membership and merging. */

/** Whether an ascending list holds `x` (binary search). */
export function holds(sorted: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === x) return true;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Calls `each` with every id both ascending lists hold, in order. */
export function forEachShared(a: Int32Array, b: Int32Array, each: (x: number) => void): void {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      each(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
}

/** The ids both ascending lists hold, ascending. */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  forEachShared(a, b, (x) => out.push(x));
  return Int32Array.from(out);
}
