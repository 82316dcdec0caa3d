import { describe, expect, test } from 'vitest';
import { DEMO, expectFits, KEY, renderApp, useTempWorkspace } from './harness.js';

describe('examples screen', () => {
  const tmp = useTempWorkspace();

  test('shows gold against predicted with the error kind, and filters by outcome, split and text', async () => {
    const ws = tmp.open();
    ws.importFile(DEMO, { create: { name: 'banking77' } });
    const app = renderApp(ws, { initial: { screen: 'examples' } });
    // No rules yet: every example is missed.
    await app.until((f) => expect(f).toContain('500 · mode text · 0 correct · 500 missed'));
    expect(app.frame()).toMatch(/train-1\s+train\s+card_arrival\s+—\s+missed/);
    expect(app.frame()).toContain('outcome wrong · label any · split all (500 shown)');
    await app.press('s', 's', 's');
    await app.until((f) => expect(f).toContain('split test (200 shown)'));
    expect(app.frame()).toMatch(/test-1\s+test/);
    await app.press('/');
    await app.type('exchange');
    await app.until((f) => expect(f).toMatch(/split test · \/exchange \(\d+ shown\)/));
    await app.press(KEY.enter);
    await app.press('o');
    await app.until((f) => expect(f).toContain('outcome correct'));
    expect(app.frame()).toContain('no example matches the filters');
    expectFits(app.frame(), 80, 24);
    app.unmount();
  });
});
