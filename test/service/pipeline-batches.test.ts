import { describe, expect, test, vi } from 'vitest';
import { firstWordJudge } from '../helpers/judges.js';
import { Example, type ExampleInput } from '../../src/core/schemas/example.js';
import type { Rule } from '../../src/core/schemas/rule.js';
import { Task, type TaskInput } from '../../src/core/schemas/task.js';
import { recordRuleMetrics, type MetricsResult } from '../../src/service/metrics.js';
import { ExecWorker } from '../../src/service/pipeline-worker.js';
import { Store } from '../../src/store/index.js';
import { useTempDir } from '../helpers/temp.js';
import { rule } from '../helpers/rules.js';
import { CARD_ROWS, cardWorkspace } from '../helpers/fixtures.js';
import { datasetContext } from '../../src/service/dataset-context.js';
import { runPipeline } from '../../src/service/pipeline.js';

/** What two runs of the same measurement share (the run id and the times differ). */
const figures = ({ run_id: _r, elapsed_ms: _e, issues, ...rest }: MetricsResult) => ({
  ...rest,
  issues: issues.map(({ elapsed_ms: _t, message: _m, ...i }) => i),
});


function store(path: string, rows: readonly ExampleInput[], task: Partial<TaskInput>, rules: readonly Rule[]) {
  const s = Store.open(path, { create: true });
  const d = s.datasets.insert(Task.parse({ name: 'codes', ...task }));
  s.transaction(() => s.examples.insertMany(d.id, rows.map((r) => Example.parse(r))));
  for (const r of rules) s.rules.insert(d.id, r);
  return s;
}

/** Enough dev examples for several batches of two. */
const MANY = [...CARD_ROWS, ...Array.from({ length: 5 }, (_, k) => CARD_ROWS.filter((r) => r.split === 'dev').map((r) => ({ ...r, id: `${r.id}-${k}` }))).flat()];

