import { describe, expect, test } from 'vitest';
import { writeJsonl } from '../cli/helpers.js';
import { bankMessages } from '../learn/induce/fixtures.js';
import { KEY, renderApp, useTempWorkspace } from './harness.js';

const rows = bankMessages().filter((e) => e.split === 'train');

describe('the suggest screen', () => {
  const tmp = useTempWorkspace();
  const open = () => {
    const ws = tmp.open();
    ws.importFile(writeJsonl(tmp.path('bank.jsonl'), rows), { format: 'jsonl', create: { name: 'bank', type: 'classification', labels: ['refund', 'card'] } });
    return ws;
  };

  test('s on an example lists ranked rules from its words; enter adds the selected one above the rules', async () => {
    const ws = open();
    const app = renderApp(ws, { initial: { screen: 'example', exampleId: 'a' }, columns: 120, rows: 24 });
    await app.until((f) => expect(f).toContain('example a'));
    await app.press('s');
    const f = await app.until((f) => expect(f).toContain('Suggestions for a'));
    expect(f).toMatch(/1\s+refund <- "refund"\s+3\/3\s+1\.000/);
    await app.press(KEY.enter);
    await app.until(() => expect(ws.listRules({ status: ['active'] }).rules.map((r) => r.name)).toEqual(['refund <- "refund"']));
    app.unmount();
  });

  test('x drops a suggestion from the list and esc goes back without adding one', async () => {
    const ws = open();
    const app = renderApp(ws, { initial: { screen: 'suggest', exampleId: 'a' }, columns: 120, rows: 24 });
    await app.until((f) => expect(f).toContain('refund <- "refund"'));
    await app.press('x');
    await app.until((f) => expect(f).not.toMatch(/1\s+refund <- "refund"/));
    await app.press(KEY.escape);
    expect(ws.listRules({ status: ['active'] }).rules).toEqual([]);
    app.unmount();
  });
});
