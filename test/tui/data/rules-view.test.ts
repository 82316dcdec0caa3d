import { describe, expect, test } from 'vitest';
import { toRulesView } from '../../../tui/data/rules-view.js';
import { demoWorkspace } from '../fixtures.js';
import { useTemplateWorkspace } from '../harness.js';

describe('toRulesView', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('the table rows are the overview rows as the service gives them', () => {
    const ws = tmp.open();
    const o = ws.dataset().rulesOverview();
    const view = toRulesView(o);
    expect(view.rows).toEqual(o.rules);
    expect(view.rows.every((r, i) => r === o.rules[i])).toBe(true);
  });

  test('a rule a background metrics run saw time out is badged; the service row is left as it was', () => {
    const ws = tmp.open();
    const o = ws.dataset().rulesOverview();
    const id = o.rules[0]!.rule.id;
    const view = toRulesView(o, new Set([id]));
    expect(view.rows.filter((r) => r.timed_out).map((r) => r.rule.id)).toEqual([id]);
    expect(o.rules[0]!.timed_out).toBe(false);
    expect(view.summary).toMatchObject({ rules: o.rules.length, active: o.rules.length, stale: 0 });
  });
});
