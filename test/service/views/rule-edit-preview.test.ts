import { describe, expect, test } from 'vitest';
import { demoWorkspace } from '../../tui/fixtures.js';
import { useTemplateWorkspace } from '../../tui/harness.js';

describe('previewRuleEdit', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('before equals the stored figures; after equals what metrics measures once the edit is saved', async () => {
    const ws = tmp.open();
    const p = await ws.dataset().previewRuleEdit({ ruleId: 'any-money', pattern: '\\b(?:money)\\b' });
    const stored = ws.dataset().storedRuleMetrics({ ruleId: 'any-money' }).metrics!;
    expect(p).toMatchObject({ rule_id: 'any-money', split: 'dev', valid: true, error: null });
    expect(p.before).toMatchObject({ tp: stored.tp, fp: stored.fp, fn: stored.fn, precision: stored.precision, f1: stored.f1 });
    expect(p.before.ensemble_f1).toBeCloseTo(ws.dataset().rulesOverview().ensemble!.f1!, 12);
    expect(ws.dataset().showRule('any-money').rule.version).toBe(1);
    await ws.dataset().editRule('any-money', { pattern: '\\b(?:money)\\b' });
    const m = await ws.dataset().metrics();
    const after = m.rules.find((r) => r.id === 'any-money')!;
    expect(p.after).toMatchObject({ tp: after.tp, fp: after.fp, fn: after.fn });
    expect(p.after!.ensemble_f1).toBeCloseTo(m.f1!, 12);
  });

  test('an edit the checks would reject is reported, not previewed', async () => {
    const ws = tmp.open();
    const p = await ws.dataset().previewRuleEdit({ ruleId: 'zebra', pattern: '(unclosed' });
    expect(p).toMatchObject({ valid: false, after: null });
    expect(p.error).toMatch(/invalid/);
    await expect(ws.dataset().previewRuleEdit({ ruleId: 'nope', pattern: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
