import { describe, expect, test } from 'vitest';
import { importDemo, spanWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace, useTempWorkspace } from './harness.js';

describe('examples screen', () => {
  const tmp = useTempWorkspace();

  test('shows gold against predicted with the error kind, and filters by outcome, split and text', async () => {
    const ws = importDemo(tmp.open());
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

describe('examples screen (spans)', () => {
  const tmp = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`));

  test('shows missed and spurious spans, filters by label, and opens the correction', async () => {
    const app = renderApp(tmp.open(), { initial: { screen: 'examples' }, columns: 120, rows: 40 });
    const f = await app.until((f) => expect(f).toMatch(/Examples 5 · mode text · \d+ correct/));
    // The gold gives way (it shows whole on the example's screen) to each example's text.
    expect(f).toMatch(/s4\s+dev\s+LOC:"Paris" LOC:"Oslo" \S+\s+LOC:"Paris" LOC:"Oslo"\s+missed\s+Paris is far from Oslo/);
    expect(f).toMatch(/s5\s+dev\s+—\s+PER:"Nothing"\s+spurious\s+Nothing here\./);
    await app.press('o', 'o', 'o'); // wrong → correct → missed → spurious
    await app.until((f) => expect(f).toContain('outcome spurious'));
    expect(app.frame()).not.toMatch(/\ss4\s/);
    await app.press('o', 'o', 'o', 'o', 'l', 'l'); // … → all; any → LOC → PER
    await app.until((f) => expect(f).toContain('outcome all · label PER'));
    expect(app.frame()).not.toMatch(/\ss2\s/);
    await app.press('G', 'c');
    await app.until((f) => expect(f).toContain('Correct example s5'));
    expectFits(app.frame(), 120, 40);
    app.unmount();
  });
});
