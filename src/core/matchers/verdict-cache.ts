import { RulewrightError } from '../errors.js';
import { canonicalJson } from '../hash.js';
import type { Verdict } from './verdict.js';

const PENDING: Verdict = Object.freeze({
  score: 0,
  passed: false,
  reason: 'pending: verdict not computed yet',
}) as Verdict;

/**
 * Verdicts of asynchronous matchers (LLM rubric, remote embedders), keyed by
 * (matcher + options, gold, predicted). Scoring stays synchronous: an async pre-pass runs the
 * scorer once in "collecting" mode, which records the pairs it needed, resolves them, and fills
 * this cache; the real scoring pass then reads it.
 */
export class VerdictCache {
  private readonly done = new Map<string, Verdict>();
  private readonly pending = new Map<string, () => Promise<Verdict>>();
  /** While true, a cache miss is recorded and answered with a provisional failing verdict. */
  collecting = false;

  get size(): number {
    return this.done.size;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get(key: string): Verdict | undefined {
    return this.done.get(key);
  }

  set(key: string, verdict: Verdict): void {
    this.done.set(key, verdict);
  }

  defer(key: string, compute: () => Promise<Verdict>): Verdict {
    if (!this.pending.has(key)) this.pending.set(key, compute);
    return PENDING;
  }

  /** Computes every deferred verdict, at most `concurrency` at a time. Returns how many were computed. */
  async resolvePending(concurrency = 4): Promise<number> {
    const jobs = [...this.pending];
    this.pending.clear();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) {
        const [key, compute] = jobs[next++]!;
        this.done.set(key, await compute());
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, worker));
    return jobs.length;
  }
}

/** The cache key of one comparison. */
export function verdictKey(matcherKey: string, gold: unknown, predicted: unknown): string {
  return `${matcherKey}\u0001${typeof gold === 'string' ? gold : canonicalJson(gold)}\u0001${
    typeof predicted === 'string' ? predicted : canonicalJson(predicted)
  }`;
}

/**
 * The synchronous face of an asynchronous comparison: a cached verdict, or (while collecting)
 * a deferral, or a clear error saying the pre-pass was skipped.
 */
export function cachedVerdict(
  // Only the cache is read; typed as that much so this module need not import MatcherContext,
  // which holds a VerdictCache.
  ctx: { verdicts?: VerdictCache | undefined },
  name: string,
  matcherKey: string,
  gold: unknown,
  predicted: unknown,
  compute: () => Promise<Verdict>,
): Verdict {
  const cache = ctx.verdicts;
  const key = verdictKey(matcherKey, gold, predicted);
  const hit = cache?.get(key);
  if (hit) return hit;
  if (cache?.collecting) return cache.defer(key, compute);
  throw new RulewrightError(
    'USAGE',
    `matcher ${name} answers asynchronously and this pair was not prepared: score with scoreAllAsync ` +
      `(or call prefetchVerdicts with a VerdictCache in the context) before scoring synchronously`,
  );
}

/**
 * Runs `scoreAll` (a synchronous pass over everything that will be scored) in collecting mode,
 * resolves the asynchronous verdicts it needed, and repeats until none are missing (a greedy
 * matcher may ask for new pairs once earlier verdicts are known). Afterwards synchronous scoring
 * with the same cache reads every verdict it needs.
 */
export async function prefetchVerdicts(
  cache: VerdictCache,
  scoreAll: () => void,
  options: { concurrency?: number; maxRounds?: number } = {},
): Promise<{ computed: number; rounds: number }> {
  const maxRounds = options.maxRounds ?? 8;
  let computed = 0;
  let rounds = 0;
  cache.collecting = true;
  try {
    for (; rounds < maxRounds; rounds++) {
      scoreAll();
      if (cache.pendingCount === 0) break;
      computed += await cache.resolvePending(options.concurrency);
    }
  } finally {
    cache.collecting = false;
  }
  return { computed, rounds };
}
