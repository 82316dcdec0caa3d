import { describe, expect, test } from 'vitest';
import { spanWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('corrections screen', () => {
  const tmp = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`));

  test('c on the feedback screen lists the corrections and which hold under the current rules; D deletes after asking', async () => {
    const ws = tmp.open();
    // The rules find Oslo (holds); they miss Dora (does not hold).
    ws.dataset().correct({ text: 'We flew to Oslo.', expectedSpans: [{ text: 'Oslo', label: 'LOC' }] });
    ws.dataset().correct({ text: 'Dora called.', expectedSpans: [{ text: 'Dora', label: 'PER' }], note: 'Dora is a person' });
    const app = renderApp(ws, { initial: { screen: 'feedback' } });
    await app.until((f) => expect(f).toContain('Feedback'));
    await app.press('c');
    const f = await app.until((f) => expect(f).toContain('Corrections 2 · 1 hold · 1 do not hold under the current rules'));
    expect(f).toMatch(/c1\s+yes\s+LOC:"Oslo"\s+LOC:"Oslo"\s+We flew to Oslo\./);
    expect(f).toMatch(/c2\s+no\s+PER:"Dora"\s+\(no spans\)\s+Dora called\./);
    expectFits(f, 80, 24);
    await app.press('j', 'D');
    await app.until((f) => expect(f).toContain('Delete correction c2 and its training example? y delete · n keep'));
    await app.press('y');
    await app.until((f) => expect(f).toContain('Corrections 1 · 1 hold · 0 do not hold'));
    expect(ws.dataset().listCorrections().corrections.map((c) => c.id)).toEqual(['c1']);
    await app.press(KEY.escape);
    await app.until((f) => expect(f).toMatch(/Feedback \d+ ·/));
    app.unmount();
  });
});
