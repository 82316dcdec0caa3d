import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseCommand } from '../../tui/model/command-line.js';
import { importDemo, spanWorkspace } from './fixtures.js';
import { KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe(':dataset NAME', () => {
  test.each([
    ['dataset banking77', { kind: 'dataset', name: 'banking77' }],
    ['d people', { kind: 'dataset', name: 'people' }],
    ['dataset', { kind: 'error', message: 'which dataset? type :dataset NAME (tab completes the names)' }],
  ])('parses %j', (line, command) => {
    expect(parseCommand(line)).toEqual(command);
  });

  describe('in the workbench', () => {
    const tmp = useTemplateWorkspace(async (ws, dir) => {
      await spanWorkspace(ws, join(dir, 'people.jsonl'));
      importDemo(ws);
    });

    test('tab completes a dataset name and enter opens that dataset', async () => {
      const app = renderApp(tmp.open(), { dataset: 'people', switchable: true, columns: 100 });
      await app.until((f) => expect(f).toContain('cities'));
      await app.press(':');
      await app.type('d');
      await app.press(KEY.tab);
      await app.until((f) => expect(f).toContain(': dataset '));
      await app.type('ban');
      await app.press(KEY.tab);
      await app.until((f) => expect(f).toContain(': dataset banking77 '));
      await app.press(KEY.enter);
      await app.until((f) => expect(f).toContain('banking77'));
      await app.until((f) => expect(f).not.toContain('cities'));
      app.unmount();
    });

    test('an unknown dataset is named with the ones there are, and the app stays', async () => {
      const app = renderApp(tmp.open(), { dataset: 'people', switchable: true, columns: 100 });
      await app.until((f) => expect(f).toContain('cities'));
      await app.press(':');
      await app.type('dataset nope');
      await app.press(KEY.enter);
      await app.until((f) => expect(f).toContain('no dataset "nope": the workspace has'));
      expect(app.frame()).toContain('cities');
      app.unmount();
    });

    test('an app opened on one dataset only says how to open another', async () => {
      const app = renderApp(tmp.open(), { dataset: 'people', columns: 120 });
      await app.until((f) => expect(f).toContain('cities'));
      await app.press(':');
      await app.type('dataset banking77');
      await app.press(KEY.enter);
      await app.until((f) => expect(f).toContain('rulewright tui --dataset banking77'));
      app.unmount();
    });
  });
});
