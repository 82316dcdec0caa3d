import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { scriptedReplies } from '../service/learn-fixtures.js';
import { spanWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace, useTempWorkspace } from './harness.js';
import { INTENT_ROWS } from '../helpers/fixtures.js';

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
    expect(done).toMatch(/offline · (?:1 round|\d+ rounds) · LLM calls 0/);
    expect(done).toMatch(/stage\s+rules\s+P\s+R\s+F1\s+F1 by stage/);
    expect(done).toMatch(/synthesis\s+\d+/);
    expect(done).toMatch(/patches: \d+ accepted · \d+ rejected · rules: \d+ added/);
    expect(done).toMatch(/synthesis\s+asking for rules of 2 labels/);
    const learnRuns = ws.dataset().listRuns({ kind: 'learn' }).runs;
    expect(learnRuns).toHaveLength(1);
    expect(done).toContain(`run ${learnRuns[0]!.id} done`);
    const run = ws.dataset().showRun(learnRuns[0]!.id);
    if (!('result' in run) || run.kind !== 'learn' || !('decisions' in run.result)) throw new Error('the learn run is not readable');
    const patches = run.result.decisions.filter((d) => d.action === 'patch' || d.action === 'synthesize');
    expect(done).toContain(`patches: ${patches.filter((d) => d.accepted).length} accepted · ${patches.filter((d) => !d.accepted).length} rejected`);
    expectFits(done, 100, 30);
    app.unmount();
  }, 90_000);
});

describe('learn screen with an LLM (fake OpenAI-compatible server on 127.0.0.1)', () => {
  const tmp = useTempWorkspace();
  const saved = { ...process.env };
  let server: FakeOpenAiServer | undefined;
  afterEach(async () => {
    process.env = { ...saved };
    await server?.close();
  });

  test('counts the LLM calls live while the round works, then shows the totals', async () => {
    const scripted = scriptedReplies();
    // Each answer takes a moment, so the run is observably in progress.
    server = await startFakeOpenAiServer({ fallback: async (req) => (await new Promise((r) => setTimeout(r, 600)), scripted(req)) });
    Object.assign(process.env, {
      OPENAI_BASE_URL: server.url,
      OPENAI_API_KEY: 'sk-test',
      RULEWRIGHT_MODEL: 'fake-model',
      RULEWRIGHT_LLM_RETRY_BASE_MS: '1',
      RULEWRIGHT_LLM_RETRY_MAX_MS: '5',
    });
    const ws = tmp.open();
    writeFileSync(tmp.path('intents.jsonl'), INTENT_ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
    ws.importFile(tmp.path('intents.jsonl'), { create: { name: 'intents', type: 'classification' } });
    const app = renderApp(ws, { initial: { screen: 'learn' }, columns: 100, rows: 30 });
    await app.press('-', KEY.enter);
    await app.until((f) => expect(f).toMatch(/learning… .*LLM calls [1-9]/));
    const done = await app.until((f) => expect(f).toMatch(/run \d+ done in/), 60_000);
    const calls = server.chatRequests.length;
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(done).toMatch(new RegExp(`llm \\(fake-model\\) · 1 round · LLM calls ${calls} · tokens \\d+`));
    app.unmount();
  }, 90_000);
});
