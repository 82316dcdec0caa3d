import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { addCorrection } from '../../src/service/corrections.js';
import { addFeedback } from '../../src/service/feedback.js';
import { learn } from '../../src/service/learn.js';
import { reply, startFakeOpenAiServer, type FakeOpenAiServer, type FakeRequest } from '../helpers/fake-openai-server.js';
import { useTempDir } from '../helpers/temp.js';
import { draft, isPatch, userText } from './learn-fixtures.js';
import { lexiconRule, rule } from '../helpers/rules.js';
import { intentStore } from '../helpers/fixtures.js';
import { datasetContext } from '../../src/service/dataset-context.js';

let server: FakeOpenAiServer;
const patches: FakeRequest[] = [];
beforeEach(async () => {
  patches.length = 0;
  server = await startFakeOpenAiServer({
    fallback: (req) => {
      if (!isPatch(req)) return reply.error(400, 'only patches expected in an incremental run');
      patches.push(req);
      return reply.json({
        rules: [
          draft({ name: 'refund or money back', pattern: '\\brefund\\b|\\bmoney back\\b', label: 'refund', replaces: 'h-refund' }),
          draft({ name: 'cancel rewritten', pattern: '\\bstop\\b', label: 'cancel', replaces: 'h-cancel' }),
          draft({ name: 'greet more', terms: ['hello', 'hi', 'hey', 'good morning'], label: 'greet', replaces: null }),
        ],
        remove: [{ id: 'h-cancel', reason: 'not needed' }],
      });
    },
  });
});
afterEach(async () => {
  await server.close();
});

const env = () => ({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-x', RULEWRIGHT_LLM_RETRY_BASE_MS: '1', RULEWRIGHT_LLM_MAX_RETRIES: '0' });

describe('learn --incremental', () => {
  const tmp = useTempDir();

  function setup() {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    store.transaction(() => {
      store.rules.insert(datasetId, rule('h-refund', '\\brefund\\b', 'refund', { flags: 'i' }));
      store.rules.insert(datasetId, lexiconRule('h-greet', ['hello', 'hi'], 'greet'));
      store.rules.insert(datasetId, rule('h-cancel', '\\bcancel\\b', 'cancel', { flags: 'i' }));
    });
    return { store, datasetId };
  }

  test('patches only the rules feedback and corrections target; the rest keep their versions', async () => {
    const { store, datasetId } = setup();
    const fbRule = addFeedback(datasetContext(store), { text: 'this rule misses "money back" requests', rule: 'h-refund' }).feedback;
    const fbTask = addFeedback(datasetContext(store), { text: 'short texts are common' }).feedback;
    const corr = addCorrection(datasetContext(store), { text: 'I need my money back', expectedLabel: 'refund', note: 'money back is a refund' });
    expect(corr.correction.produced).toEqual({ label: null });

    const r = await learn(datasetContext(store, { env: env() }), { incremental: true, rounds: 1 });
    expect(r.incremental).toBe(true);
    expect(patches).toHaveLength(1);
    const prompt = userText(patches[0]!);
    expect(prompt).toMatch(/## Rules you may change[\s\S]*h-refund[\s\S]*## Other rules \(context only/);
    expect(prompt.slice(prompt.indexOf('## Other rules'))).toContain('h-cancel');
    expect(prompt).toContain('this rule misses "money back" requests');
    expect(prompt).toContain('I need my money back');
    expect(prompt).toContain('New rules may only have these labels: refund');

    // The targeted rule is rewritten in place as a new version; the untargeted one is untouched.
    const refund = store.rules.get(datasetId, 'h-refund')!;
    expect(refund).toMatchObject({ status: 'active', version: 2, pattern: '\\brefund\\b|\\bmoney back\\b' });
    expect(store.rules.versions(datasetId, 'h-refund').at(-1)!.note).toMatch(new RegExp(`^learn run ${r.run_id}: rewritten by learn \\(llm\\) round 1: dev F1`));
    expect(store.rules.get(datasetId, 'h-cancel')).toMatchObject({ status: 'active', version: 1, pattern: '\\bcancel\\b' });
    expect(store.rules.get(datasetId, 'h-greet')).toMatchObject({ status: 'active', version: 1 });
    expect(store.rules.versions(datasetId, 'h-cancel')).toHaveLength(1);
    expect(r.decisions.filter((d) => d.action === 'note').map((d) => d.reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/ignored a rewrite of "h-cancel": that rule is not targeted/), expect.stringMatching(/ignored removing "h-cancel"/)]),
    );
    // The greet rule is outside the targets: it is kept as a proposal, not added.
    expect(store.rules.list(datasetId, { status: 'active' }).map((x) => x.id).sort()).toEqual(['h-cancel', 'h-greet', 'h-refund']);
    expect(r.rules.changed).toEqual(['h-refund']);

    // Feedback used by the round is marked applied with the run id.
    expect(store.feedback.get(datasetId, fbRule.id)).toMatchObject({ status: 'applied', applied_run_id: r.run_id });
    expect(store.feedback.get(datasetId, fbTask.id)).toMatchObject({ status: 'applied', applied_run_id: r.run_id });
    expect(r.feedback_applied.sort()).toEqual([fbRule.id, fbTask.id].sort());

    // Used feedback and corrections are not targeted again.
    const again = await learn(datasetContext(store, { env: env() }), { incremental: true });
    expect(again.decisions.at(-1)!.reason).toMatch(/nothing is targeted/);
    expect(patches).toHaveLength(1);
    store.close();
  });

  test('example-level feedback targets the rules that fired on the example and the rules of its label', async () => {
    const { store, datasetId } = setup();
    addFeedback(datasetContext(store), { text: 'greetings are missed', example: 'g2' });
    const r = await learn(datasetContext(store, { env: env() }), { incremental: true, rounds: 1 });
    const targets = r.decisions.filter((d) => d.stage === 'targets');
    expect(targets[0]!.reason).toMatch(/feedback fb-1 targets rules h-greet and labels greet/);
    // Only the greet rule may change: the refund and cancel rewrites are ignored.
    expect(store.rules.get(datasetId, 'h-refund')!.version).toBe(1);
    expect(store.rules.get(datasetId, 'h-cancel')!.version).toBe(1);
    store.close();
  });

  test('with nothing targeted it changes nothing and asks no model', async () => {
    const { store, datasetId } = setup();
    const r = await learn(datasetContext(store, { env: env() }), { incremental: true });
    expect(server.chatRequests).toHaveLength(0);
    expect(r.decisions.at(-1)!.reason).toMatch(/nothing is targeted: add feedback/);
    expect(store.rules.list(datasetId).every((x) => x.version === 1)).toBe(true);
    expect(r.stages.map((s) => s.stage)).toEqual(['before']);
    store.close();
  });
});
