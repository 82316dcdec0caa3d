import { describe, expect, test } from 'vitest';
import { importDemo } from './fixtures.js';
import { renderApp, useTempWorkspace, expectFits } from './harness.js';

describe('app shell', () => {
  const tmp = useTempWorkspace();
  const demo = () => importDemo(tmp.open());

  test('draws the tab bar and footer, and switches screens with the number keys', async () => {
    const app = renderApp(demo());
    await app.until((f) => expect(f).toContain('[1 Rules]'));
    // At 80 columns not every hint of the rules screen fits: `?` says there are more.
    expect(app.frame()).toMatch(/\? more {2}q quit/);
    await app.press('4');
    await app.until((f) => expect(f).toContain('[4 Prune]'));
    expectFits(app.frame(), 80, 24);
    app.unmount();
  });

  test('? opens the help overlay and any key closes it', async () => {
    const app = renderApp(demo());
    await app.press('?');
    await app.until((f) => expect(f).toContain('Help: Rules'));
    expect(app.frame()).toContain('sort column');
    await app.press('x');
    await app.until((f) => expect(f).not.toContain('Help: Rules'));
    app.unmount();
  });
});