describe('the pipeline in batches, as metrics runs it', () => {
  const tmp = useTempDir();

  test.each([[{ rows: 1 }], [{ rows: 2 }], [{ rows: 3, chars: 40 }]])(
    'batches of %j give the figures, samples, notes and stamps of one batch, and the split is never listed whole',
    async (size) => {
      const one = cardWorkspace(tmp.path('one.db'));
      const expected = await recordRuleMetrics(datasetContext(one.store), {}, { rows: 1000 });
      one.close();
      const ws = cardWorkspace(tmp.path('w.db'));
      const list = vi.spyOn(ws.store.examples, 'list');
      const batches = vi.spyOn(ws.store.examples, 'batches');
      const r = await recordRuleMetrics(datasetContext(ws.store), {}, size);
      expect(list).not.toHaveBeenCalled();
      expect(batches).toHaveBeenCalled();
      // Stamping moved the order here, so both runs measured twice.
      expect(r.notes).toContain('the stamped precision changed the execution order: the ensemble figures are measured under the new order');
      expect(figures(r)).toEqual(figures(expected));
      ws.close();
    },
  );

  test('runPipeline with batches gives its sink every batch in document order, made once, and holds none of them', async () => {
    const ws = cardWorkspace(tmp.path('w.db'), MANY);
    const ctx = datasetContext(ws.store);
    const held = await runPipeline(ctx, { split: 'dev', outcomes: false });
    const seen: string[][] = [];
    const made: number[] = [];
    const run = await runPipeline(ctx, {
      split: 'dev',
      outcomes: false,
      batches: {
        size: { rows: 2 },
        sink: ({ compiled, setup }) => {
          made.push(compiled.length);
          expect(setup.rules).toEqual(held.rules);
          return { add: (b) => void seen.push(b.examples.map((e) => e.id)) };
        },
      },
    });
    expect(made).toEqual([held.rules.length]);
    expect(seen.every((b) => b.length <= 2)).toBe(true);
    expect(seen.flat()).toEqual(held.examples.map((e) => e.id));
    expect(run).toMatchObject({ n: held.examples.length, dataset_hash: held.dataset_hash, ruleset_hash: held.ruleset_hash, issues: held.issues, matcher_issues: [] });
    expect(run.scorer.mode).toBe(held.scorer.mode);
    expect('outputs' in run).toBe(false);
    ws.close();
  });

  test('a worker thread running part of every batch gives the figures, samples, notes and stamps of one thread', async () => {
    const one = cardWorkspace(tmp.path('one.db'));
    const expected = await recordRuleMetrics(datasetContext(one.store), {}, { rows: 1000 });
    one.close();
    const ws = cardWorkspace(tmp.path('w.db'));
    const open = vi.spyOn(ExecWorker, 'open');
    const r = await recordRuleMetrics(datasetContext(ws.store), {}, { rows: 2, parallelFrom: 0 });
    expect(open.mock.results.some((x) => x.value instanceof ExecWorker)).toBe(true);
    expect(figures(r)).toEqual(figures(expected));
    open.mockRestore();
    ws.close();
  });

  test('a worker thread that stops costs only the second core: its parts run on this thread and the figures are the same', async () => {
    const one = cardWorkspace(tmp.path('one.db'), MANY);
    const expected = await recordRuleMetrics(datasetContext(one.store), {}, { rows: 1000 });
    one.close();
    const healthy = cardWorkspace(tmp.path('healthy.db'), MANY);
    const sends = vi.spyOn(ExecWorker.prototype, 'run');
    await recordRuleMetrics(datasetContext(healthy.store), {}, { rows: 2, parallelFrom: 0 });
    const sentWhenHealthy = sends.mock.calls.length;
    sends.mockRestore();
    healthy.close();
    const ws = cardWorkspace(tmp.path('w.db'), MANY);
    const run = vi.spyOn(ExecWorker.prototype, 'run').mockImplementation(() => {
      const outputs = Promise.reject(new Error('the worker thread stopped'));
      outputs.catch(() => {});
      return { outputs };
    });
    const r = await recordRuleMetrics(datasetContext(ws.store), {}, { rows: 2, parallelFrom: 0 });
    // Nothing more is sent once a part has come back failed.
    expect(run.mock.calls.length).toBeGreaterThan(0);
    expect(run.mock.calls.length).toBeLessThan(sentWhenHealthy);
    expect(figures(r)).toEqual(figures(expected));
    run.mockRestore();
    ws.close();
  });

  test('timeouts, rules that do not compile and refused matcher patterns name their example by its index in the split', async () => {
    const rows: ExampleInput[] = [
      { id: 'r0', input: { text: 'code: aa!' }, output: { code: 'a+!' } },
      { id: 'r1', input: { text: `code: ${'a'.repeat(32)}!` }, output: { code: 'a+!' } },
      { id: 'r2', input: { text: 'code: aaa!' }, output: { code: '(a+)+$' } },
    ];
    const task: Partial<TaskInput> = { type: 'transformation', matching: { matchers: { code: 'regex' }, rule_budget_ms: 250 } };
    const rules = [rule('code', 'a+!', 'code'), rule('evil', '(a+)+$', 'evil'), rule('broken', '(unclosed', 'code')];
    const results: MetricsResult[] = [];
    for (const [i, size] of [{ rows: 1 }, { rows: 100 }, { rows: 3, parallelFrom: 0 }].entries()) {
      const s = store(tmp.path(`w${i}.db`), rows, task, rules);
      results.push(await recordRuleMetrics(datasetContext(s), {}, size));
      s.close();
    }
    const [batched, whole, parallel] = results as [MetricsResult, MetricsResult, MetricsResult];
    expect(figures(parallel)).toEqual(figures(whole));
    expect(batched.issues.map((x) => [x.kind, x.rule_id, x.doc_index, x.doc_id])).toEqual([
      ['invalid', 'broken', null, null],
      ['timeout', 'evil', 1, 'r1'],
    ]);
    expect(batched.notes).toContainEqual(expect.stringMatching(/^the regex matcher was refused by the ReDoS screen on 1 value \(example r2, field code\)/));
    expect(batched.rules.find((x) => x.id === 'code')).toMatchObject({ tp: 2, fp: 1 });
    expect(batched.n).toBe(3);
    expect(figures(batched)).toEqual(figures(whole));
  });

  test('an asynchronous matcher (an LLM judge) has its verdicts fetched batch by batch, each distinct pair once', async () => {
    const rows: ExampleInput[] = [
      { id: 'a', input: { text: 'shop: Tesco Metro' }, output: { company: 'TESCO STORES' } },
      { id: 'b', input: { text: 'shop: Giant' }, output: { company: 'AEON MALL' } },
      { id: 'c', input: { text: 'shop: Tesco Metro' }, output: { company: 'TESCO STORES' } },
    ];
    const task: Partial<TaskInput> = { type: 'transformation', matching: { matchers: { company: { name: 'llm_rubric', options: { criterion: 'same merchant' } } } } };
    const rules = [rule('shop', 'shop: (.+)$', 'company', { group: '$1' })];
    const results: [MetricsResult, number][] = [];
    for (const [i, size] of [1, 100].entries()) {
      const judge = firstWordJudge();
      const s = store(tmp.path(`j${i}.db`), rows, task, rules);
      results.push([await recordRuleMetrics(datasetContext(s), { context: { judge } }, { rows: size }), judge.calls]);
      s.close();
    }
    const [[batched, batchedCalls], [whole, wholeCalls]] = results as [[MetricsResult, number], [MetricsResult, number]];
    expect(batched.rules[0]).toMatchObject({ tp: 2, fp: 1 });
    expect(batched.rules[0]!.samples.tp[0]).toMatchObject({ example_id: 'a', reason: 'judge score 0.90 >= 0.5: same merchant' });
    expect([batchedCalls, wholeCalls]).toEqual([2, 2]);
    expect(figures(batched)).toEqual(figures(whole));
  });
});
