import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { MemoryRecorder } from '../../../src/learn/llm/client.js';
import { loadLlmConfig, type LlmConfig } from '../../../src/learn/llm/config.js';
import { OpenAiLlm, type OpenAiLlmOptions } from '../../../src/learn/llm/openai-client.js';
import { rejected } from '../../helpers/errors.js';
import { reply, startFakeOpenAiServer, type FakeOpenAiServer, type FakeReply } from '../../helpers/fake-openai-server.js';
import { fastClient } from './fixtures.js';

const RuleSet = z.strictObject({ rules: z.array(z.strictObject({ name: z.string(), pattern: z.string() })) });
const schema = { name: 'ruleset', schema: RuleSet };
const answer = { rules: [{ name: 'a', pattern: 'x+' }] };
const messages = [{ role: 'user' as const, content: 'Write rules.' }];

let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer();
});
afterEach(async () => {
  await server.close();
});

const setup = (config: Partial<LlmConfig> = {}, options: OpenAiLlmOptions = {}) => fastClient(server, config, options);

describe('OpenAiLlm retries', () => {
  test.each<[string, FakeReply[]]>([
    ['a 500', [reply.serverError()]],
    ['a 503 then a 502', [reply.serverError(503), reply.serverError(502)]],
    ['a dropped connection', [reply.drop()]],
  ])('retries after %s and then succeeds, recording every attempt', async (_, faults) => {
    server.enqueue(...faults, reply.json(answer));
    const { client, recorder, sleeps } = setup();
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.parsed).toEqual(answer);
    expect(r.attempts).toBe(faults.length + 1);
    expect(server.chatRequests).toHaveLength(faults.length + 1);
    expect(recorder.calls.map((c) => c.error === null)).toEqual([...faults.map(() => false), true]);
    expect(recorder.calls.map((c) => (c.request as { attempt: number }).attempt)).toEqual(
      [...faults, null].map((_, i) => i + 1),
    );
    expect(sleeps).toHaveLength(faults.length);
  });

  test('waits as long as a 429 Retry-After asks, within the cap', async () => {
    server.enqueue(reply.rateLimit(2), reply.rateLimit(600), reply.json(answer));
    const { client, sleeps, recorder } = setup({ retry_max_ms: 10_000 });
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.parsed).toEqual(answer);
    expect(sleeps).toEqual([2_000, 10_000]);
    expect(recorder.calls[0]!.error).toMatch(/429/);
  });

  test('backs off exponentially with jitter when the server gives no Retry-After', async () => {
    server.enqueue(reply.serverError(), reply.serverError(), reply.serverError(), reply.json(answer));
    const { client, sleeps } = setup({ retry_base_ms: 100, retry_max_ms: 250 }, { random: () => 1 });
    await client.complete({ purpose: 'p', messages, schema });
    expect(sleeps).toEqual([100, 200, 250]);
  });

  test('times out a hanging request and succeeds on the retry', async () => {
    server.enqueue(reply.hang(), reply.json(answer));
    const { client, recorder } = setup({ timeout_ms: 300 });
    const t0 = Date.now();
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.parsed).toEqual(answer);
    expect(r.attempts).toBe(2);
    expect(recorder.calls[0]!.error).toMatch(/timeout/);
    expect(recorder.calls[0]!.latency_ms).toBeGreaterThanOrEqual(250);
    expect(Date.now() - t0).toBeLessThan(3_000);
  });

  test('fails with a clear error naming endpoint, status and what to check when every attempt fails', async () => {
    server.enqueue(reply.serverError(), reply.serverError(), reply.serverError());
    const { client, recorder } = setup({ max_retries: 2 });
    const e = await rejected(client.complete({ purpose: 'synthesize:PER', messages, schema }));
    expect(e.code).toBe('LLM');
    expect(e.exitCode).toBe(1);
    expect(e.message).toContain('"synthesize:PER"');
    expect(e.message).toContain(server.url);
    expect(e.message).toContain('fake-model');
    expect(e.message).toMatch(/after 3 attempts \(last: status 500/);
    expect(e.message).toMatch(/OPENAI_BASE_URL/);
    expect(recorder.calls).toHaveLength(3);
  });

  test('fails clearly when nothing listens at the base URL', async () => {
    const url = server.url;
    await server.close();
    const recorder = new MemoryRecorder();
    const cfg = loadLlmConfig({ OPENAI_BASE_URL: url }, { retry_base_ms: 1, max_retries: 1, timeout_ms: 2_000 });
    const client = new OpenAiLlm(cfg, { recorder, sleep: async () => {} });
    const e = await rejected(client.complete({ purpose: 'p', messages }));
    expect(e.message).toMatch(/after 2 attempts \(last: no HTTP status, connection failed/);
    expect(e.message).toMatch(/Is the server running.*OPENAI_BASE_URL/);
    expect(recorder.calls).toHaveLength(2);
    server = await startFakeOpenAiServer(); // for afterEach
  });

  test.each([
    [401, 'Check OPENAI_API_KEY'],
    [404, 'Check RULEWRIGHT_MODEL'],
    [400, 'Check OPENAI_BASE_URL, OPENAI_API_KEY and RULEWRIGHT_MODEL'],
  ])('does not retry a %i and says what to check', async (status, hint) => {
    server.enqueue(reply.error(status, `problem ${status}`), reply.json(answer));
    const { client, recorder } = setup();
    const e = await rejected(client.complete({ purpose: 'p', messages, schema }));
    expect(e.message).toContain(`status ${status}`);
    expect(e.message).toContain(`problem ${status}`);
    expect(e.message).toContain(hint);
    expect(recorder.calls).toHaveLength(1);
    expect(server.pending).toBe(1);
  });

  test('switches to max_completion_tokens when the endpoint asks for it', async () => {
    server.enqueue(
      reply.error(400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."),
      reply.json(answer),
      reply.json(answer),
    );
    const { client } = setup({ max_tokens: 321 });
    await client.complete({ purpose: 'p', messages, schema });
    await client.complete({ purpose: 'p', messages, schema });
    const bodies = server.chatRequests.map((q) => q.body!);
    expect(bodies.map((b) => [b.max_tokens, b.max_completion_tokens])).toEqual([
      [321, undefined],
      [undefined, 321],
      [undefined, 321],
    ]);
  });

  test('fails with a clear error when the endpoint does not speak chat completions', async () => {
    server.enqueue((): FakeReply => reply.error(200, 'not a completion'));
    const { client } = setup();
    const e = await rejected(client.complete({ purpose: 'p', messages }));
    expect(e.message).toMatch(/did not answer like an OpenAI chat-completions API.*\/v1/);
  });
});
