import { describe, expect, test } from 'vitest';
import { demoWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('eval screen', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('evaluates when nothing is recorded: per-class table, error kinds and the confusion matrix', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'eval' } });
    const f = await app.until((f) => expect(f).toMatch(/Eval on test \(200\) · mode text · run #\d+/));
    const report = await ws.dataset().evaluate({ split: 'test' });
    const m = report.micro;
    const r3 = (v: number | null) => (v === null ? '–' : v >= 1 ? '1.00' : v.toFixed(3).replace(/^0/, ''));
    expect(f).toContain(`micro P ${r3(m.precision)} R ${r3(m.recall)} F1 ${r3(m.f1)}`);
    expect(f).toMatch(/class\s+P\s+R\s+F1\s+TP\s+FP\s+FN/);
    for (const label of ['beneficiary_not_allowed', 'card_arrival', 'disposable_card_limits', 'exchange_rate', 'pending_cash_withdrawal']) expect(f).toContain(label.slice(0, 12));
    expectFits(f, 80, 24);
    await app.press(KEY.tab);
    const e = await app.until((f) => expect(f).toMatch(/wrong label \d+ · wrong boundary 0 · missing \d+ · spurious 0/));
    expect(e).toContain(`wrong label ${report.errors.wrong_label} · wrong boundary 0 · missing ${report.errors.missing}`);
    await app.press(KEY.tab);
    const c = await app.until((f) => expect(f).toContain('gold \\ predicted'));
    expect(c).toMatch(/card_arrival\s+.*\d/);
    expect(c).toContain('(abstai');
    expectFits(c, 80, 24);
    app.unmount();
  });

  test('opens on the recorded run; [ compares a new run with an earlier one', async () => {
    const ws = tmp.open();
    const first = await ws.dataset().evaluate();
    await ws.dataset().setRuleStatus('any-money', 'disabled');
    const app = renderApp(ws, { initial: { screen: 'eval' }, columns: 120, rows: 40 });
    await app.until((f) => expect(f).toContain(`run #${first.run_id} (recorded; r runs again)`));
    await app.press('r');
    await app.until((f) => expect(f).toMatch(new RegExp(`run #${first.run_id + 1} · \\d`)));
    await app.press('[');
    const f = await app.until((f) => expect(f).toContain(`against run #${first.run_id}`));
    expect(f).toContain('baseline run #');
    expect(f).toMatch(/the rules changed/i);
    expect(f).toMatch(/micro P \.\d{3}→\.\d{3} \([+-]\.\d{3}\)/);
    expect(f).toMatch(/examples: \d+ improved · \d+ regressed/);
    expectFits(f, 120, 40);
    app.unmount();
  });

  test('[ ] and s record one run per distinct data, rules and split, and the compare list shows distinct runs', async () => {
    const ws = tmp.open();
    const first = await ws.dataset().evaluate();
    await ws.dataset().evaluate();
    await ws.dataset().setRuleStatus('any-money', 'disabled');
    const app = renderApp(ws, { initial: { screen: 'eval' }, columns: 120, rows: 40 });
    await app.until((f) => expect(f).toContain('(recorded; r runs again)'));
    // Two equal recorded runs are one: the one shown.
    expect(app.frame()).toContain('no earlier run to compare with');
    await app.press('r');
    const now = await app.until((f) => expect(f).toMatch(new RegExp(`run #${first.run_id + 2} · \\d`)));
    expect(now).toContain('[ ]: compare with the earlier run');
    for (const key of ['[', ']', '[', ']', 'r']) {
      await app.press(key);
      await app.until((f) => expect(f).toMatch(/run #\d+ · \d/));
      await app.until((f) => expect(f).not.toContain('evaluating…'));
    }
    expect(app.frame()).toContain(`run #${first.run_id + 2} ·`);
    const evalRuns = () => ws.dataset().listRuns({ kind: 'eval' }).runs.length;
    expect(evalRuns()).toBe(3);
    // Each split once, then round again: no new run the second time.
    for (let i = 0; i < 5; i++) {
      await app.press('s');
      await app.until((f) => expect(f).not.toContain('evaluating…'));
    }
    const perSplit = evalRuns();
    for (let i = 0; i < 5; i++) {
      await app.press('s');
      await app.until((f) => expect(f).not.toContain('evaluating…'));
    }
    expect(evalRuns()).toBe(perSplit);
    expect(perSplit).toBeLessThanOrEqual(3 + 3);
    app.unmount();
  });
});
