import { describe, expect, test } from 'vitest';
import { demoWorkspace } from './fixtures.js';
import { renderApp, useTemplateWorkspace } from './harness.js';

describe('u undoes the last enable or disable', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('on the rules table: a disabled rule is active again', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { columns: 120, rows: 40 });
    await app.until((f) => expect(f).toMatch(/› exchange rate/));
    await app.press('e', 'y');
    await app.until(() => expect(ws.dataset().showRule('exchange-rate').rule.status).toBe('disabled'));
    await app.until((f) => expect(f).toContain('8 rules (7 active)'));
    await app.press('u');
    await app.until(() => expect(ws.dataset().showRule('exchange-rate').rule.status).toBe('active'));
    await app.until((f) => expect(f).toContain('8 rules (8 active)'));
    app.unmount();
  });

  test("on a rule's screen, and an enable there is undone too", async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'rule', ruleId: 'any-money' } });
    await app.until((f) => expect(f).toContain('any money any-money [active]'));
    await app.press('e', 'y');
    await app.until((f) => expect(f).toContain('any money any-money [disabled]'));
    await app.press('u');
    await app.until((f) => expect(f).toContain('any money any-money [active]'));
    await app.press('e', 'y');
    await app.until((f) => expect(f).toContain('any money any-money [disabled]'));
    await app.press('e');
    await app.until((f) => expect(f).toContain('any money any-money [active]'));
    await app.press('u');
    await app.until((f) => expect(f).toContain('any money any-money [disabled]'));
    app.unmount();
  });

  test('with nothing to undo it says so', async () => {
    const app = renderApp(tmp.open());
    await app.until((f) => expect(f).toMatch(/› exchange rate/));
    await app.press('u');
    await app.until((f) => expect(f).toContain('nothing to undo: no rule was enabled or disabled in this session'));
    app.unmount();
  });
});
