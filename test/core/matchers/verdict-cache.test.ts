import { describe, expect, test } from 'vitest';
import { RulewrightError } from '../../../src/core/errors.js';
import { VerdictCache, cachedVerdict, prefetchVerdicts, verdictKey } from '../../../src/core/matchers/verdict-cache.js';

const slow = (passed: boolean, log: string[], tag: string) => async () => {
  log.push(tag);
  return { score: passed ? 1 : 0, passed, reason: tag };
};

describe('VerdictCache', () => {
  test('keys separate matcher, gold and prediction', () => {
    expect(verdictKey('m', 'a', 'b')).not.toBe(verdictKey('m', 'ab', ''));
    expect(verdictKey('m', { x: 1, y: 2 }, 1)).toBe(verdictKey('m', { y: 2, x: 1 }, 1));
  });

  test('outside a pre-pass a miss is a usage error, inside it is deferred once', async () => {
    const cache = new VerdictCache();
    const log: string[] = [];
    expect(() => cachedVerdict({ verdicts: cache }, 'm', 'm', 'a', 'b', slow(true, log, 'ab'))).toThrow(RulewrightError);
    cache.collecting = true;
    expect(cachedVerdict({ verdicts: cache }, 'm', 'm', 'a', 'b', slow(true, log, 'ab')).reason).toMatch(/^pending/);
    cachedVerdict({ verdicts: cache }, 'm', 'm', 'a', 'b', slow(true, log, 'ab'));
    expect(cache.pendingCount).toBe(1);
    expect(await cache.resolvePending()).toBe(1);
    expect(log).toEqual(['ab']);
    cache.collecting = false;
    expect(cachedVerdict({ verdicts: cache }, 'm', 'm', 'a', 'b', slow(false, log, 'again')).passed).toBe(true);
  });

  test('the pre-pass repeats while a greedy pass asks for new pairs', async () => {
    const cache = new VerdictCache();
    const log: string[] = [];
    const ctx = { verdicts: cache };
    // The second comparison is only made once the first is known to pass (a provisional verdict fails).
    const pass = () => {
      if (cachedVerdict(ctx, 'm', 'm', 'g', 'p1', slow(true, log, 'p1')).passed) cachedVerdict(ctx, 'm', 'm', 'g', 'p2', slow(true, log, 'p2'));
    };
    const r = await prefetchVerdicts(cache, pass);
    expect(log).toEqual(['p1', 'p2']);
    expect(r).toEqual({ computed: 2, rounds: 2 });
    expect(cache.collecting).toBe(false);
  });

  test('resolves at most `concurrency` verdicts at a time', async () => {
    const cache = new VerdictCache();
    cache.collecting = true;
    let running = 0;
    let peak = 0;
    for (let i = 0; i < 10; i++)
      cache.defer(`k${i}`, async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 2));
        running--;
        return { score: 1, passed: true, reason: '' };
      });
    await cache.resolvePending(3);
    expect(peak).toBe(3);
    expect(cache.size).toBe(10);
  });
});
