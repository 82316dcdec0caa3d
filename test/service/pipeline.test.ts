import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { evaluateRuleset } from '../../src/core/eval/evaluate-ruleset.js';
import { buildEvalReport } from '../../src/core/eval/report.js';
import { PatternScreen } from '../../src/core/matchers/pattern-screen.js';
import { MatcherRegistry } from '../../src/core/matchers/registry.js';
import { parseRuleset } from '../../src/core/rulesets/parse.js';
import { Example, type ExampleInput } from '../../src/core/schemas/example.js';
import { Task, type TaskInput } from '../../src/core/schemas/task.js';
import type { ExecutionIssue } from '../../src/core/engine/executor.js';
import { datasetContext } from '../../src/service/dataset-context.js';
import { runPipeline } from '../../src/service/pipeline.js';
import { issueNotes } from '../../src/service/pipeline-issues.js';
import { executeInputs } from '../../src/service/pipeline-stages.js';
import { Workspace } from '../../src/service/index.js';
import { givenRulesHash } from '../../src/store/fingerprint.js';
import { Store } from '../../src/store/index.js';
import { shared, sharedMissing } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { rule } from '../helpers/rules.js';

const NER_ROWS: ExampleInput[] = [
  { id: 'd1', text: 'Ann met Bob in Oslo', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 15, end: 19, label: 'LOC' }], split: 'train' },
  { id: 'd2', text: 'Oslo is cold', spans: [{ start: 0, end: 4, label: 'LOC' }], split: 'dev' },
  { id: 'd3', text: 'Bob likes Bergen', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 10, end: 16, label: 'LOC' }], split: 'test' },
  { id: 'd4', text: 'nothing here', spans: [], split: 'test' },
];

function workspace(path: string, rows: readonly ExampleInput[] = NER_ROWS, task: Partial<TaskInput> = {}) {
  const store = Store.open(path, { create: true });
  const d = store.datasets.insert(Task.parse({ name: 'pii', type: 'ner', labels: ['PER', 'LOC'], ...task }));
  store.transaction(() => store.examples.insertMany(d.id, rows.map((r) => Example.parse(r))));
  return { store, id: d.id, dataset: d };
}

