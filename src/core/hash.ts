import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal values always serialize the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Order-independent hash of a collection: hash each item, sort, hash the list. */
export function setHash(itemHashes: Iterable<string>): string {
  return sha256([...itemHashes].sort().join('\n'));
}
