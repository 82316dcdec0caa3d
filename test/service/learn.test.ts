import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { RulewrightError } from '../../src/core/errors.js';
import { checkRule } from '../../src/core/safety/check-rule.js';
import { learn } from '../../src/service/learn.js';
import type { LearnRequest } from '../../src/service/learn-request.js';
import type { Store } from '../../src/store/index.js';
import { reply, startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { readable } from '../helpers/runs.js';
import { useTempDir } from '../helpers/temp.js';
import { draft, GOOD_SYNTHESIS, isPatch, scriptedReplies, synthesisLabel, userText } from './learn-fixtures.js';
import { intentStore } from '../helpers/fixtures.js';
import { datasetContext } from '../../src/service/dataset-context.js';

const KEY = 'sk-test-very-secret-key-0123456789';

let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer();
});
afterEach(async () => {
  await server.close();
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    OPENAI_BASE_URL: server.url,
    OPENAI_API_KEY: KEY,
    RULEWRIGHT_MODEL: 'fake-model',
    RULEWRIGHT_LLM_TIMEOUT_MS: '400',
    RULEWRIGHT_LLM_RETRY_BASE_MS: '1',
    RULEWRIGHT_LLM_RETRY_MAX_MS: '5',
    RULEWRIGHT_LLM_MAX_RETRIES: '2',
    ...extra,
  };
}

const run = (store: Store, { env: e = env(), ...req }: LearnRequest & { env?: NodeJS.ProcessEnv } = {}) => learn(datasetContext(store, { env: e }), req);

/** Nothing invalid in the store: every active rule passes the checks, every rejected one says why. */
async function expectNothingInvalid(store: Store, datasetId: number): Promise<void> {
  for (const r of store.rules.list(datasetId, { status: 'active' })) {
    const c = await checkRule(r, { mode: 'learn' });
    expect(c.ok, `${r.id}: ${JSON.stringify(c.problems)}`).toBe(true);
  }
  for (const r of store.rules.list(datasetId, { status: 'rejected' })) expect(r.rejection, r.id).toMatch(/\S/);
}

const patchAddingMoneyBack = () =>
  reply.json({
    rules: [draft({ name: 'money back', pattern: '\\bmoney back\\b', label: 'refund', replaces: null })],
    remove: [],
  });

/** `n` rows of three intents, in turn. */
const threeIntents = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `x${i}`,
    text: ['please refund me', 'hello there', 'cancel it'][i % 3]! + ` #${i}`,
    label: ['refund', 'greet', 'cancel'][i % 3]!,
  }));

