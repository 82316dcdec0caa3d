import { describe, expect, test } from 'vitest';
import { spanWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('learn screen', () => {
  const tmp = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`, { metrics: false }));

  test('starts an offline round in the background, shows its events live and F1 by stage when done', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'learn' }, columns: 100, rows: 30 });
    await app.until((f) => expect(f).toContain('press enter to start a round'));
    await app.press('o', '-');
    await app.until((f) => expect(f).toContain('rounds 1 · incremental off · offline on'));
    await app.press(KEY.enter);
    // Keys still work while it runs (the options line is redrawn, the job keeps going).
    const done = await app.until((f) => expect(f).toMatch(/run \d+ done in/), 60_000);
    expect(done).toMatch(/offline · \d+ rounds · LLM calls 0/);
    expect(done).toMatch(/stage\s+rules\s+P\s+R\s+F1\s+F1 by stage/);
    expect(done).toMatch(/synthesis\s+\d+/);
    expect(done).toMatch(/patches: \d+ accepted · \d+ rejected · rules: \d+ added/);
    expect(done).toMatch(/synthesis\s+asking for rules of 2 labels/);
    const learnRuns = ws.listRuns({ kind: 'learn' }).runs;
    expect(learnRuns).toHaveLength(1);
    expect(done).toContain(`run ${learnRuns[0]!.id} done`);
    expectFits(done, 100, 30);
    app.unmount();
  }, 90_000);
});
