/** How long to wait between attempts. */
export interface BackoffPolicy {
  /** The first retry waits about this long; each further one doubles it. */
  baseMs: number;
  /** No wait is longer than this, a server's Retry-After included. */
  maxMs: number;
}

/**
 * Exponential backoff with jitter for retry number `retry` (0 for the first retry): a uniformly
 * drawn wait between half and all of `base * 2^retry`, capped, so clients that failed together do
 * not retry together.
 */
export function backoffMs(retry: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** retry);
  return Math.round(ceiling * (0.5 + 0.5 * random()));
}

/**
 * The wait a server asked for: `retry-after-ms`, or `Retry-After` in seconds or as an HTTP date.
 * Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait before retry number `retry`: the server's Retry-After when it gave one, else backoff; capped. */
export function retryDelayMs(
  retry: number,
  policy: BackoffPolicy,
  serverAskedMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (serverAskedMs !== undefined) return Math.min(policy.maxMs, serverAskedMs);
  return backoffMs(retry, policy, random);
}
