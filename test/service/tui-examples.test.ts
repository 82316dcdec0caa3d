import { describe, expect, test } from 'vitest';
import { spanWorkspace } from '../tui/fixtures.js';
import { useTemplateWorkspace } from '../tui/harness.js';

describe('exampleOutcomes, predictExample and storedRuleMetrics', () => {
  const tmp = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`));

  test('lists every example with gold, prediction and error kinds, counted like eval', async () => {
    const ws = tmp.open();
    const o = await ws.exampleOutcomes();
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
    const report = await ws.evaluate({ split: 'all' });
    expect(o.counts.missed + o.counts.spurious).toBeGreaterThan(0);
    expect(o.rows.reduce((n, r) => n + r.fn, 0)).toBe(report.micro.fn);
    expect(o.rows.reduce((n, r) => n + r.fp, 0)).toBe(report.micro.fp);
    expect((await ws.exampleOutcomes({ split: 'dev' })).n).toBe(3);
  });

  test('predicts one example with the active rules, and reads one rule\'s stored metrics with samples', async () => {
    const ws = tmp.open();
    expect(ws.predictExample({ exampleId: 's1' }).prediction.spans?.map((s) => `${s.label}:${s.text}:${s.rule_id}`)).toEqual([
      'PER:Ann:names',
      'PER:Bob:names',
      'LOC:Oslo:cities',
    ]);
    const m = ws.storedRuleMetrics({ ruleId: 'names' });
    expect(m).toMatchObject({ split: 'dev', computed: true, stale: false });
    expect(m.metrics!.samples.fp.map((s) => s.example_id)).toEqual(['s5']);
    await ws.setRuleStatus('cities', 'disabled');
    expect(ws.storedRuleMetrics({ ruleId: 'names' }).stale).toBe(true);
    expect(ws.storedRuleMetrics({ ruleId: 'missing' })).toMatchObject({ computed: true, metrics: null, stale: false });
  });
});
