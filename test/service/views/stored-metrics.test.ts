import { describe, expect, test } from 'vitest';
import { gatherReportData } from '../../../src/service/index.js';
import { demoWorkspace } from '../../tui/fixtures.js';
import { useTemplateWorkspace } from '../../tui/harness.js';
import { datasetContext } from '../../../src/service/dataset-context.js';

describe('stored metrics views', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('a stored row another version wrote makes the table, a rule screen and storedMetrics agree on why', () => {
    const ws = tmp.open();
    const d = ws.dataset();
    const [unread, other] = ws.dataset().listRules().rules.map((r) => r.id) as [string, string];
    ws.store.db.prepare('UPDATE rule_metrics SET metrics = ? WHERE dataset_id = ? AND rule_id = ?').run('{"old":true}', d.id, unread);
    const stored = ws.dataset().storedMetrics();
    const o = ws.dataset().rulesOverview();
    expect(stored.stale_reasons).toEqual(['1 stored row could not be read (written by another version)']);
    expect(o.stale_reasons).toEqual(stored.stale_reasons);
    expect(o.stale).toBe(true);
    // A rule's screen says what its row in the table says.
    const row = o.rules.find((r) => r.rule.id === other)!;
    expect(row.stale).toBe(true);
    expect(ws.dataset().storedRuleMetrics({ ruleId: other })).toMatchObject({ stale: row.stale, metrics: expect.objectContaining({ id: other }) });
    expect(o.rules.find((r) => r.rule.id === unread)).toMatchObject({ metrics: null, stale: true });
  });

  test('current metrics are stale nowhere', () => {
    const ws = tmp.open();
    const o = ws.dataset().rulesOverview();
    expect(ws.dataset().storedMetrics()).toMatchObject({ stale: false, stale_reasons: [] });
    expect(o.rules.filter((r) => r.stale)).toEqual([]);
    for (const r of o.rules) expect(ws.dataset().storedRuleMetrics({ ruleId: r.rule.id }).stale).toBe(false);
  });

  test('the rules table and the report show a rule in the same row shape', async () => {
    const ws = tmp.open();
    const table = ws.dataset().rulesOverview().rules;
    const report = (await gatherReportData(datasetContext(ws.store))).rules;
    expect(report.map((r) => r.rule)).toEqual(table.map((r) => r.rule));
    for (const [i, r] of report.entries()) {
      const shown = table[i]!.metrics;
      expect(shown === null).toBe(r.metrics === null);
      if (shown && r.metrics) expect(r.metrics).toMatchObject({ id: shown.id, tp: shown.tp, fp: shown.fp, fn: shown.fn, f1: shown.f1 });
    }
  });
});
