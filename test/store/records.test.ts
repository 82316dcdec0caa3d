import { describe, expect, test } from 'vitest';
import { Correction, Feedback } from '../../src/core/schemas/index.js';
import { Store } from '../../src/store/index.js';
import { makeTask, useTempDir } from '../helpers/temp.js';

describe('runs, llm calls, corrections, feedback, metrics cache and undo log', () => {
  const tmp = useTempDir();
  const open = () => {
    const s = Store.open(tmp.path('w.db'), { create: true });
    return { s, id: s.datasets.insert(makeTask({ name: 'n', type: 'classification' })).id };
  };

  test('runs are recorded with hashes and listed newest first', () => {
    const { s, id } = open();
    const base = { dataset_hash: 'd1', ruleset_hash: 'r1', config: { split: 'dev' }, result: { f1: 0.5 }, elapsed_ms: 12.5 };
    const first = s.runs.insert(id, { ...base, kind: 'eval' });
    s.runs.insert(id, { ...base, kind: 'rank' });
    const third = s.runs.insert(id, { ...base, kind: 'eval', result: { f1: 0.75 } });
    expect(first).toMatchObject({ dataset: 'n', kind: 'eval', config: { split: 'dev' }, elapsed_ms: 12.5 });
    expect(s.runs.list(id).map((r) => r.id)).toEqual([third.id, third.id - 1, first.id]);
    expect(s.runs.latest(id, 'eval')?.result).toEqual({ f1: 0.75 });
    s.db.prepare('UPDATE runs SET config = ? WHERE id = ?').run('[1]', first.id);
    expect(() => s.runs.get(first.id)).toThrow(expect.objectContaining({ code: 'STORE' }));
    s.close();
  });

  test('llm calls are recorded per run with totals', () => {
    const { s, id } = open();
    const run = s.runs.insert(id, { kind: 'learn', dataset_hash: 'd', ruleset_hash: 'r', config: {}, result: {}, elapsed_ms: 1 });
    const call = { run_id: run.id, model: 'm', purpose: 'synthesize', request: { messages: [] }, response: '{}', prompt_tokens: 10, completion_tokens: 5, latency_ms: 3, cost_usd: 0.01, error: null };
    s.llmCalls.insert(id, call);
    s.llmCalls.insert(id, { ...call, prompt_tokens: 20 });
    expect(s.llmCalls.list({ runId: run.id })).toHaveLength(2);
    expect(s.llmCalls.list({ runId: run.id })[0]!.request).toEqual({ messages: [] });
    expect(s.llmCalls.totals(run.id)).toEqual({ calls: 2, prompt_tokens: 30, completion_tokens: 10, cost_usd: 0.02 });
    s.close();
  });

  test('corrections and feedback round-trip; feedback status changes', () => {
    const { s, id } = open();
    const c = Correction.parse({ id: 'c1', text: 'hi', produced: { label: 'a' }, expected: { label: 'b' }, created_at: '2025-01-01T00:00:00Z' });
    s.corrections.insert(id, c);
    expect(s.corrections.list(id)).toEqual([c]);
    expect(() => s.corrections.insert(id, c)).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    const f = Feedback.parse({ id: 'f1', level: 'rule', target_id: 'r1', text: 'too greedy', created_at: '2025-01-01T00:00:00Z' });
    s.feedback.insert(id, f);
    expect(s.feedback.list(id, { status: 'open', targetId: 'r1' })).toEqual([f]);
    const applied = s.feedback.setStatus(id, 'f1', 'applied', 7);
    expect(applied).toMatchObject({ status: 'applied', applied_run_id: 7 });
    expect(s.feedback.list(id, { status: 'open' })).toEqual([]);
    s.close();
  });

  test('a correction or feedback id that is taken is a CONFLICT that asks for another id', () => {
    const { s, id } = open();
    const c = Correction.parse({ id: 'c1', text: 'hi', produced: { label: 'a' }, expected: { label: 'b' }, created_at: '2025-01-01T00:00:00Z' });
    const f = Feedback.parse({ id: 'f1', level: 'task', text: 'be precise', created_at: '2025-01-01T00:00:00Z' });
    s.corrections.insert(id, c);
    s.feedback.insert(id, f);
    expect(() => s.corrections.insert(id, c)).toThrow(expect.objectContaining({ code: 'CONFLICT', message: 'correction "c1" already exists: give the new one another id' }));
    expect(() => s.feedback.insert(id, f)).toThrow(expect.objectContaining({ code: 'CONFLICT', message: 'feedback "f1" already exists: give the new one another id' }));
    s.close();
  });

  test('rule metrics are cached per split with their hashes and replaced on upsert', () => {
    const { s, id } = open();
    const row = { rule_id: 'r1', split: 'dev', rule_hash: 'h', dataset_hash: 'd', ruleset_hash: 'r', metrics: { tp: 1 } };
    s.ruleMetrics.upsertMany(id, [row]);
    s.ruleMetrics.upsertMany(id, [{ ...row, metrics: { tp: 2 }, dataset_hash: 'd2' }]);
    expect(s.ruleMetrics.list(id, 'dev')).toEqual([expect.objectContaining({ metrics: { tp: 2 }, dataset_hash: 'd2' })]);
    expect(s.ruleMetrics.clear(id, 'dev')).toBe(1);
    s.close();
  });

  test('prune ops record status changes until undone', () => {
    const { s, id } = open();
    const op = s.pruneOps.insert(id, { kind: 'prune', changes: [{ rule_id: 'r1', from: 'active', to: 'disabled' }] });
    expect(s.pruneOps.lastOpen(id)?.changes).toEqual(op.changes);
    s.pruneOps.markUndone(op.id);
    expect(s.pruneOps.lastOpen(id)).toBeUndefined();
    expect(s.pruneOps.list(id)[0]!.undone_at).not.toBeNull();
    s.close();
  });
});
