import { describe, expect, test } from 'vitest';
import { Example } from '../../src/core/schemas/example.js';
import { Task } from '../../src/core/schemas/task.js';
import { learn } from '../../src/service/learn.js';
import { observeTraffic } from '../../src/service/observe.js';
import { Store } from '../../src/store/index.js';
import { runCli } from '../cli/helpers.js';
import { shared, sharedMissing } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { rule } from '../helpers/rules.js';
import { datasetContext } from '../../src/service/dataset-context.js';


describe('observed traffic', () => {
  const tmp = useTempDir();

  test('reports coverage, agreement with the observed model, and accuracy of both against gold', async () => {
    const store = Store.open(tmp.path('w.db'), { create: true });
    const d = store.datasets.insert(Task.parse({ name: 't', type: 'classification', labels: ['refund', 'greet'] }));
    // label: what the observed model said; truth: the real answer (absent on o4).
    const rows = [
      { id: 'o1', text: 'refund please', label: 'refund', truth: { label: 'refund' } },
      { id: 'o2', text: 'hello', label: 'greet', truth: { label: 'greet' } },
      { id: 'o3', text: 'refund now', label: 'greet', truth: { label: 'refund' } },
      { id: 'o4', text: 'something else', label: 'refund' },
    ];
    store.transaction(() => store.examples.insertMany(d.id, rows.map((r) => Example.parse({ ...r, source: 'observed' }))));
    store.rules.insert(d.id, rule('refund', 'refund', 'refund'));
    const r = await observeTraffic(datasetContext(store));
    expect(r.n).toBe(4);
    expect(r.coverage).toBe(0.5); // o1, o3
    // Against the model: o1 agrees, o3 disagrees (refund vs greet), o2 and o4 missed.
    expect(r.agreement).toMatchObject({ precision: 0.5, recall: 0.25, exact_match: 0.25 });
    // Against gold (o1..o3): the rules get o1 and o3 right, the model o1 and o2.
    expect(r.truth).toMatchObject({ n: 3, rules: { precision: 1, recall: 2 / 3 }, model: { precision: 2 / 3, recall: 2 / 3, exact_match: 2 / 3 } });
    expect(r.report.observed!.n).toBe(4);
    expect(r.ruleset_hash).toMatch(/^[0-9a-f]{64}$/);
    store.close();
  });

  test('says what to do when there is no observed traffic', async () => {
    const store = Store.open(tmp.path('w.db'), { create: true });
    store.datasets.insert(Task.parse({ name: 't', type: 'classification' }));
    await expect(observeTraffic(datasetContext(store))).rejects.toThrow(/has no observed examples: import a model's logged traffic with `rulewright import FILE --source observed`/);
    store.close();
  });

  test.skipIf(sharedMissing)('rules learned from RuleChef Banking77 traffic take most of it over, judged against the model and gold', async () => {
    const db = tmp.path('w.db');
    const file = shared('rulechef-benchmarks/benchmarks/results/sample_traffic_banking77.jsonl')!;
    const imp = await runCli(['import', file, '--source', 'observed', '--name', 'traffic', '--type', 'classification', '--db', db, '--json']);
    expect(imp.code, imp.stderr).toBe(0);
    // 200 texts give a dev split too small for learn to make one itself: the traffic is held out here.
    expect((await runCli(['split', '--dev', '0.2', '--seed', '42', '--db', db])).code).toBe(0);
    const store = Store.open(db);
    try {
      const learned = await learn(datasetContext(store, { env: {} }), { offline: true });
      expect(learned.split).toMatchObject({ judged_on: 'dev', created: null });
      expect(learned.rules.active).toBeGreaterThan(3);
      const r = await observeTraffic(datasetContext(store), { split: 'dev' });
      expect(r.n).toBe(40);
      expect(r.coverage!).toBeGreaterThan(0.5);
      expect(r.agreement.precision!).toBeGreaterThan(0.85);
      expect(r.truth!.n).toBe(40);
      expect(r.truth!.model.exact_match!).toBeGreaterThan(0.9);
      expect(r.truth!.rules.precision!).toBeGreaterThan(0.85);
      // `eval` on the same examples reports the same observed block (the shared pipeline).
      const ev = await runCli(['eval', '--split', 'dev', '--json', '--db', db]);
      expect(ev.code, ev.stderr).toBe(0);
      const report = JSON.parse(ev.stdout) as { observed: unknown; coverage: number | null };
      expect(report.observed).toEqual(r.report.observed);
      expect(report.coverage).toBe(r.coverage);
    } finally {
      store.close();
    }
  }, 120_000);
});
