import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { EvalRunResult } from '../../src/service/runs.js';
import { newRun, readable } from '../helpers/runs.js';
import { reply, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { useTempDir } from '../helpers/temp.js';
import { EVAL_ROWS } from '../helpers/fixtures.js';

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('evaluate', () => {
  const tmp = useTempDir();
  async function setup() {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('d.jsonl'), jsonl(EVAL_ROWS));
    ws.importFile(tmp.path('d.jsonl'), { create: { name: 'intents' } });
    await ws.dataset().addRule({ name: 'refund', pattern: 'refund', label: 'refund' });
    await ws.dataset().addRule({ name: 'cancel', pattern: 'cancel', label: 'cancel' });
    return ws;
  }

  test('reports the documented keys on the default split and records the run', async () => {
    const ws = await setup();
    const r = await ws.dataset().evaluate();
    expect(Object.keys(r)).toEqual(
      expect.arrayContaining(['n', 'split', 'mode', 'micro', 'macro_f1', 'exact_match', 'coverage', 'per_class', 'errors', 'notes', 'dataset_hash', 'ruleset_hash', 'confusion', 'elapsed_ms', 'run_id', 'issues']),
    );
    expect(r).toMatchObject({ n: 4, split: 'test', mode: 'text', micro: { tp: 3, fp: 0, fn: 1 }, exact_match: 0.75, coverage: 0.75, issues: [] });
    expect(r.ruleset_hash).toBe(ws.dataset().rulesetHash());
    expect(r.dataset_hash).toBe(ws.dataset().datasetHash('test'));
    const run = ws.dataset().showRun(r.run_id, { outcomes: true });
    expect(run).toMatchObject({ kind: 'eval', dataset_hash: r.dataset_hash, ruleset_hash: r.ruleset_hash, config: { split: 'test', mode: 'text', matchers_module: null, matching: { mode: 'text' } } });
    const result = EvalRunResult.parse(readable(ws.store.runs.get(r.run_id)).result);
    expect(result.outcomes.map((o) => o.slice(0, 5))).toEqual([
      ['q1', 1, 0, 0, 1],
      ['q2', 1, 0, 0, 1],
      ['q3', 1, 0, 0, 1],
      ['q4', 0, 0, 1, 0],
    ]);
    expect(result.report.micro).toEqual(r.micro);
    expect((await ws.dataset().evaluate({ split: 'all' })).n).toBe(5);
    await expect(ws.dataset().evaluate({ mode: 'fuzzy' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    ws.close();
  });

  test('compare after disabling a rule: the rules changed, and the examples whose outcome changed are listed', async () => {
    const ws = await setup();
    const first = await ws.dataset().evaluate();
    await ws.dataset().setRuleStatus('refund', 'disabled');
    const r = await ws.dataset().evaluate({ compare: 'last' });
    expect(r.compare).toMatchObject({
      run_id: first.run_id,
      changed: { data: false, rules: true, config: false },
      summary: 'the rules changed; the data and config did not',
      examples: { improved: [], regressed: ['q1', 'q2'], changed: [] },
      per_class: { refund: { tp: { a: 2, b: 0, delta: -2 } } },
    });
    expect(r.compare!.example_changes).toEqual([
      { id: 'q1', change: 'regressed', before: { tp: 1, fp: 0, fn: 0, exact: true }, now: { tp: 0, fp: 0, fn: 1, exact: false } },
      { id: 'q2', change: 'regressed', before: { tp: 1, fp: 0, fn: 0, exact: true }, now: { tp: 0, fp: 0, fn: 1, exact: false } },
    ]);
    const same = await ws.dataset().evaluate({ compare: r.run_id });
    expect(same.compare).toMatchObject({ changed: { data: false, rules: false, config: false }, example_changes: [] });
    ws.close();
  });

  test('compare tells a data change and a config change apart', async () => {
    const ws = await setup();
    const base = await ws.dataset().evaluate({ split: 'all' });
    const moved = await ws.dataset().evaluate({ split: 'all', mode: 'exact', compare: base.run_id });
    expect(moved.compare!.changed).toEqual({ data: false, rules: false, config: true });
    writeFileSync(tmp.path('more.jsonl'), jsonl([{ id: 'q9', text: 'refund now', label: 'refund', split: 'train' }]));
    ws.importFile(tmp.path('more.jsonl'));
    const data = await ws.dataset().evaluate({ split: 'all', compare: base.run_id });
    expect(data.compare).toMatchObject({ changed: { data: true, rules: false, config: false }, examples: { only_b: ['q9'] } });
    ws.close();
  });

  test('a user matcher module is loaded, used and recorded; an edited module is a config change', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('t.jsonl'), jsonl([{ id: 'r1', input: { text: 'TOTAL 9.00' }, output: { total: '9' } }]));
    ws.importFile(tmp.path('t.jsonl'), { create: { name: 'receipts' } });
    await ws.dataset().addRule({ name: 'total', pattern: 'TOTAL (\\d+\\.\\d\\d)', group: '$1', label: 'total' });
    ws.dataset().updateTask({ matchers: { total: 'same_number' } });
    const mod = tmp.path('m.mjs');
    writeFileSync(mod, 'export const matchers = { same_number: (g, p) => ({ score: 1, passed: Number(g) === Number(p), reason: "numbers" }) };\n');
    await expect(ws.dataset().evaluate()).rejects.toMatchObject({ message: expect.stringMatching(/unknown matcher "same_number"/) });
    const r = await ws.dataset(undefined, { matchers: 'm.mjs', cwd: tmp.dir() }).evaluate();
    expect(r.per_class.total).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    const run = readable(ws.store.runs.get(r.run_id));
    expect(run).toMatchObject({ kind: 'eval', config: { matchers_module: { path: mod, names: ['same_number'], sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } } });
    writeFileSync(mod, 'export const matchers = { same_number: (g, p) => ({ score: 0, passed: false, reason: "strict" }) };\n');
    const again = await ws.dataset(undefined, { matchers: mod }).evaluate({ compare: r.run_id });
    expect(again.per_class.total).toMatchObject({ tp: 0 });
    expect(again.compare!.changed).toEqual({ data: false, rules: false, config: true });
    writeFileSync(tmp.path('bad.mjs'), 'export const matchers = { x: 42 };\n');
    await expect(ws.dataset(undefined, { matchers: tmp.path('bad.mjs') }).evaluate()).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/expected an export `matchers`/) });
    await expect(ws.dataset(undefined, { matchers: tmp.path('none.mjs') }).evaluate()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    ws.close();
  });

  test('an llm_rubric field is graded by the configured LLM, its calls recorded with the run; without one the error says how to configure it', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('t.jsonl'), jsonl([{ id: 'r1', input: { text: 'Shop: ACME TRADING' }, output: { company: 'Acme Trading Sdn Bhd' } }]));
    ws.importFile(tmp.path('t.jsonl'), { create: { name: 'receipts' } });
    await ws.dataset().addRule({ name: 'company', pattern: 'Shop: (.+)', group: '$1', label: 'company' });
    ws.dataset().updateTask({ matchers: { company: '{"name": "llm_rubric", "options": {"criterion": "names the same business"}}' } });
    await expect(ws.dataset(undefined, { env: {} }).evaluate()).rejects.toMatchObject({ code: 'LLM_NOT_CONFIGURED' });
    const server = await startFakeOpenAiServer({ replies: [reply.json({ score: 0.9, reason: 'same business, suffix left out' })] });
    try {
      const r = await ws.dataset(undefined, { env: { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test' } }).evaluate();
      expect(r.per_class.company).toMatchObject({ tp: 1, fp: 0, fn: 0 });
      expect(server.chatRequests).toHaveLength(1);
      expect(server.chatRequests[0]!.body!.messages!.at(-1)!.content).toContain('Criterion: names the same business');
      const calls = ws.store.db.prepare('SELECT run_id, purpose FROM llm_calls').all();
      expect(calls).toEqual([{ run_id: r.run_id, purpose: 'judge:llm_rubric' }]);
    } finally {
      await server.close();
    }
    ws.close();
  });

  test('compare needs an eval run of the same dataset', async () => {
    const ws = await setup();
    await expect(ws.dataset().evaluate({ compare: 'last' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/no eval runs yet/) });
    await expect(ws.dataset().evaluate({ compare: '99' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(ws.dataset().evaluate({ compare: 'abc' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    const metrics = ws.store.runs.insert(ws.dataset().id, newRun('metrics'));
    await expect(ws.dataset().evaluate({ compare: metrics.id })).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/metrics run/) });
    ws.close();
  });
});
