import { vi } from 'vitest';

// Colours are on in the terminal library for this file, so a frame without escape codes shows
// that the app itself dropped them (vitest's output is not a TTY, which would hide colour anyway).
vi.hoisted(() => {
  process.env.FORCE_COLOR = '3';
});

import { describe, expect, test } from 'vitest';
import type { Route } from '../../tui/route.js';
import { themeFromEnv } from '../../tui/theme.js';
import { demoWorkspace } from './fixtures.js';
import { hasEscapes, KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('NO_COLOR', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test.each([
    [{}, true],
    [{ NO_COLOR: '1' }, false],
    [{ NO_COLOR: '' }, true],
    [{ NO_COLOR: 'true', TERM: 'xterm-256color' }, false],
  ])('themeFromEnv(%j) has colour %s', (env, color) => {
    expect(themeFromEnv(env as NodeJS.ProcessEnv).color).toBe(color);
  });

  test.each([
    ['rules', {}],
    ['rule', { ruleId: 'any-money' }],
    ['examples', {}],
    ['prune', {}],
    ['eval', {}],
    ['learn', {}],
    ['feedback', {}],
  ] as const)('the %s screen has colour codes with colour and none under NO_COLOR', async (screen, extra) => {
    const initial = { screen, ...extra } as Route;
    const settled = (f: string) => expect(f).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] (?:evaluating|planning|ranking)|running the rules/);
    const colored = renderApp(tmp.open(), { initial, color: true });
    await colored.until(settled);
    expect(hasEscapes(colored.frame())).toBe(true);
    colored.unmount();
    const plain = renderApp(tmp.open(), { initial, color: false });
    await plain.until(settled);
    await plain.press('?');
    await plain.until((f) => expect(f).toContain('Help:'));
    expect(hasEscapes(plain.frame())).toBe(false);
    await plain.press(KEY.escape);
    await plain.until((f) => expect(f).not.toContain('Help:'));
    expect(hasEscapes(plain.frame())).toBe(false);
    plain.unmount();
  });

  test('without colour the selection, sort order and text caret are still visible as characters', async () => {
    const app = renderApp(tmp.open(), { color: false });
    await app.until((f) => expect(f).toMatch(/› exchange rate/));
    expect(app.frame()).toContain('▼ΔF1');
    await app.press('/');
    await app.until((f) => expect(f).toContain('/ ▏'));
    app.unmount();
  });
});
