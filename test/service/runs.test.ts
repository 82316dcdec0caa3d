import { describe, expect, test } from 'vitest';
import { compareReports } from '../../src/core/eval/compare.js';
import { compileScorer } from '../../src/core/eval/scorer.js';
import { buildEvalReport } from '../../src/core/eval/report.js';
import { Example } from '../../src/core/schemas/example.js';
import { RecordedExecutionIssue } from '../../src/core/schemas/run.js';
import { Task } from '../../src/core/schemas/task.js';
import { Workspace } from '../../src/service/index.js';
import { compactScores, expandOutcomes, issueView, summarizeRun } from '../../src/service/runs.js';
import { newRun, readable } from '../helpers/runs.js';
import { useTempDir } from '../helpers/temp.js';

describe('compact outcomes', () => {
  const task = Task.parse({ name: 't', type: 'ner' });
  const examples = [
    Example.parse({ id: 'a', text: 'Ann and Bob', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }] }),
    Example.parse({ id: 'b', text: 'Oslo', spans: [{ start: 0, end: 4, label: 'LOC' }] }),
  ];
  const scorer = compileScorer(task, { mode: 'exact' });
  const span = (start: number, end: number, label: string, text: string) => ({ start, end, label, text, rule_id: 'r' });
  const score = (preds: ReturnType<typeof span>[][]) => examples.map((e, i) => scorer.score(e, { spans: preds[i]! }));

  test('keep counts, exactness and a digest of the items, ~1 tuple per example', () => {
    const s = score([[span(0, 3, 'PER', 'Ann')], [span(0, 4, 'LOC', 'Oslo')]]);
    const c = compactScores(s);
    expect(c.map((x) => x.slice(0, 5))).toEqual([
      ['a', 1, 0, 1, 0],
      ['b', 1, 0, 0, 1],
    ]);
    expect(c.every((x) => /^[0-9a-f]{12}$/.test(x[5]))).toBe(true);
  });

  test('compare the same as the full scores: same counts with different items still count as changed', () => {
    const before = score([[span(0, 3, 'PER', 'Ann')], [span(0, 4, 'LOC', 'Oslo')]]);
    // Bob found instead of Ann: same counts on "a", different items
    const after = score([[span(8, 11, 'PER', 'Bob')], []]);
    const rep = (s: typeof before) => buildEvalReport(task, examples, s);
    const full = compareReports(rep(before), rep(after), before, after);
    const compact = compareReports(rep(before), rep(after), expandOutcomes(compactScores(before)), expandOutcomes(compactScores(after)));
    expect(compact.examples).toEqual(full.examples);
    expect(compact.examples).toMatchObject({ changed: ['a'], regressed: ['b'] });
  });
});

describe('execution issues as runs keep them', () => {
  test('keep every field but the rule position, and parse back as the typed recorded issue', () => {
    const view = issueView({ kind: 'timeout', rule_id: 'slow', rule_position: 3, doc_index: 7, doc_id: 'd7', elapsed_ms: 101, message: 'rule slow timed out on d7' });
    const typed: RecordedExecutionIssue = view;
    expect(RecordedExecutionIssue.parse(typed)).toEqual({ kind: 'timeout', rule_id: 'slow', doc_id: 'd7', doc_index: 7, elapsed_ms: 101, message: 'rule slow timed out on d7' });
  });
});

