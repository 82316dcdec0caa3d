import { describe, expect, test } from 'vitest';
import { writeJsonl } from '../cli/helpers.js';
import { bankMessages } from '../learn/induce/fixtures.js';
import { SPAN_ROWS } from './fixtures.js';
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
    expect(f).toMatch(/1\s+refund <- "refund"\s+3\s+3\/3\s+1\.00(?!\d)/);
    await app.press(KEY.enter);
    await app.until(() => expect(ws.dataset().listRules({ status: ['active'] }).rules.map((r) => r.name)).toEqual(['refund <- "refund"']));
    app.unmount();
  });

  test('x drops a suggestion from the list and esc goes back without adding one', async () => {
    const ws = open();
    const app = renderApp(ws, { initial: { screen: 'suggest', exampleId: 'a' }, columns: 120, rows: 24 });
    await app.until((f) => expect(f).toContain('refund <- "refund"'));
    await app.press('x');
    await app.until((f) => expect(f).not.toMatch(/1\s+refund <- "refund"/));
    await app.press(KEY.escape);
    expect(ws.dataset().listRules({ status: ['active'] }).rules).toEqual([]);
    app.unmount();
  });
});

describe('the next screen', () => {
  const tmp = useTempWorkspace();

  test('n on the examples lists what to fix; enter opens its suggestions, and accepting one ranks the queue again', async () => {
    const ws = tmp.open();
    ws.importFile(writeJsonl(tmp.path('bank.jsonl'), rows), { format: 'jsonl', create: { name: 'bank', type: 'classification', labels: ['refund', 'card'] } });
    // "my" fires on refund texts too: a and b are wrong.
    await ws.dataset().addRule({ name: 'my', pattern: '\\bmy\\b', label: 'card' });
    const app = renderApp(ws, { initial: { screen: 'examples' }, columns: 140, rows: 24 });
    await app.press('n');
    await app.until((f) => expect(f).toMatch(/Next 3 of 6 train examples wrong or unlabelled/));
    await app.until((f) => expect(f).toMatch(/a\s+wrong\s+3\s+my refund has not arrived/));
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toContain('Suggestions for a'));
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toMatch(/Next 0 of 6 train examples wrong or unlabelled/));
    expect(app.frame()).toMatch(/a\s+conflict/);
    app.unmount();
  });
});

describe('the next screen on a span task', () => {
  const tmp = useTempWorkspace();

  test('names the missed span, and enter opens suggestions for that span', async () => {
    const ws = tmp.open();
    ws.importFile(writeJsonl(tmp.path('people.jsonl'), SPAN_ROWS), { create: { name: 'people', type: 'ner' } });
    await ws.dataset().addRule({ id: 'cities', name: 'cities', pattern: '\\b(?:Oslo|Bergen|Paris)\\b', label: 'LOC' });
    const app = renderApp(ws, { initial: { screen: 'next' }, columns: 140, rows: 24 });
    await app.until((f) => expect(f).toMatch(/Next 1 of 2 train examples wrong or unlabelled \(a missed or spurious span\)/));
    await app.until((f) => expect(f).toMatch(/s1\s+missed\s+\d+\s+PER "(Ann|Bob)"/));
    await app.press(KEY.enter);
    const f = await app.until((f) => expect(f).toMatch(/Suggestions for s1 → PER "(Ann|Bob)" at \d+-\d+/));
    expect(f).toMatch(/PER <- "(Ann|Bob)"/);
    app.unmount();
  });
});
