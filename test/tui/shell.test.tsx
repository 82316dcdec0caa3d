import { describe, expect, test } from 'vitest';
import { demoWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('app shell: size, footer and the : command line', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test.each([
    [79, 24],
    [80, 23],
  ])('at %ix%i the app says the window is too small instead of drawing squashed screens', async (columns, rows) => {
    const app = renderApp(tmp.open(), { columns, rows });
    const f = await app.until((f) => expect(f).toContain(`window too small: ${columns}x${rows}, the workbench needs at least 80x24`));
    expect(f).not.toContain('ensemble');
    expectFits(f, columns, rows);
    app.unmount();
  });

  test('the footer shows the hints that fit and turns ? help into ? more when some do not', async () => {
    const narrow = renderApp(tmp.open(), { columns: 80, rows: 24 });
    const n = await narrow.until((f) => expect(f).toContain('? more'));
    const footer = n.split('\n').at(-1)!;
    expect(footer).toMatch(/enter open rule {2}s\/> sort column {2}t status filter\s+\? more {2}q quit/);
    narrow.unmount();
    const wide = renderApp(tmp.open(), { columns: 200, rows: 24 });
    const w = await wide.until((f) => expect(f).toContain('? help'));
    expect(w.split('\n').at(-1)).toMatch(/enter open rule {2}s\/> sort column {2}w worst first .* {2}\/ filter by text {2}t status filter\s+\? help {2}q quit/);
    wide.unmount();
  });

  test(':rule opens a rule by a unique start of its id; a bad one says why', async () => {
    const app = renderApp(tmp.open(), { initial: { screen: 'eval' } });
    await app.until((f) => expect(f).toContain('Eval'));
    await app.press(':');
    await app.until((f) => expect(f).toContain(': ▏'));
    await app.type('rule any-m');
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toContain('any money any-money [active]'));
    await app.press(':');
    await app.type('rule any');
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toMatch(/error: .*ambiguous.*any-card.*any-money|error: .*ambiguous/));
    await app.press(':');
    await app.type('frobnicate');
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toContain('no command "frobnicate"'));
    app.unmount();
  });

  test(':filter and :sort set the rules table from any screen; esc closes the line', async () => {
    const app = renderApp(tmp.open(), { initial: { screen: 'prune' } });
    await app.until((f) => expect(f).toContain('Prune'));
    await app.press(':');
    await app.type('filter any');
    await app.press(KEY.enter);
    const f = await app.until((f) => expect(f).toContain('2 of 8 rules'));
    expect(f).toContain('/any');
    await app.press(':');
    await app.type('sort fp');
    await app.press(KEY.enter);
    const s = await app.until((f) => expect(f).toMatch(/▼FP/));
    expect(s.split('\n').find((l) => l.startsWith('› '))).toMatch(/any money/);
    await app.press(':');
    await app.type('sort');
    await app.press(KEY.escape);
    await app.until((f) => expect(f).not.toContain(': sort'));
    expect(app.frame()).toMatch(/▼FP/);
    app.unmount();
  });

  test(':sort run lists the rules in the order they run, as rules list does', async () => {
    const ws = tmp.open();
    const order = ws.dataset().listRules().rules.map((r) => r.id);
    const app = renderApp(ws, { rows: 40 });
    await app.until((f) => expect(f).toContain('8 rules'));
    await app.press(':');
    await app.type('sort run');
    await app.press(KEY.enter);
    const f = await app.until((f) => expect(f.split('\n').find((l) => l.startsWith('› '))).toContain(order[0]!.replace(/-/g, ' ')));
    // Each rule's row comes in the order rules list gives (by the first place its name shows).
    const at = order.map((id) => f.indexOf(id.replace(/-/g, ' ')));
    expect(at.every((p) => p >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    app.unmount();
  });
});
