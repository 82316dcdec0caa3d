/** A string split into what two versions share and what changed between them. */
export interface InlineDiff {
  readonly prefix: string;
  readonly removed: string;
  readonly added: string;
  readonly suffix: string;
}

/**
 * The changed middle of two strings after their common prefix and suffix: for one edit of a
 * pattern (the usual change between rule versions) this is exactly the edit.
 */
export function inlineDiff(before: string, after: string): InlineDiff {
  let p = 0;
  const max = Math.min(before.length, after.length);
  while (p < max && before[p] === after[p]) p++;
  let s = 0;
  while (s < max - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  return {
    prefix: before.slice(0, p),
    removed: before.slice(p, before.length - s),
    added: after.slice(p, after.length - s),
    suffix: before.slice(before.length - s),
  };
}
