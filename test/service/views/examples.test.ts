import { describe, expect, test } from 'vitest';
import { spanWorkspace } from '../../tui/fixtures.js';
import { useTemplateWorkspace, useTempWorkspace } from '../../tui/harness.js';
import { Example } from '../../../src/core/schemas/example.js';

describe('exampleOutcomes, predictExample and storedRuleMetrics', () => {
  const tmp = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`));

  test('lists every example with gold, prediction and error kinds, counted like eval', async () => {
    const ws = tmp.open();
    const o = await ws.dataset().exampleOutcomes();
    expect(o).toMatchObject({ dataset: 'people', split: 'all', mode: 'text', n: 5 });
    expect(o.rows.find((r) => r.id === 's4')).toMatchObject({
      split: 'dev',
      gold: 'LOC:"Paris" LOC:"Oslo" PER:"Dora"',
      predicted: 'LOC:"Paris" LOC:"Oslo"',
      errors: ['missed'],
      labels: ['LOC', 'PER'],
      rules: ['cities'],
      tp: 2,
      fp: 0,
      fn: 1,
      exact: false,
    });
    expect(o.rows.find((r) => r.id === 's5')).toMatchObject({ gold: '—', predicted: 'PER:"Nothing"', errors: ['spurious'], rules: ['names'] });
    const report = await ws.dataset().evaluate({ split: 'all' });
    expect(o.counts.missed + o.counts.spurious).toBeGreaterThan(0);
    expect(o.rows.reduce((n, r) => n + r.fn, 0)).toBe(report.micro.fn);
    expect(o.rows.reduce((n, r) => n + r.fp, 0)).toBe(report.micro.fp);
    expect((await ws.dataset().exampleOutcomes({ split: 'dev' })).n).toBe(3);
  });

  test('predicts one example with the active rules, and reads one rule\'s stored metrics with samples', async () => {
    const ws = tmp.open();
    expect(ws.dataset().predictExample({ exampleId: 's1' }).prediction.spans?.map((s) => `${s.label}:${s.text}:${s.rule_id}`)).toEqual([
      'PER:Ann:names',
      'PER:Bob:names',
      'LOC:Oslo:cities',
    ]);
    const m = ws.dataset().storedRuleMetrics({ ruleId: 'names' });
    expect(m).toMatchObject({ split: 'dev', computed: true, stale: false });
    expect(m.metrics!.samples.fp.map((s) => s.example_id)).toEqual(['s5']);
    await ws.dataset().setRuleStatus('cities', 'disabled');
    expect(ws.dataset().storedRuleMetrics({ ruleId: 'names' }).stale).toBe(true);
    expect(ws.dataset().storedRuleMetrics({ ruleId: 'missing' })).toMatchObject({ computed: true, metrics: null, stale: false });
  });
});

describe('exampleOutcomes: why a matcher said no', () => {
  const tmp = useTempWorkspace();

  test('each row lists the reasons of the pairs its matchers failed, lexical ones flagged', async () => {
    const ws = tmp.open();
    ws.createDataset({ name: 'r', type: 'transformation' });
    const id = ws.dataset().id;
    ws.store.transaction(() =>
      ws.store.examples.insertMany(id, [Example.parse({ id: 'x1', input: { text: 'TOTAL 9.50 at Aeon Mall' }, output: { total: '9.00', shop: 'Tesco Stores' } })]),
    );
    await ws.dataset().addRule({ name: 'total', pattern: 'TOTAL (\\d+\\.\\d\\d)', group: '$1', label: 'total' });
    await ws.dataset().addRule({ name: 'shop', pattern: 'at (.+)$', group: '$1', label: 'shop' });
    ws.dataset().updateTask({ matchers: { total: 'numeric_tolerance', shop: 'semantic_similarity' } });
    const row = (await ws.dataset().exampleOutcomes()).rows[0]!;
    expect(row.why).toEqual(['total: 9.5 differs from 9 by 0.5 (allowed 0)', expect.stringMatching(/^shop: \[lexical\] lexical similarity 0\.\d{3} < 0\.8/)]);
  });
});