describe('learn with an LLM (real openai client, fake server on 127.0.0.1)', () => {
  const tmp = useTempDir();

  test('synthesizes per label, accepts a patch that raises dev F1, and records the run, stages and calls', async () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const s2 = await startFakeOpenAiServer({ fallback: scriptedReplies({ patch: patchAddingMoneyBack }) });
    try {
      const r = await learn(datasetContext(store, { env: env({ OPENAI_BASE_URL: s2.url }) }), { rounds: 1 });
      expect(r.proposer).toBe('llm');
      expect(r.model).toBe('fake-model');
      expect(r.split).toMatchObject({ judged_on: 'dev', train: 20, dev: 7, created: null });
      // Three synthesis requests (one per label), then one patch.
      const labels = s2.chatRequests.map(synthesisLabel).filter((l) => l !== null).sort();
      expect(labels).toEqual(['cancel', 'greet', 'refund']);
      expect(s2.chatRequests.filter(isPatch)).toHaveLength(1);
      // The learning prompts show train only: no dev or test text leaks in.
      for (const req of s2.chatRequests) {
        expect(userText(req)).not.toContain('I would like my money back');
        expect(userText(req)).not.toContain('refund my order');
      }
      expect(r.stages.map((s) => s.stage)).toEqual(['before', 'synthesis', 'round 1', 'pruning']);
      const [before, synth, round1] = r.stages;
      expect(before).toMatchObject({ rules: 0, f1: 0, llm_calls: 0 });
      expect(synth!.rules).toBe(3);
      expect(synth!.llm_calls).toBe(3);
      expect(synth!.prompt_tokens).toBeGreaterThan(0);
      expect(synth!.cost_usd).toBeNull(); // no price configured
      expect(round1!.rules).toBe(4);
      expect(round1!.f1!).toBeGreaterThan(synth!.f1!);
      expect(round1!.recall).toBe(1);
      const patch = r.decisions.find((d) => d.action === 'patch')!;
      expect(patch).toMatchObject({ stage: 'round 1', accepted: true });
      expect(patch.reason).toMatch(/dev F1 .* → .* \(rose\)/);
      // Stored: accepted rules active, provenance llm, every LLM call tied to the run, never the key.
      const active = store.rules.list(datasetId, { status: 'active' });
      expect(active.map((x) => x.name).sort()).toEqual(['cancel word', 'greeting', 'money back', 'refund word']);
      expect(active.every((x) => x.provenance === 'llm')).toBe(true);
      const runRec = readable(store.runs.get(r.run_id));
      expect(runRec.kind).toBe('learn');
      expect(runRec.result).toMatchObject({ status: 'ok', stages: r.stages });
      const calls = store.llmCalls.list({ runId: r.run_id });
      expect(calls).toHaveLength(4);
      expect(calls.every((c) => c.response !== null && c.prompt_tokens! > 0 && c.error === null)).toBe(true);
      expect(calls.map((c) => c.purpose).sort()).toEqual(['patch:round-1', 'synthesize:cancel', 'synthesize:greet', 'synthesize:refund']);
      expect(JSON.stringify(calls)).not.toContain(KEY);
      expect(readFileSync(tmp.path('w.db')).includes(KEY)).toBe(false);
      expect(r.llm.calls).toBe(4);
      await expectNothingInvalid(store, datasetId);
    } finally {
      await s2.close();
      store.close();
    }
  });

  test('records cost when a price is configured', async () => {
    const { store } = intentStore(tmp.path('w.db'));
    server.enqueue(scriptedReplies(), scriptedReplies(), scriptedReplies());
    const r = await run(store, { rounds: 0, env: env({ RULEWRIGHT_PRICE_PROMPT: '1', RULEWRIGHT_PRICE_COMPLETION: '2' }) });
    expect(r.stages[1]!.cost_usd).toBeGreaterThan(0);
    expect(r.llm.cost_usd).toBeCloseTo(r.stages.reduce((a, s) => a + (s.cost_usd ?? 0), 0), 12);
    store.close();
  });

  test('rejects an invalid regex, a catch-all, a ReDoS pattern and an unknown label with reasons, and keeps the good rules', async () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const bad = {
      ...GOOD_SYNTHESIS,
      refund: [
        draft({ name: 'refund word', pattern: '\\brefund\\b', label: 'refund' }),
        draft({ name: 'broken', pattern: '(refund', label: 'refund' }),
        draft({ name: 'anything', pattern: '[\\s\\S]+', label: 'refund', flags: '' }),
        draft({ name: 'slow', pattern: '^(a+)+$', label: 'refund', flags: '' }),
        draft({ name: 'elsewhere', pattern: 'x', label: 'complaint' }),
        // A pattern that looks like code is data: compiled as a regex, never run as code.
        draft({ name: 'code', pattern: "require('child_process').exec('rm -rf /')", label: 'refund', flags: '' }),
      ],
    };
    server.enqueue(scriptedReplies({ synthesis: bad }), scriptedReplies({ synthesis: bad }), scriptedReplies({ synthesis: bad }));
    const r = await run(store, { rounds: 0 });
    const rejected = Object.fromEntries(store.rules.list(datasetId, { status: 'rejected' }).map((x) => [x.name, x.rejection]));
    expect(Object.keys(rejected).sort()).toEqual(['anything', 'broken', 'elsewhere', 'slow']);
    expect(rejected.broken).toMatch(/compile|invalid|Unterminated|unterminated/i);
    expect(rejected.anything).toMatch(/matches anything|unrelated probe/);
    expect(rejected.slow).toMatch(/backtrack catastrophically/);
    expect(rejected.elsewhere).toMatch(/not one of the task's labels/);
    expect(r.rules.rejected.map((x) => x.name).sort()).toEqual(['anything', 'broken', 'elsewhere', 'slow']);
    // The code-looking pattern is a regex like any other: checked, compiled and judged, never run as code.
    const code = store.rules.list(datasetId).find((x) => x.name === 'code')!;
    expect(code.pattern).toBe("require('child_process').exec('rm -rf /')");
    expect((await checkRule(code, { mode: 'learn' })).ok).toBe(true);
    expect(store.rules.list(datasetId, { status: 'active' }).map((x) => x.name).sort()).toEqual(['cancel word', 'code', 'greeting', 'refund word']);
    await expectNothingInvalid(store, datasetId);
    store.close();
  });

  test.each([
    ['a 500', reply.serverError()],
    ['a 429 with Retry-After', reply.rateLimit(0)],
    ['a request that hangs past the timeout', reply.hang()],
  ])('retries after %s and completes', async (_, fault) => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const s = await startFakeOpenAiServer({ replies: [fault], fallback: scriptedReplies() });
    try {
      const r = await learn(datasetContext(store, { env: env({ OPENAI_BASE_URL: s.url }) }), { rounds: 0 });
      expect(r.stages[1]!.rules).toBe(3);
      expect(r.stages[1]!.llm_calls).toBe(4); // the failed attempt is recorded too
      const calls = store.llmCalls.list({ runId: r.run_id });
      expect(calls.filter((c) => c.error !== null)).toHaveLength(1);
      await expectNothingInvalid(store, datasetId);
    } finally {
      await s.close();
      store.close();
    }
  });

  test('an endpoint without structured output gets the schema in the prompt, and fenced answers are read', async () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const s = await startFakeOpenAiServer({
      rejectResponseFormat: true,
      fallback: (req) => reply.fenced({ rules: GOOD_SYNTHESIS[synthesisLabel(req) ?? ''] ?? [] }),
    });
    try {
      const r = await learn(datasetContext(store, { env: env({ OPENAI_BASE_URL: s.url }) }), { rounds: 0 });
      expect(r.stages[1]!.rules).toBe(3);
      expect(s.chatRequests.at(-1)!.body!.messages![0]!.content).toMatch(/It must match this JSON Schema \("rulewright_rules"\)/);
      await expectNothingInvalid(store, datasetId);
    } finally {
      await s.close();
      store.close();
    }
  });

  test('keeps the complete rules of a truncated answer and says so', async () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const two = { rules: [draft({ name: 'refund word', pattern: '\\brefund\\b', label: 'refund' }), draft({ name: 'money back', pattern: 'money back', label: 'refund' })] };
    const s = await startFakeOpenAiServer({
      fallback: (req) => (synthesisLabel(req) === 'refund' ? reply.truncated(two, '"name":"money') : scriptedReplies()(req)),
    });
    try {
      const r = await learn(datasetContext(store, { env: env({ OPENAI_BASE_URL: s.url }) }), { rounds: 0 });
      expect(r.decisions.some((d) => d.action === 'note' && /cut off/.test(d.reason))).toBe(true);
      expect(store.rules.list(datasetId, { status: 'active' }).map((x) => x.name).sort()).toEqual(['cancel word', 'greeting', 'refund word']);
    } finally {
      await s.close();
      store.close();
    }
  });

  test('fails with a clear message when every request fails, stores no rule, and records the failed run with its calls', async () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const s = await startFakeOpenAiServer({ fallback: reply.serverError() });
    try {
      const err = await learn(datasetContext(store, { env: env({ OPENAI_BASE_URL: s.url }) })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RulewrightError);
      expect((err as RulewrightError).exitCode).toBe(1);
      expect((err as Error).message).toMatch(/^learning failed: every synthesis request failed.*status 500.*--offline/s);
      expect(store.rules.count(datasetId)).toBe(0);
      const failed = readable(store.runs.latest(datasetId, 'learn'));
      expect(failed.result).toMatchObject({ status: 'failed' });
      const calls = store.llmCalls.list({ runId: failed.id });
      expect(calls).toHaveLength(9); // 3 labels × (1 + 2 retries)
      expect(calls.every((c) => /500/.test(c.error ?? ''))).toBe(true);
    } finally {
      await s.close();
      store.close();
    }
  });

  test('a failing patch request ends refinement but keeps what synthesis learned', async () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const s = await startFakeOpenAiServer({ fallback: scriptedReplies({ patch: () => reply.serverError() }) });
    try {
      const r = await learn(datasetContext(store, { env: env({ OPENAI_BASE_URL: s.url }) }), { rounds: 3 });
      expect(r.rounds_run).toBe(1);
      expect(r.decisions.find((d) => d.action === 'error')!.reason).toMatch(/patch round 1: .*status 500/);
      expect(store.rules.list(datasetId, { status: 'active' })).toHaveLength(3);
    } finally {
      await s.close();
      store.close();
    }
  });

  test('a patch that lowers dev F1 is not accepted and its rules stay visible as proposed with the reason', async () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const harmful = () => reply.json({ rules: [draft({ name: 'please means cancel', pattern: '\\bplease\\b', label: 'cancel', priority: 10, replaces: null })], remove: [] });
    const s = await startFakeOpenAiServer({ fallback: scriptedReplies({ patch: harmful }) });
    try {
      const r = await learn(datasetContext(store, { env: env({ OPENAI_BASE_URL: s.url }) }), { rounds: 1 });
      const d = r.decisions.find((x) => x.action === 'patch')!;
      expect(d.accepted).toBe(false);
      expect(d.reason).toMatch(/no gain/);
      const proposed = store.rules.list(datasetId, { status: 'proposed' });
      expect(proposed.map((x) => x.name)).toEqual(['please means cancel']);
      expect(proposed[0]!.flagged.find((f) => f.code === 'not_accepted')!.message).toMatch(/round 1 not accepted: dev F1/);
      expect(r.rules.proposed).toEqual([proposed[0]!.id]);
    } finally {
      await s.close();
      store.close();
    }
  });

  test('makes a seeded, stratified dev split first when there is none, and says so', async () => {
    const rows = threeIntents(90);
    const { store, datasetId } = intentStore(tmp.path('w.db'), rows);
    server.enqueue(scriptedReplies(), scriptedReplies(), scriptedReplies());
    const r = await run(store, { rounds: 0 });
    expect(r.split.created).toEqual({ dev: 0.2, seed: 42, splits: { train: 72, dev: 18, test: 0 } });
    expect(r.notes[0]).toMatch(/no dev split: made a seeded, stratified one first/);
    expect(store.examples.count(datasetId, { split: 'dev' })).toBe(18);
    // Only train texts reached the model.
    const devTexts = store.examples.list(datasetId, { split: 'dev' }).map((e) => e.text!);
    for (const req of server.chatRequests) for (const t of devTexts) expect(userText(req)).not.toContain(`"${t}"`);
    store.close();
  });

  test('makes no dev split when it would hold fewer than five examples per label, and says so', async () => {
    const rows = threeIntents(30);
    const { store, datasetId } = intentStore(tmp.path('w.db'), rows);
    server.enqueue(scriptedReplies(), scriptedReplies(), scriptedReplies());
    const r = await run(store, { rounds: 0 });
    expect(r.split.created).toBeNull();
    expect(r.split.judged_on).toBe('train');
    expect(r.notes.join('\n')).toMatch(/too few examples for a dev split \(30 train examples, 3 labels\)/);
    expect(store.examples.count(datasetId, { split: 'dev' })).toBe(0);
    store.close();
  });
});
