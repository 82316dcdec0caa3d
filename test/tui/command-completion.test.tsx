import { describe, expect, test } from 'vitest';
import { completeCommand } from '../../tui/model/command-line.js';
import { demoWorkspace } from './fixtures.js';
import { KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('tab on the : line', () => {
  test.each([
    ['', ''],
    ['f', 'filter '],
    ['so', 'sort '],
    ['sort f', 'sort f'],
    ['sort fp', 'sort fp '],
    ['sort fi', 'sort fired '],
    ['sort fp d', 'sort fp desc '],
    ['filter an', 'filter an'],
    ['zz', 'zz'],
  ])('completes %j to %j', (line, completed) => {
    expect(completeCommand(line)).toBe(completed);
  });

  describe('in the app', () => {
    const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

    test('completes the command and its column, and enter runs it', async () => {
      const app = renderApp(tmp.open(), { initial: { screen: 'prune' } });
      await app.until((f) => expect(f).toContain('Prune'));
      await app.press(':');
      await app.type('so');
      await app.press(KEY.tab);
      await app.until((f) => expect(f).toContain(': sort '));
      await app.type('fp');
      await app.press(KEY.tab, KEY.enter);
      await app.until((f) => expect(f).toMatch(/▼FP/));
      app.unmount();
    });
  });
});