describe('runs', () => {
  const tmp = useTempDir();

  test('list summarizes runs newest first; show leaves the per-example outcomes out unless asked', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'd', type: 'classification' });
    const id = ws.dataset().id;
    ws.store.transaction(() => ws.store.examples.insertMany(id, [Example.parse({ id: 'q', text: 'refund', label: 'refund', split: 'test' })]));
    await ws.dataset().addRule({ name: 'refund', pattern: 'refund', label: 'refund' });
    const a = await ws.dataset().evaluate();
    const b = await ws.dataset().evaluate({ split: 'all' });
    ws.store.runs.insert(id, newRun('rank', { result: { f1: 0.5 } }));
    const list = ws.dataset().listRuns();
    expect(list.runs.map((r) => [r.kind, r.split, r.n, r.f1])).toEqual([
      ['rank', 'dev', 0, 0.5],
      ['eval', 'all', 1, 1],
      ['eval', 'test', 1, 1],
    ]);
    expect(ws.dataset().listRuns({ kind: 'eval', limit: 1 }).runs.map((r) => r.id)).toEqual([b.run_id]);
    expect(() => ws.dataset().listRuns({ kind: 'nope' })).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
    const shown = ws.dataset().showRun(a.run_id);
    expect(shown).toMatchObject({ id: a.run_id, kind: 'eval', outcomes_n: 1, result: { issue_count: 0 } });
    expect(shown).not.toHaveProperty('result.outcomes');
    expect(ws.dataset().showRun(a.run_id, { outcomes: true })).toHaveProperty('result.outcomes', expect.any(Array));
    expect(ws.dataset().showRun(a.run_id, { outcomes: true })).toMatchObject({ result: { outcomes: [expect.any(Array)] } });
    expect(ws.dataset().showRun('last').kind).toBe('rank');
    expect(() => ws.dataset().showRun(999)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(summarizeRun(readable(ws.store.runs.get(a.run_id)))).toMatchObject({ mode: 'text', macro_f1: 1 });
    ws.close();
  });

  test('a run of another dataset is not found', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'x', type: 'classification' });
    ws.createDataset({ name: 'y', type: 'classification' });
    const run = ws.store.runs.insert(ws.dataset('x').id, newRun('eval'));
    expect(() => ws.dataset('y').showRun(run.id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringMatching(/no run \d+ in dataset "y"/) }));
    expect(ws.dataset('x').showRun(run.id).id).toBe(run.id);
    ws.close();
  });

  test.each([
    ['eval', newRun('eval'), { split: 'dev', mode: 'text', n: 0, f1: null, macro_f1: null }],
    ['metrics', newRun('metrics', { result: { n: 7, f1: 0.25 } }), { split: 'dev', mode: 'text', n: 7, f1: 0.25, macro_f1: null }],
    ['prune', newRun('prune', { result: { n: 3, f1_before: 0.5, f1_after: 0.75 } }), { split: 'dev', mode: 'text', n: 3, f1: 0.75, macro_f1: null }],
    ['learn', newRun('learn'), { split: null, mode: null, n: null, f1: null, macro_f1: null }],
    ['undo', newRun('undo'), { split: null, mode: null, n: null, f1: null, macro_f1: null }],
  ])('a %s run is summarized from its own typed figures', (_kind, run, figures) => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'd', type: 'classification' });
    const recorded = ws.store.runs.insert(ws.dataset().id, run);
    expect(ws.dataset().listRuns().runs).toEqual([{ id: recorded.id, kind: run.kind, created_at: recorded.created_at, ...figures, dataset_hash: 'd', ruleset_hash: 'r', elapsed_ms: 1 }]);
    ws.close();
  });

  test('a run recorded by another version is listed and shown as unreadable; comparing with it says why', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'd', type: 'classification' });
    const id = ws.dataset().id;
    const old = ws.store.runs.insert(id, newRun('eval'));
    const fine = ws.store.runs.insert(id, newRun('rank'));
    ws.store.db.prepare('UPDATE runs SET result = ? WHERE id = ?').run(JSON.stringify({ f1: 0.5 }), old.id);
    const list = ws.dataset().listRuns().runs;
    expect(list.map((r) => [r.id, r.kind])).toEqual([
      [fine.id, 'rank'],
      [old.id, 'eval'],
    ]);
    expect(list[0]).not.toHaveProperty('unreadable');
    expect(list[1]).toMatchObject({ f1: null, n: null, unreadable: expect.stringMatching(new RegExp(`^unreadable run \\(eval, ${old.id}\\): `)) });
    expect(ws.dataset().showRun(old.id)).toMatchObject({ id: old.id, kind: 'eval', outcomes_n: null, unreadable: expect.any(String) });
    await expect(ws.dataset().evaluate({ compare: old.id })).rejects.toMatchObject({
      code: 'STORE',
      message: expect.stringMatching(new RegExp(`^unreadable run \\(eval, ${old.id}\\): it was recorded by another version .*run \`rulewright eval\` again$`)),
    });
    ws.close();
  });
});
