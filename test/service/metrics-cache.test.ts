import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { decodeCachedMetrics, latestComputedAt, staleReasons } from '../../src/service/metrics-cache.js';
import type { CachedRuleMetrics } from '../../src/store/rule-metrics.js';

const row = (rule_id: string, metrics: Record<string, unknown>, computed_at = '2025-01-01T00:00:00Z'): CachedRuleMetrics => ({
  rule_id,
  split: 'dev',
  rule_hash: `h-${rule_id}`,
  dataset_hash: 'D',
  ruleset_hash: 'R',
  metrics,
  computed_at,
});

describe('stored metrics', () => {
  test('rows the schema cannot read are counted, the others decoded with their row', () => {
    const rows = [row('a', { tp: 1 }), row('b', { tp: 'x' }), row('c', { tp: 3 })];
    const { decoded, invalid } = decodeCachedMetrics(rows, z.object({ tp: z.number() }));
    expect(decoded.map((d) => [d.row.rule_id, d.data.tp])).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
    expect(invalid).toBe(1);
  });

  test('with nothing stored, the only reason is to run metrics, and nothing is hashed', () => {
    const never = () => {
      throw new Error('hashed');
    };
    expect(staleReasons('dev', [], { datasetHash: never, rulesetHash: never, missing: never, invalid: 0 })).toEqual(['no metrics computed on dev yet: run `rulewright metrics`']);
  });

  test.each([
    ['D', 'R', 0, 0, []],
    ['D2', 'R', 0, 0, ['the examples changed since the metrics were computed']],
    ['D', 'R2', 1, 1, ['the rules changed since the metrics were computed', '1 active rule has no metrics yet', '1 stored row could not be read (written by another version)']],
    ['D', 'R', 2, 3, ['2 active rules have no metrics yet', '3 stored rows could not be read (written by another version)']],
  ])('data %s, rules %s, %i missing, %i unreadable: %j', (datasetHash, rulesetHash, missing, invalid, reasons) => {
    expect(staleReasons('dev', [row('a', {})], { datasetHash: () => datasetHash, rulesetHash: () => rulesetHash, missing: () => missing, invalid })).toEqual(reasons);
  });

  test('the newest computed_at, or null without rows', () => {
    expect(latestComputedAt([row('a', {}, '2025-01-02T00:00:00Z'), row('b', {}, '2025-03-01T00:00:00Z'), row('c', {}, '2025-02-01T00:00:00Z')])).toBe('2025-03-01T00:00:00Z');
    expect(latestComputedAt([])).toBeNull();
  });
});
