import { describe, expect, test } from 'vitest';
import { Rule } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';
import { inducePatch } from '../../../src/learn/induce/index.js';
import { scoreWith } from './datasets.js';
import { intents, judgments } from './fixtures.js';

const TIMEOUT = 60_000;

describe('inducePatch', () => {
  const task = Task.parse({ name: 'intents', type: 'classification', labels: ['cash_limit', 'pending_cash', 'pending_transfer', 'refund_request'] });
  const train = intents(31, 8, 'train');
  // Enough dev texts that where "bad" still decides after the patch, it is clearly wrong.
  const dev = intents(32, 24, 'dev');
  const current = [
    Rule.parse({ id: 'good', name: 'refunds', format: 'regex', pattern: '\\brefund', flags: 'i', output: { label: 'refund_request' }, priority: 5, provenance: 'human' }),
    // Fires on almost everything and is usually wrong: the patch should drop it.
    Rule.parse({ id: 'bad', name: 'my = limit', format: 'regex', pattern: '\\b(?:my|the)\\b', flags: 'i', output: { label: 'cash_limit' }, priority: 1, provenance: 'human' }),
  ];

  test(
    'adds rules for what the current rules miss, proposes removing a harmful one, and never edits current rules',
    async () => {
      const before = scoreWith(task, current, dev);
      const res = await inducePatch(task, train, current, { dev, seed: 1 });
      expect(res.remove).toEqual(['bad']);
      expect(res.rules.length).toBeGreaterThan(0);
      for (const r of res.rules) {
        expect(r.provenance).toBe('induced');
        expect(['good', 'bad']).not.toContain(r.id);
        // Placed above every current rule (overrides) or below them all (fallback).
        expect(r.priority === 6 || r.priority === 0).toBe(true);
      }
      const patched = [...current.filter((r) => !res.remove.includes(r.id)), ...res.rules];
      const after = scoreWith(task, patched, dev);
      expect(after.f1!).toBeGreaterThan(before.f1!);
      expect(after.precision!).toBeGreaterThanOrEqual(0.95);
      expect(res.report.stages.map((s) => s.stage)).toEqual(['current', 'patch', 'patch_prune', 'final']);
      expect(res.report.removed).toEqual(['bad']);
    },
    TIMEOUT,
  );

  test(
    'does not propose removing a current rule dev shows wrong on a few texts only',
    async () => {
      // After the patch "bad" decides four of these dev texts, one of them right: no clear harm.
      const res = await inducePatch(task, train, current, { dev: intents(32, 12, 'dev'), seed: 1 });
      expect(res.rules.length).toBeGreaterThan(0);
      expect(res.remove).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    'with no current rules it learns from scratch',
    async () => {
      const ner = Task.parse({ name: 'judgments', type: 'ner', labels: ['CODE', 'DATE'] });
      const res = await inducePatch(ner, judgments(41, 15, 'train'), [], { seed: 1 });
      expect(res.rules.length).toBeGreaterThan(0);
      expect(res.remove).toEqual([]);
    },
    TIMEOUT,
  );
});
