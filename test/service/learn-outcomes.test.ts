import { afterEach, describe, expect, test } from 'vitest';
import { addCorrection, listCorrections } from '../../src/service/corrections.js';
import { addFeedback, listFeedback } from '../../src/service/feedback.js';
import { learn } from '../../src/service/learn.js';
import { reply, startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { readable } from '../helpers/runs.js';
import { useTempDir } from '../helpers/temp.js';
import { draft, isPatch, userText } from './learn-fixtures.js';
import { lexiconRule, rule } from '../helpers/rules.js';
import { intentStore } from '../helpers/fixtures.js';
import { datasetContext } from '../../src/service/dataset-context.js';

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A fake LLM whose every patch is `rules`. */
async function llmPatching(rules: Record<string, unknown>[]) {
  server = await startFakeOpenAiServer({
    fallback: (req) => (isPatch(req) ? reply.json({ rules, remove: [] }) : reply.error(400, 'only patches expected in an incremental run')),
  });
  return { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-x', RULEWRIGHT_LLM_RETRY_BASE_MS: '1', RULEWRIGHT_LLM_MAX_RETRIES: '0' };
}

describe('what learn says about feedback and corrections', () => {
  const tmp = useTempDir();

  function setup() {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    store.rules.insert(datasetId, rule('h-refund', '\\brefund\\b', 'refund', { flags: 'i' }));
    store.rules.insert(datasetId, lexiconRule('h-greet', ['hello', 'hi'], 'greet'));
    return { store, datasetId };
  }

  test('a rejected patch leaves its feedback open, with the run and the reason; the next run reads it again', async () => {
    const { store, datasetId } = setup();
    // A rewrite that finds nothing: dev F1 falls, so the patch is not accepted.
    const env = await llmPatching([draft({ name: 'nothing', pattern: '\\bzzzz\\b', label: 'refund', replaces: 'h-refund' })]);
    const fb = addFeedback(datasetContext(store), { text: 'this rule misses "money back" requests', rule: 'h-refund' }).feedback;
    const r = await learn(datasetContext(store, { env }), { incremental: true, rounds: 1 });
    expect(r.decisions.find((d) => d.action === 'patch')).toMatchObject({ accepted: false });
    expect(r.feedback_applied).toEqual([]);
    expect(r.feedback_open).toEqual([{ id: fb.id, reason: expect.stringMatching(/^round 1: the patch was not accepted: dev F1 .* no gain$/) }]);
    expect(r.notes).toContain(`feedback ${fb.id} stays open: ${r.feedback_open[0]!.reason}`);
    const stored = store.feedback.get(datasetId, fb.id)!;
    expect(stored).toMatchObject({ status: 'open', applied_run_id: null, not_applied: { run_id: r.run_id, reason: r.feedback_open[0]!.reason } });
    expect(listFeedback(datasetContext(store)).feedback[0]).toMatchObject({ status: 'open', not_applied: { run_id: r.run_id } });
    expect(store.rules.get(datasetId, 'h-refund')).toMatchObject({ version: 1, pattern: '\\brefund\\b' });
    // Still open, so the next incremental run targets it again.
    const again = await learn(datasetContext(store, { env }), { incremental: true, rounds: 1 });
    expect(again.decisions.filter((d) => d.stage === 'targets').map((d) => d.reason)).toContain('feedback fb-1 targets rules h-refund and labels refund');
    store.close();
  });

  test('a patch that makes a correction hold is accepted within the correction tolerance, and its feedback applied', async () => {
    const { store, datasetId } = setup();
    // "zorbleflux" is in no dev text: dev F1 cannot move, the correction is what the rule is for.
    const env = await llmPatching([draft({ name: 'zorbleflux', pattern: '\\bzorbleflux\\b', label: 'refund', replaces: null })]);
    const fb = addFeedback(datasetContext(store), { text: 'zorbleflux is how some customers say refund' }).feedback;
    addCorrection(datasetContext(store), { text: 'my zorbleflux keeps getting refused', expectedLabel: 'refund' });
    expect(listCorrections(datasetContext(store)).corrections.map((c) => c.holds)).toEqual([false]);
    const r = await learn(datasetContext(store, { env }), { incremental: true, rounds: 1 });
    const patch = r.decisions.find((d) => d.action === 'patch')!;
    expect(patch.accepted).toBe(true);
    expect(patch.reason).toMatch(/^makes 1 more correction hold \(0 → 1 of 1\); dev F1 .* within the correction tolerance of 0\.01$/);
    expect(r.corrections).toEqual({ total: 1, holding: 1, open: [] });
    expect(listCorrections(datasetContext(store)).corrections.map((c) => c.holds)).toEqual([true]);
    expect(r.feedback_applied).toEqual([fb.id]);
    expect(store.feedback.get(datasetId, fb.id)).toMatchObject({ status: 'applied', applied_run_id: r.run_id });
    store.close();
  });

  test("feedback on a held-out example reaches the prompt without the example's text", async () => {
    const { store } = setup();
    const env = await llmPatching([]);
    addFeedback(datasetContext(store), { text: 'money back means refund', example: 'd-r2' });
    addFeedback(datasetContext(store), { text: 'a train example', example: 'rm0' });
    await learn(datasetContext(store, { env }), { incremental: true, rounds: 1 });
    const prompt = userText(server!.chatRequests.find(isPatch)!);
    expect(prompt).toContain('money back means refund');
    expect(prompt).not.toContain('I would like my money back');
    expect(prompt).toContain('can I get my money back');
    store.close();
  });

  test('a correction the LLM ignored is made to hold by a rule from its own text', async () => {
    const { store } = setup();
    const env = await llmPatching([draft({ name: 'nothing', pattern: '\\bzzzz\\b', label: 'refund', replaces: null })]);
    addCorrection(datasetContext(store), { text: 'my zorbleflux keeps getting refused', expectedLabel: 'refund' });
    const r = await learn(datasetContext(store, { env }), { incremental: true, rounds: 1 });
    expect(r.decisions.find((d) => d.stage === 'corrections')).toMatchObject({ accepted: true });
    expect(r.corrections.holding).toBe(1);
    expect(r.corrections.open).toEqual([]);
    store.close();
  });

  test('a correction whose rule costs too much dev F1 stays open, reported with what the rules produce and why', async () => {
    const { store } = setup();
    const env = await llmPatching([draft({ name: 'nothing', pattern: '\\bzzzz\\b', label: 'refund', replaces: null })]);
    // Any rule that fires on this text fires on the dev greeting "hello friends" too.
    addCorrection(datasetContext(store), { text: 'hello friends', expectedLabel: 'refund' });
    const r = await learn(datasetContext(store, { env }), { incremental: true, rounds: 1 });
    expect(r.corrections.holding).toBe(0);
    expect(r.corrections.open).toEqual([{ id: 'c1', reason: expect.stringMatching(/^the rules produce greet, expected refund; .*tolerance/) }]);
    expect(r.notes).toContain(`correction c1 does not hold: ${r.corrections.open[0]!.reason}`);
    // The run records it too.
    expect(readable(store.runs.get(r.run_id)).result).toMatchObject({ corrections: r.corrections });
    store.close();
  });
});
