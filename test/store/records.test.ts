import { describe, expect, test } from 'vitest';
import { Correction } from '../../src/core/schemas/correction.js';
import { Feedback } from '../../src/core/schemas/feedback.js';
import { newRun, readable } from '../helpers/runs.js';
import { storeWithDataset } from '../helpers/store.js';
import { useTempDir } from '../helpers/temp.js';

describe('runs, llm calls, corrections, feedback, metrics cache and undo log', () => {
  const tmp = useTempDir();
  const open = () => storeWithDataset(tmp.path('w.db'));

  test('runs are recorded with hashes and listed newest first', () => {
    const { s, id } = open();
    const base = { dataset_hash: 'd1', ruleset_hash: 'r1', elapsed_ms: 12.5 };
    const first = s.runs.insert(id, newRun('metrics', { ...base, result: { f1: 0.5 } }));
    s.runs.insert(id, newRun('rank', base));
    const third = s.runs.insert(id, newRun('metrics', { ...base, result: { f1: 0.75 } }));
    expect(first).toMatchObject({ dataset: 'n', kind: 'metrics', config: { split: 'dev' }, elapsed_ms: 12.5 });
    expect(s.runs.list(id).map((r) => r.id)).toEqual([third.id, third.id - 1, first.id]);
    expect(readable(s.runs.latest(id, 'metrics')).result.f1).toBe(0.75);
    expect(s.runs.get(first.id)).toEqual(first);
    s.close();
  });

  test.each([
    ['a config of another shape', 'config', '[1]', /config/],
    ['a result with a key this version does not know', 'result', JSON.stringify({ ...newRun('metrics').result, extra: 1 }), /extra/],
    ['a column that is not JSON', 'result', '{', /not JSON/],
  ])('a stored run with %s is read as unreadable, and the other runs still read', (_what, column, value, why) => {
    const { s, id } = open();
    const old = s.runs.insert(id, newRun('metrics'));
    const fine = s.runs.insert(id, newRun('rank'));
    s.db.prepare(`UPDATE runs SET ${column} = ? WHERE id = ?`).run(value, old.id);
    expect(s.runs.get(old.id)).toMatchObject({ id: old.id, kind: 'metrics', dataset: 'n', unreadable: expect.stringMatching(why) });
    expect(s.runs.list(id).map((r) => ('unreadable' in r ? `unreadable ${r.id}` : r.id))).toEqual([fine.id, `unreadable ${old.id}`]);
    expect(s.runs.latest(id, 'rank')).toEqual(fine);
    s.close();
  });

  test('a run that does not match its kind is refused before it is written', () => {
    const { s, id } = open();
    const bad = { ...newRun('rank'), result: { f1: 0.5 } } as unknown as Parameters<typeof s.runs.insert>[1];
    expect(() => s.runs.insert(id, bad)).toThrow(expect.objectContaining({ code: 'INTERNAL', message: expect.stringMatching(/a rank run does not match its schema/) }));
    expect(s.runs.list(id)).toEqual([]);
    s.close();
  });

  test('llm calls are recorded per run with totals', () => {
    const { s, id } = open();
    const run = s.runs.insert(id, newRun('learn'));
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
