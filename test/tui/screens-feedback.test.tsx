import { describe, expect, test } from 'vitest';
import { importDemo } from './fixtures.js';
import { expectFits, KEY, renderApp, useTempWorkspace } from './harness.js';

describe('feedback screen', () => {
  const tmp = useTempWorkspace();
  const demo = () => importDemo(tmp.open());

  test('lists feedback with its status and writes new task feedback with n', async () => {
    const ws = demo();
    ws.dataset().addFeedback({ text: 'card arrival questions often say "still waiting"' });
    ws.dataset().addFeedback({ text: 'exchange rate rules are too broad', example: 'train-1' });
    ws.dataset().dismissFeedback('fb-2');
    const app = renderApp(ws, { initial: { screen: 'feedback' } });
    await app.until((f) => expect(f).toContain('1 open · 0 applied · 1 dismissed'));
    expect(app.frame()).toMatch(/fb-1\s+open\s+task\s+card arrival questions/);
    expect(app.frame()).toMatch(/fb-2\s+dismissed\s+example train-1/);
    await app.press('n');
    await app.until((f) => expect(f).toContain('Feedback on the task'));
    await app.type('q and ? are typed, not keys');
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toContain('2 open'));
    expect(app.frame()).toContain('q and ? are typed, not keys');
    expect(ws.dataset().listFeedback().feedback.map((f) => [f.id, f.level, f.status, f.text])).toContainEqual(['fb-3', 'task', 'open', 'q and ? are typed, not keys']);
    expectFits(app.frame(), 80, 24);
    app.unmount();
  });

  test('d dismisses the selected feedback and o opens it again; an empty text shows the service error and keeps the composer', async () => {
    const ws = demo();
    ws.dataset().addFeedback({ text: 'first' });
    const app = renderApp(ws, { initial: { screen: 'feedback' } });
    await app.press('d');
    await app.until((f) => expect(f).toMatch(/fb-1\s+dismissed/));
    expect(ws.dataset().listFeedback({ status: 'dismissed' }).total).toBe(1);
    await app.press('o');
    await app.until((f) => expect(f).toMatch(/fb-1\s+open/));
    expect(ws.dataset().listFeedback({ status: 'open' }).total).toBe(1);
    await app.press('d');
    await app.until((f) => expect(f).toMatch(/fb-1\s+dismissed/));
    await app.press('n', KEY.enter);
    await app.until((f) => expect(f).toContain('feedback text is empty'));
    expect(app.frame()).toContain('Feedback on the task');
    await app.press(KEY.escape);
    await app.until((f) => expect(f).not.toContain('Feedback on the task'));
    app.unmount();
  });
});
