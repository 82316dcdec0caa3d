import { describe, expect, test } from 'vitest';
import { demoWorkspace } from '../tui/fixtures.js';
import { useTemplateWorkspace } from '../tui/harness.js';

describe('rulesOverview', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('matches the stored metrics row for row, with the ensemble of the last metrics run', async () => {
    const ws = tmp.open();
    const o = ws.rulesOverview();
    const stored = ws.storedMetrics();
    expect(o).toMatchObject({ dataset: 'banking77', task_type: 'classification', mode: 'text', split: 'dev', stale: false, stale_reasons: [] });
    expect(o.rules.map((r) => r.id)).toEqual(ws.listRules().rules.map((r) => r.id));
    for (const m of stored.rules) {
      const row = o.rules.find((r) => r.id === m.id)!;
      const { samples: _s, overlap: _o, conflict: _c, stale, ...figures } = m;
      expect(row.metrics).toEqual(figures);
      expect(row.stale).toBe(stale);
    }
    const run = ws.listRuns({ kind: 'metrics', limit: 1 }).runs[0]!;
    expect(o.ensemble!.f1).toBeCloseTo(run.f1!, 12);
    expect(o.ensemble!.n).toBe(90);
  });

  test('marks every row stale, as getStoredMetrics does, when the rules change', async () => {
    const ws = tmp.open();
    await ws.editRule('zebra', { pattern: 'zebra crossings?' });
    const o = ws.rulesOverview();
    const stored = ws.storedMetrics();
    expect(o.stale).toBe(true);
    expect(o.stale_reasons).toEqual(stored.stale_reasons);
    expect(o.rules.every((r) => r.stale)).toBe(true);
    expect(o.rules.find((r) => r.id === 'zebra')!.metrics).not.toBeNull();
  });

  test('rules never measured have no figures; nothing computed yet is not "stale"', async () => {
    const ws = tmp.open();
    await ws.addRule({ id: 'new-one', name: 'new one', pattern: 'atm', label: 'pending_cash_withdrawal' });
    expect(ws.rulesOverview().rules.find((r) => r.id === 'new-one')).toMatchObject({ metrics: null, stale: true, status: 'active' });
  });
});
