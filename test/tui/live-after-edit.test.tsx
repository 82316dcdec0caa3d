import { describe, expect, test } from 'vitest';
import { demoWorkspace } from './fixtures.js';
import { KEY, renderApp, useTemplateWorkspace } from './harness.js';

/** The table row of a rule: its line of the frame. */
const rowOf = (frame: string, name: string) => frame.split('\n').find((l) => l.slice(2).startsWith(name)) ?? '';

describe('live after an edit', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('saving a pattern re-scores in the background and the rules table row shows the new figures', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { columns: 120, rows: 40 });
    await app.until((f) => expect(rowOf(f, 'any money')).toMatch(/\b12\b/));
    await app.press('/');
    await app.type('any money');
    await app.press(KEY.enter, KEY.enter);
    await app.until((f) => expect(f).toContain('any money any-money [active] v1'));
    await app.press('p', KEY.left, KEY.left, KEY.left, ...Array.from({ length: 9 }, () => KEY.backspace), KEY.enter);
    await app.until(() => expect(ws.dataset().showRule('any-money').rule.version).toBe(2));
    await app.until((f) => expect(f).toMatch(/^(?:harmful )?dev: TP 1 FP 3 /m));
    await app.press(KEY.escape);
    // The row is measured on the new pattern: FP 3 (was 12), and not stale.
    const f = await app.until((f) => expect(rowOf(f, 'any money')).toMatch(/\s1\s+3\s/));
    expect(rowOf(f, 'any money')).not.toMatch(/stale|\bS\b/);
    app.unmount();
  });

  test.each(['examples', 'feedback', 'prune', 'eval', 'learn'] as const)('m recomputes the metrics from the %s screen', async (screen) => {
    const ws = tmp.open();
    await ws.dataset().setRuleStatus('zebra', 'disabled');
    const app = renderApp(ws, { initial: { screen } });
    await app.press('m');
    await app.until((f) => expect(f).toContain('metrics recomputed for 7 rules'));
    expect(ws.dataset().rulesOverview().stale).toBe(false);
    app.unmount();
  });

  test('m recomputes the metrics from a rule’s own screen', async () => {
    const ws = tmp.open();
    await ws.dataset().setRuleStatus('zebra', 'disabled');
    const app = renderApp(ws, { initial: { screen: 'rule', ruleId: 'any-money' } });
    await app.until((f) => expect(f).toContain('any-money'));
    await app.press('m');
    await app.until((f) => expect(f).toContain('metrics recomputed for 7 rules'));
    expect(ws.dataset().rulesOverview().stale).toBe(false);
    app.unmount();
  });

  test('the Eval screen says the data changed when the split it ran on was re-made', async () => {
    const ws = tmp.open();
    await ws.dataset().evaluate({ split: 'dev' });
    ws.dataset().split({ dev: 0.5, seed: 7 });
    const app = renderApp(ws, { initial: { screen: 'eval' }, columns: 120, rows: 40 });
    await app.until((f) => expect(f).toMatch(/stale: [^\n]*data changed/));
    app.unmount();
  });

  test('the Eval screen marks a recorded result stale when the rules or the data changed since it ran', async () => {
    const ws = tmp.open();
    const first = await ws.dataset().evaluate();
    const fresh = renderApp(ws, { initial: { screen: 'eval' } });
    const f = await fresh.until((f) => expect(f).toContain(`run #${first.run_id} (recorded`));
    expect(f).not.toContain('stale');
    fresh.unmount();
    await ws.dataset().setRuleStatus('any-money', 'disabled');
    const app = renderApp(ws, { initial: { screen: 'eval' }, columns: 120, rows: 40 });
    await app.until((f) => expect(f).toContain('stale: rules changed since (r runs again)'));
    await app.press('r');
    await app.until((f) => expect(f).toMatch(new RegExp(`run #${first.run_id + 1} · \\d`)));
    expect(app.frame()).not.toContain('stale');
    app.unmount();
  });
});
