import { afterEach, describe, expect, test, vi } from 'vitest';
import { demoWorkspace } from './fixtures.js';
import { expectFits, renderApp, useTemplateWorkspace } from './harness.js';

const OFFLINE = 'offline learning cannot read plain-English feedback';

describe('feedback that tells the truth about offline learning', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));
  afterEach(() => vi.unstubAllEnvs());
  const offlineEnv = () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    vi.stubEnv('OPENAI_BASE_URL', '');
  };

  test('with no LLM configured the feedback screen and the composer say the feedback will not be read', async () => {
    offlineEnv();
    const app = renderApp(tmp.open(), { initial: { screen: 'feedback' } });
    const f = await app.until((f) => expect(f).toContain(OFFLINE));
    // The notice takes a line of its own: the header and the table's still show.
    expect(f).toContain('Feedback 0 · 0 open');
    expect(f).toMatch(/id\s+status\s+about\s+feedback/);
    expectFits(f, 80, 24);
    await app.press('n');
    const c = await app.until((f) => expect(f).toContain('Feedback on the task'));
    expect(c).toContain(OFFLINE);
    expect(c).toContain('OPENAI_API_KEY');
    await app.type('ask about rates');
    await app.press('\r');
    await app.until((f) => expect(f).toMatch(/feedback \S+ saved \(open\): offline learning will not read it/));
    app.unmount();
  });

  test('with an LLM configured nothing is said, until the Learn screen is switched to offline', async () => {
    vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:9/v1');
    const feedback = renderApp(tmp.open(), { initial: { screen: 'feedback' } });
    const f = await feedback.until((f) => expect(f).toContain('Feedback 0'));
    expect(f).not.toContain(OFFLINE);
    feedback.unmount();
    const learn = renderApp(tmp.open(), { initial: { screen: 'learn' } });
    await learn.until((f) => expect(f).toContain('offline off'));
    expect(learn.frame()).not.toContain(OFFLINE);
    await learn.press('o');
    await learn.until((f) => expect(f).toContain(OFFLINE));
    learn.unmount();
  });
});
