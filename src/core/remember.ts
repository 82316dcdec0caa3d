/**
 * Puts `value` in a memo map bounded to `limit` entries, dropping the oldest first (a Map iterates
 * in insertion order), and returns it. The memos it serves are pure caches: dropping the oldest
 * costs a recomputation, never a different answer.
 */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit && !map.has(key)) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}
