import { describe, expect, test } from 'vitest';
import { demoWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('prune screen', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('shows the greedy plan with F1 before and after each step, and the leave-one-out ranking', async () => {
    const app = renderApp(tmp.open(), { initial: { screen: 'prune' } });
    const f = await app.until((f) => {
      expect(f).toContain('F1 .737 → .795 by disabling 1 rule (dry run)');
      expect(f).toContain('8 active rules, best first · 1 harmful · 1 dead');
    });
    expect(f).toContain('judged on dev (90) · mode text · tolerance 0');
    expect(f).toMatch(/1 any money\s+exchange_r\S*\s+harmful\s+\.737\s+\.795\s+\+\.058/);
    expect(f).toMatch(/1 exchange rate .*\+\.130/);
    expect(f).toMatch(/8 any money .*-\.058 .*harmful/);
    expectFits(f, 80, 24);
    app.unmount();
  });

  test('a applies after confirmation, u undoes: the rules are disabled and enabled again', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'prune' }, columns: 120, rows: 40 });
    await app.until((f) => expect(f).toContain('by disabling 1 rule'));
    await app.press('a');
    await app.until((f) => expect(f).toContain('Disable 1 rule (F1 .737 → .795)?'));
    await app.press('n');
    await app.until((f) => expect(f).not.toContain('Disable 1 rule'));
    expect(ws.showRule('any-money').rule.status).toBe('active');
    await app.press('a', 'y');
    await app.until((f) => expect(f).toContain('disabled 1 rule (prune op 1): u undoes'));
    expect(ws.showRule('any-money').rule.status).toBe('disabled');
    await app.until((f) => expect(f).toContain('7 active rules'));
    await app.press('u');
    await app.until((f) => expect(f).toContain('undid prune op 1: 1 rule enabled again'));
    expect(ws.showRule('any-money').rule.status).toBe('active');
    await app.until((f) => expect(f).toContain('8 active rules'));
    await app.press('u');
    await app.until((f) => expect(f).toContain('nothing to undo'));
    expectFits(app.frame(), 120, 40);
    await app.press(KEY.escape);
    app.unmount();
  });
});
