import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Workspace } from '../../../src/service/index.js';
import { useTempDir } from '../../helpers/temp.js';
import { demoWorkspace } from '../../tui/fixtures.js';
import { useTemplateWorkspace } from '../../tui/harness.js';

describe('rulesOverview', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('matches the stored metrics row for row, with the ensemble of the last metrics run', async () => {
    const ws = tmp.open();
    const o = ws.dataset().rulesOverview();
    const stored = ws.dataset().storedMetrics();
    expect(o).toMatchObject({ dataset: 'banking77', task_type: 'classification', mode: 'text', split: 'dev', stale: false, stale_reasons: [] });
    expect(o.rules.map((r) => r.rule.id)).toEqual(ws.dataset().listRules().rules.map((r) => r.id));
    for (const m of stored.rules) {
      const row = o.rules.find((r) => r.rule.id === m.id)!;
      const { samples: _s, overlap: _o, conflict: _c, stale, ...figures } = m;
      expect(row.metrics).toEqual(figures);
      expect(row.stale).toBe(stale);
    }
    const run = ws.dataset().listRuns({ kind: 'metrics', limit: 1 }).runs[0]!;
    expect(o.ensemble!.f1).toBeCloseTo(run.f1!, 12);
    expect(o.ensemble!.n).toBe(90);
  });

  test('marks every row stale, as getStoredMetrics does, when the rules change', async () => {
    const ws = tmp.open();
    await ws.dataset().editRule('zebra', { pattern: 'zebra crossings?' });
    const o = ws.dataset().rulesOverview();
    const stored = ws.dataset().storedMetrics();
    expect(o.stale).toBe(true);
    expect(o.stale_reasons).toEqual(stored.stale_reasons);
    expect(o.rules.every((r) => r.stale)).toBe(true);
    expect(o.rules.find((r) => r.rule.id === 'zebra')!.metrics).not.toBeNull();
  });

  test('rules never measured have no figures; nothing computed yet is not "stale"', async () => {
    const ws = tmp.open();
    await ws.dataset().addRule({ id: 'new-one', name: 'new one', pattern: 'atm', label: 'pending_cash_withdrawal' });
    expect(ws.dataset().rulesOverview().rules.find((r) => r.rule.id === 'new-one')).toMatchObject({ metrics: null, stale: true, rule: { status: 'active' } });
  });
});

describe('rulesOverview timeouts', () => {
  const tmp = useTempDir();

  test('a rule that ran out of time in the last metrics run is marked timed out; the others are not', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(
      tmp.path('d.jsonl'),
      [
        { id: 'slow', text: `${'a'.repeat(30_000)}!`, label: 'shout' },
        { id: 'fine', text: 'hello there', label: 'greet' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    ws.importFile(tmp.path('d.jsonl'), { create: { name: 'd' } });
    ws.dataset().updateTask({ rule_budget_ms: 200 });
    // A catastrophic rule imported with allowFlagged is flagged, kept and run under the budget.
    writeFileSync(
      tmp.path('rules.json'),
      JSON.stringify({
        rulewright: 1,
        rules: [
          { id: 'evil', name: 'evil', format: 'regex', pattern: '(a+)+$', output: { label: 'shout' } },
          { id: 'hello', name: 'hello', format: 'regex', pattern: 'hello', output: { label: 'greet' } },
        ],
      }),
    );
    await ws.dataset().importRules(tmp.path('rules.json'), { allowFlagged: true });
    await ws.dataset().metrics();
    const o = ws.dataset().rulesOverview();
    expect(o.rules.map((r) => [r.rule.id, r.timed_out])).toEqual([
      ['evil', true],
      ['hello', false],
    ]);
    ws.close();
  });
});