describe('runPipeline', () => {
  const tmp = useTempDir();

  test('evaluates the active rules on the default split, with hashes, outputs and predictions', async () => {
    const { store, id } = workspace(tmp.path('w.db'));
    store.rules.insert(id, rule('per', '\\b(?:Ann|Bob)\\b', 'PER'));
    store.rules.insert(id, rule('loc', '\\bOslo\\b', 'LOC'));
    store.rules.insert(id, rule('off', '\\bBergen\\b', 'LOC', { status: 'disabled' }));
    const r = await runPipeline(datasetContext(store));
    // test split: d3 (Bob ✓, Bergen missed) and d4 (nothing)
    expect(r.split).toEqual({ split: 'test', label: 'test', note: null });
    expect(r.examples.map((e) => e.id)).toEqual(['d3', 'd4']);
    expect(r.report).toMatchObject({ n: 2, split: 'test', mode: 'text', micro: { tp: 1, fp: 0, fn: 1, precision: 1, recall: 0.5 }, exact_match: 0.5, coverage: 0.5 });
    expect(r.predictions[0]!.spans).toEqual([{ start: 0, end: 3, label: 'PER', text: 'Bob', rule_id: 'per' }]);
    expect(r.outputs.rules.map((c) => c.id)).toEqual(['loc', 'per']);
    expect(r.scores.map((s) => s.id)).toEqual(['d3', 'd4']);
    const ws = Workspace.open({ db: tmp.path('w.db') });
    expect(r.report.ruleset_hash).toBe(ws.dataset().rulesetHash());
    expect(r.report.dataset_hash).toBe(ws.dataset().datasetHash('test'));
    ws.close();
    expect(r.issues).toEqual([]);
    expect(r.elapsed_ms).toBeGreaterThan(0);
    store.close();
  });

  test('onProgress hears the execute phase, ending with every example done', async () => {
    const { store, id } = workspace(tmp.path('w.db'));
    store.rules.insert(id, rule('per', '\\b(?:Ann|Bob)\\b', 'PER'));
    const seen: unknown[] = [];
    await runPipeline(datasetContext(store), { split: 'all', onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toEqual({ phase: 'execute', done: 4, total: 4 });
    store.close();
  });

  test('a given rule list runs whatever its status, and its hash is its own', async () => {
    const { store, id } = workspace(tmp.path('w.db'));
    const off = store.rules.insert(id, rule('off', '\\bBergen\\b', 'LOC', { status: 'disabled' }));
    const r = await runPipeline(datasetContext(store), { rules: [off], split: 'test' });
    expect(r.report.micro).toMatchObject({ tp: 1, fp: 0, fn: 1 });
    expect(r.report.ruleset_hash).toBe(givenRulesHash([off]));
    expect((await runPipeline(datasetContext(store), { split: 'test' })).report.notes).toContain('the ruleset is empty: add rules with `rulewright rules add` or `rulewright rules import FILE`');
    store.close();
  });

  test('the mode override and a user matcher registry are used', async () => {
    const { store, id } = workspace(tmp.path('w.db'), NER_ROWS, { matching: { matchers: { LOC: 'loose' } } });
    store.rules.insert(id, rule('loc', 'Bergen', 'LOC'));
    const registry = new MatcherRegistry();
    registry.register('loose', () => ({ score: 1, passed: true, reason: 'anything goes' }));
    const loose = await runPipeline(datasetContext(store), { split: 'test', registry });
    expect(loose.report.per_class.LOC).toMatchObject({ tp: 1 });
    const exact = await runPipeline(datasetContext(store), { split: 'test', registry, mode: 'exact' });
    expect(exact.report.mode).toBe('exact');
    await expect(runPipeline(datasetContext(store), { split: 'test' })).rejects.toThrow(/unknown matcher "loose"/);
    store.close();
  });

  test('rules that do not compile, time out or fail are returned as issues and noted, and the others still count', async () => {
    const rows: ExampleInput[] = [
      { id: 'long', text: `${'a'.repeat(10_000)}!`, spans: [{ start: 10_000, end: 10_001, label: 'BANG' }], split: 'test' },
      { id: 'short', text: 'aaa!', spans: [{ start: 3, end: 4, label: 'BANG' }], split: 'test' },
    ];
    const { store, id } = workspace(tmp.path('w.db'), rows, { labels: ['BANG', 'EVIL'] });
    store.rules.insert(id, rule('evil', '(a+)+$', 'EVIL'));
    store.rules.insert(id, rule('bang', '!', 'BANG'));
    store.rules.insert(id, rule('broken', '(unclosed', 'BANG'));
    const t0 = performance.now();
    const r = await runPipeline(datasetContext(store));
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(r.issues.map((i) => [i.kind, i.rule_id, i.doc_id])).toEqual([
      ['invalid', 'broken', null],
      ['timeout', 'evil', 'long'],
    ]);
    expect(r.report.micro).toMatchObject({ tp: 2, fn: 0 });
    expect(r.report.notes).toEqual(
      expect.arrayContaining([
        '1 rule could not be compiled and did not run: broken',
        expect.stringMatching(/^1 rule ran out of its time budget on 1 document \(evil\); their matches there were dropped/),
      ]),
    );
    store.close();
  });

  describe('a regex matcher whose pattern comes from the data', () => {
    const rows: ExampleInput[] = [
      { id: 'r1', input: { text: `code: ${'a'.repeat(32)}!` }, output: { code: '(a+)+$' } },
      { id: 'r2', input: { text: 'code: aa!' }, output: { code: 'a+!' } },
    ];
    const setup = (budget = 100) => {
      const { store, id } = workspace(tmp.path('w.db'), rows, { type: 'transformation', labels: undefined, matching: { matchers: { code: 'regex' }, rule_budget_ms: budget } });
      store.rules.insert(id, rule('code', 'a+!', 'code'));
      return store;
    };

    test('is screened: an exponential one is refused, the run finishes and says which example and field', async () => {
      const store = setup();
      const r = await runPipeline(datasetContext(store));
      expect(r.report.micro).toMatchObject({ tp: 1, fp: 1, fn: 1 });
      expect(r.matcher_issues).toEqual([
        expect.objectContaining({ kind: 'matcher_refused', doc_id: 'r1', field: 'code', matcher: 'regex', reason: expect.stringMatching(/exponential backtracking/) }),
      ]);
      expect(r.report.notes).toContainEqual(expect.stringMatching(/^the regex matcher was refused by the ReDoS screen on 1 value \(example r1, field code\); counted as not matching/));
      store.close();
    });

    test('runs under the rules\' budget when the screen lets it through, and the timeout names example and field', async () => {
      const store = setup(30);
      const patterns = new PatternScreen();
      patterns.set('^(?:(a+)+$)$', '', { refused: false, reason: 'let through for the test' });
      const t0 = performance.now();
      const r = await runPipeline(datasetContext(store), { context: { patterns } });
      expect(performance.now() - t0).toBeLessThan(5000);
      expect(r.matcher_issues).toEqual([expect.objectContaining({ kind: 'matcher_timeout', doc_id: 'r1', field: 'code' })]);
      expect(r.report.notes).toContainEqual(expect.stringMatching(/^the regex matcher ran out of its time budget on 1 value \(example r1, field code\).*30 ms budget/));
      store.close();
    });
  });

  const timeout = (rule_id: string, doc_index: number): ExecutionIssue => ({
    kind: 'timeout',
    rule_id,
    rule_position: 0,
    doc_index,
    doc_id: `d${doc_index}`,
    elapsed_ms: 101,
    message: 'x',
  });
  test.each([
    // (rule, document) pairs that timed out → the note's counts
    [[['a', 0]], '1 rule ran out of its time budget on 1 document (a)'],
    [[['a', 0], ['a', 1]], '1 rule ran out of its time budget on 2 documents (a)'],
    [[['a', 0], ['b', 0], ['a', 1], ['b', 1], ['c', 1], ['a', 2]], '3 rules ran out of their time budget on 3 documents (6 rule-document pairs) (a, b, c)'],
  ] as const)('timeouts %j are noted with each document counted once', (pairs, start) => {
    const notes = issueNotes(pairs.map(([r, d]) => timeout(r, d)));
    expect(notes).toEqual([`${start}; their matches there were dropped, so recall may be understated`]);
  });

  test('observed examples pass their source and truth through to the report', async () => {
    const rows: ExampleInput[] = [
      { id: 'o1', text: 'Ann', spans: [{ start: 0, end: 3, label: 'PER' }], source: 'observed', truth: { spans: [{ start: 0, end: 3, label: 'PER' }] } },
      { id: 'o2', text: 'Eve', spans: [], source: 'observed', truth: { spans: [{ start: 0, end: 3, label: 'PER' }] } },
    ];
    const { store, id } = workspace(tmp.path('w.db'), rows);
    store.rules.insert(id, rule('per', 'Ann|Eve', 'PER'));
    const r = await runPipeline(datasetContext(store));
    expect(r.report.observed).toMatchObject({ n: 2, coverage: 1, truth: { n: 2, rules: { f1: 1 }, model: { recall: 0.5 } } });
    store.close();
  });

  test('executeInputs resolves transformation fields from the task text field', () => {
    const task = Task.parse({ name: 't', type: 'transformation', text_field: 'body' });
    const rules = [rule('date', '(\\d{4}-\\d\\d-\\d\\d)', 'date', { group: '$1' })];
    const e = executeInputs(task, rules, [{ id: 'r1', input: { body: 'paid on 2024-01-02' } }]);
    expect(e.predictions).toEqual([{ output: { date: '2024-01-02' }, output_rules: { date: ['date'] } }]);
  });
});

describe.skipIf(sharedMissing)('runPipeline on the shared data', () => {
  const tmp = useTempDir();

  test('Banking77: the 126 RuleChef rules reproduce its text-mode numbers', async () => {
    const base = 'rulechef-benchmarks/';
    const rows = readFileSync(shared(`${base}reference/banking77_gold.jsonl`)!, 'utf8').trim().split('\n').map((l) => ({ ...JSON.parse(l), split: 'test' }));
    const store = Store.open(tmp.path('w.db'), { create: true });
    const d = store.datasets.insert(Task.parse({ name: 'b77', type: 'classification' }));
    const { rules } = parseRuleset(readFileSync(shared(`${base}benchmarks/results/results_banking77_new.json`)!, 'utf8'));
    store.transaction(() => {
      store.examples.insertMany(d.id, rows.map((r) => Example.parse(r)));
      for (const r of rules) store.rules.insert(d.id, r);
    });
    const r = await runPipeline(datasetContext(store), { mode: 'text' });
    expect(r.report.micro).toMatchObject({ tp: 122, fp: 3, fn: 78 });
    for (const [got, want] of [
      [r.report.micro.precision, 0.976],
      [r.report.micro.recall, 0.61],
      [r.report.micro.f1, 0.7508],
      [r.report.macro_f1, 0.72],
      [r.report.exact_match, 0.61],
      [r.report.coverage, 0.625],
    ] as const)
      expect(Math.abs(got! - want)).toBeLessThan(1e-4);
    store.close();
  });
});

describe('runPipeline and the core evaluator', () => {
  const tmp = useTempDir();

  test('report the same figures and scores for the same rules and examples', async () => {
    const { store, id, dataset } = workspace(tmp.path('w.db'));
    store.rules.insert(id, rule('per', '\\b(?:Ann|Bob|Oslo)\\b', 'PER'));
    store.rules.insert(id, rule('loc', '\\b(?:Oslo|Bergen)\\b', 'LOC', { priority: 1 }));
    const r = await runPipeline(datasetContext(store), { split: 'all' });
    const ev = await evaluateRuleset(dataset.task, store.rules.list(id, { status: 'active' }), store.examples.list(id));
    const core = buildEvalReport(dataset.task, r.examples, ev.totals);
    expect(r.scores).toEqual(ev.scores);
    expect(r.issues).toEqual(ev.issues);
    expect({ micro: r.report.micro, macro: r.report.macro_f1, per_class: r.report.per_class }).toEqual({ micro: core.micro, macro: core.macro_f1, per_class: core.per_class });
    expect(r.report.micro).toMatchObject({ tp: 6, fp: 0, fn: 0 });
    store.close();
  });
});
