import { describe, expect, test } from 'vitest';
import { predict } from '../../../src/core/engine/predict.js';
import { checkRule } from '../../../src/core/safety/check-rule.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';
import { induceRules } from '../../../src/learn/induce/index.js';
import { scoreWith } from './datasets.js';
import { intents, judgments, receipts } from './fixtures.js';

const TIMEOUT = 60_000;

async function expectWellFormed(rules: readonly Rule[]): Promise<void> {
  expect(rules.length).toBeGreaterThan(0);
  expect(new Set(rules.map((r) => r.priority)).size).toBe(rules.length);
  for (const r of rules) {
    expect(r).toMatchObject({ provenance: 'induced', status: 'proposed', dialect: 'js', validated_precision: null });
    expect(r.id).toMatch(/^ind-[0-9a-f]{12}$/);
    const check = await checkRule(r, { mode: 'learn' });
    expect(check.problems.filter((p) => p.severity === 'reject')).toEqual([]);
  }
}

describe('induceRules: classification', () => {
  const task = Task.parse({ name: 'intents', type: 'classification', labels: ['cash_limit', 'pending_cash', 'pending_transfer', 'refund_request'] });
  const train = intents(1, 6, 'train');
  const dev = intents(2, 12, 'dev');
  const test_ = intents(3, 15, 'test');

  test(
    'learns readable trigger and conjunction rules that label unseen queries precisely',
    async () => {
      const res = await induceRules(task, train, { dev, seed: 1 });
      await expectWellFormed(res.rules);
      const s = scoreWith(task, res.rules, test_);
      expect(s.precision).toBeGreaterThanOrEqual(0.95);
      expect(s.accuracy).toBeGreaterThanOrEqual(0.85);
      // "pending" and "cash" are each ambiguous: a conjunction of the two decides pending_cash.
      const cash = predict(task, res.rules, [{ id: 'q', text: 'is my cash pending' }], { statuses: ['proposed'] }).predictions[0]!;
      expect(cash.label).toBe('pending_cash');
      expect(res.rules.some((r) => r.pattern.startsWith('^(?') && r.output.label === 'pending_cash')).toBe(true);
      // Rules are data, in execution order by priority; names say what they match.
      for (const r of res.rules) expect(r.name).toContain(`${r.output.label} <- `);
      expect(res.report.stages.map((s) => s.stage)).toEqual(['decision_list', 'dev_acceptance', 'dev_prune', 'final']);
      expect(res.report.candidates.considered).toBeGreaterThan(res.report.candidates.kept);
      expect(res.report.stages.at(-1)!.dev!.f1).toBeGreaterThan(0.9);
      expect(Object.keys(res.report.dropped).length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  test(
    'is deterministic: the same train, dev and seed give the same rules',
    async () => {
      const a = await induceRules(task, train, { dev, seed: 7 });
      const b = await induceRules(task, train, { dev, seed: 7 });
      expect(b.rules).toEqual(a.rules);
    },
    TIMEOUT,
  );

  test(
    'without dev it abstains rather than guess: few rules, high train precision',
    async () => {
      const res = await induceRules(task, [...train, ...dev], { seed: 1, status: 'active', maxRules: 12 });
      expect(res.rules.length).toBeLessThanOrEqual(12);
      expect(res.rules.every((r) => r.status === 'active')).toBe(true);
      const s = scoreWith(task, res.rules, test_);
      expect(s.precision).toBeGreaterThanOrEqual(0.9);
      expect(res.report.stages[0]!.dev).toBeNull();
    },
    TIMEOUT,
  );

  test('no train examples: nothing to learn, said in the report', async () => {
    const res = await induceRules(task, []);
    expect(res.rules).toEqual([]);
    expect(res.report.notes.join(' ')).toContain('no train examples');
  });
});

describe('induceRules: spans', () => {
  const task = Task.parse({ name: 'judgments', type: 'ner', labels: ['CODE', 'DATE'] });
  const train = judgments(11, 25, 'train');
  const dev = judgments(12, 15, 'dev');
  const test_ = judgments(13, 30, 'test');

  test(
    'generalises dates and codes by shape and context to unseen values, skipping look-alike distractors',
    async () => {
      const res = await induceRules(task, train, { dev, seed: 1 });
      await expectWellFormed(res.rules);
      const s = scoreWith(task, res.rules, test_);
      expect(s.per_class.CODE!.f1).toBeGreaterThanOrEqual(0.95);
      expect(s.per_class.DATE!.f1).toBeGreaterThanOrEqual(0.9);
      expect(s.precision).toBeGreaterThanOrEqual(0.95);
      // The years of "the 1998 Act" are not dates: a year rule needs its context ("born in", not "the").
      const yearRules = res.rules.filter((r) => r.output.label === 'DATE' && /\\d\{2\}|\\d\{4\}/.test(r.pattern) && !/[A-Z][a-z]/.test(r.pattern));
      for (const r of yearRules) expect(r.output.group === '$1' || r.pattern.includes('(?<!')).toBe(true);
    },
    TIMEOUT,
  );

  test.each([1, 2])(
    'keeps at most %i rule(s) of a label, whichever span learners the list comes from',
    async (max) => {
      const res = await induceRules(task, train, { dev, seed: 1, maxRulesPerLabel: max });
      for (const label of ['CODE', 'DATE']) expect(res.rules.filter((r) => r.output.label === label).length).toBeLessThanOrEqual(max);
      expect(res.rules.length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  test.each([1, 2, 3])(
    'keeps at most %i rule(s) in all (--max-rules), whichever span learners the list comes from',
    async (max) => {
      const res = await induceRules(task, train, { dev, seed: 1, maxRules: max });
      expect(res.rules.length).toBeLessThanOrEqual(max);
      expect(res.rules.length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  test(
    'respects annotated universes: a label an example does not assert is never learned from it',
    async () => {
      const onlyCode = train.map((e) => ({ ...e, annotated: ['CODE'], spans: (e.spans ?? []).filter((s) => s.label === 'CODE') }));
      const res = await induceRules(task, onlyCode, { seed: 1 });
      expect(res.rules.every((r) => r.output.label === 'CODE')).toBe(true);
    },
    TIMEOUT,
  );
});

describe('induceRules: transformation', () => {
  const task = Task.parse({ name: 'receipts', type: 'transformation', matching: { matchers: { total: { name: 'numeric_tolerance', options: { abs: 0.001 } } } } });
  const train = receipts(21, 30, 'train');
  const dev = receipts(22, 20, 'dev');
  const test_ = receipts(23, 30, 'test');

  test(
    'learns field extractors anchored on the label word before the value',
    async () => {
      const res = await induceRules(task, train, { dev, seed: 1 });
      await expectWellFormed(res.rules);
      const s = scoreWith(task, res.rules, test_);
      expect(s.per_class.total!.f1).toBeGreaterThanOrEqual(0.95);
      expect(s.per_class.date!.f1).toBeGreaterThanOrEqual(0.95);
      const total = res.rules.filter((r) => r.output.label === 'total');
      expect(total.some((r) => r.output.group === '$1' && r.pattern.includes('TOTAL'))).toBe(true);
    },
    TIMEOUT,
  );
});
