import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { LlmCall } from '../../../src/core/schemas/run.js';
import type { LlmConfig } from '../../../src/learn/llm/config.js';
import type { OpenAiLlmOptions } from '../../../src/learn/llm/openai-client.js';
import { reply, startFakeOpenAiServer, type FakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { fastClient } from './fixtures.js';

const Rule = z.strictObject({ name: z.string().min(1), pattern: z.string().min(1), label: z.string() });
const RuleSet = z.strictObject({ rules: z.array(Rule) });
const schema = { name: 'ruleset', schema: RuleSet };
const rules = [
  { name: 'date', pattern: '\\d{4}-\\d{2}-\\d{2}', label: 'DATE' },
  { name: 'money', pattern: '\\$\\d+', label: 'MONEY' },
  { name: 'code', pattern: '[A-Z]{3}\\d{3}', label: 'CODE' },
];
const messages = [
  { role: 'system' as const, content: 'You write regex rules.' },
  { role: 'user' as const, content: 'Write rules for DATE, MONEY and CODE.' },
];

let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer();
});
afterEach(async () => {
  await server.close();
});

/** A fast client (see fastClient) whose calls are recorded under run 7. */
const setup = (config: Partial<LlmConfig> = {}, options: OpenAiLlmOptions = {}, env: Record<string, string> = {}) =>
  fastClient(server, config, { runId: 7, ...options }, env);

describe('OpenAiLlm against an OpenAI-compatible server', () => {
  test('asks for json_schema structured output and returns the parsed answer', async () => {
    server.enqueue(reply.json({ rules }, { usage: { prompt_tokens: 120, completion_tokens: 45 } }));
    const { client, recorder } = setup();
    const r = await client.complete({ purpose: 'synthesize:DATE', messages, schema, temperature: 0.2 });

    expect(r.parsed).toEqual({ rules });
    expect(r).toMatchObject({ mode: 'json_schema', attempts: 1, truncated: false, invalid: [], finishReason: 'stop' });
    expect(r.usage).toEqual({ promptTokens: 120, completionTokens: 45 });
    expect(r.model).toBe('fake-model');

    const body = server.chatRequests[0]!.body!;
    expect(body.model).toBe('fake-model');
    expect(body.messages).toEqual(messages);
    expect(body.temperature).toBe(0.2);
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema).toMatchObject({ name: 'ruleset', strict: true });
    expect(body.response_format?.json_schema?.schema).toMatchObject({ type: 'object', required: ['rules'] });

    expect(recorder.calls).toHaveLength(1);
    const call = recorder.calls[0]!;
    expect(LlmCall.omit({ id: true, created_at: true }).safeParse(call).success).toBe(true);
    expect(call).toMatchObject({ run_id: 7, purpose: 'synthesize:DATE', prompt_tokens: 120, completion_tokens: 45, error: null });
    expect(call.response).toBe(JSON.stringify({ rules }));
    expect(call.request).toMatchObject({ attempt: 1, mode: 'json_schema', body: { messages } });
  });

  test('returns plain text and sends no response_format without a schema', async () => {
    server.enqueue(reply.text('hello'));
    const { client } = setup();
    const r = await client.complete({ purpose: 'chat', messages });
    expect(r).toMatchObject({ text: 'hello', mode: 'text' });
    expect(r.parsed).toBeUndefined();
    expect(server.chatRequests[0]!.body!.response_format).toBeUndefined();
  });

  test('falls back to JSON instructions in the prompt when response_format is rejected, and remembers it', async () => {
    server.enqueue(reply.rejectResponseFormat(), reply.json({ rules }), reply.json({ rules: [] }));
    const logs: string[] = [];
    const { client, recorder } = setup({}, { log: (_, m) => void logs.push(m) });

    const first = await client.complete({ purpose: 'p1', messages, schema });
    expect(first.parsed).toEqual({ rules });
    expect(first.mode).toBe('json_prompt');
    expect(client.structuredOutputRejected).toBe(true);

    const retried = server.chatRequests[1]!.body!;
    expect(retried.response_format).toBeUndefined();
    expect(retried.messages).toHaveLength(2);
    expect(retried.messages![0]!.content).toMatch(/^You write regex rules\.\n\nAnswer with one JSON value only/);
    expect(retried.messages![0]!.content).toContain('"rules"');

    await client.complete({ purpose: 'p2', messages, schema });
    expect(server.chatRequests).toHaveLength(3);
    expect(server.chatRequests[2]!.body!.response_format).toBeUndefined();

    expect(recorder.calls.map((c) => c.error)).toEqual([expect.stringMatching(/400.*response_format/), null, null]);
    expect(logs.some((m) => /rejected response_format/.test(m))).toBe(true);
  });

  test('uses the prompt fallback for a server that never supports response_format', async () => {
    await server.close();
    server = await startFakeOpenAiServer({ rejectResponseFormat: true, replies: [reply.json({ rules })] });
    const { client } = setup();
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.parsed).toEqual({ rules });
    expect(server.chatRequests.map((q) => q.body!.response_format !== undefined)).toEqual([true, false]);
  });

  test('recovers the complete rules of a truncated answer', async () => {
    server.enqueue(reply.truncated({ rules }, '"label":"MONEY"},{"na'));
    const { client } = setup();
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.parsed).toEqual({ rules: rules.slice(0, 2) });
    expect(r.truncated).toBe(true);
    expect(r.finishReason).toBe('length');
    expect(r.parseError).toBeUndefined();
  });

  test('reads JSON wrapped in fences and prose', async () => {
    server.enqueue(reply.fenced({ rules }));
    const { client } = setup();
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.parsed).toEqual({ rules });
    expect(r.text).toMatch(/^Here are the rules/);
  });

  test('drops invalid elements, keeps the valid ones and reports what was dropped', async () => {
    const bad = [rules[0], { name: 'empty', pattern: '', label: 'X' }, { name: 'extra', pattern: 'x', label: 'X', why: 1 }, rules[2]];
    server.enqueue(reply.json({ rules: bad }));
    const { client, recorder } = setup();
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.parsed).toEqual({ rules: [rules[0], rules[2]] });
    expect(r.invalid.map((i) => i.path).sort()).toEqual(['rules.1', 'rules.2']);
    expect(r.invalid.find((i) => i.path === 'rules.1')?.issues).toMatch(/pattern/);
    expect(recorder.calls[0]!.error).toBeNull();
  });

  test('reports an unusable answer without throwing, and records why', async () => {
    server.enqueue(reply.text('I am sorry, I cannot write rules.'));
    const { client, recorder } = setup();
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.parsed).toBeUndefined();
    expect(r.parseError).toMatch(/not JSON/);
    expect(recorder.calls[0]!.error).toMatch(/^unusable answer: /);
  });

  test.each([
    ['priced', { RULEWRIGHT_PRICE_PROMPT: '0.15', RULEWRIGHT_PRICE_COMPLETION: '0.6' }, (1000 * 0.15 + 500 * 0.6) / 1e6],
    ['not priced', {}, null],
  ])('records the cost when %s', async (_, env, cost) => {
    server.enqueue(reply.json({ rules }, { usage: { prompt_tokens: 1000, completion_tokens: 500 } }));
    const { client, recorder } = setup({}, {}, env);
    const r = await client.complete({ purpose: 'p', messages, schema });
    if (cost === null) expect(r.costUsd).toBeNull();
    else expect(r.costUsd).toBeCloseTo(cost, 12);
    expect(recorder.calls[0]!.cost_usd).toBe(r.costUsd);
  });

  test('leaves cost and tokens null when the endpoint reports no usage', async () => {
    server.enqueue(reply.json({ rules }, { usage: null }));
    const { client, recorder } = setup({}, {}, { RULEWRIGHT_PRICE_PROMPT: '1', RULEWRIGHT_PRICE_COMPLETION: '1' });
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.usage).toEqual({ promptTokens: null, completionTokens: null });
    expect(r.costUsd).toBeNull();
    expect(recorder.calls[0]).toMatchObject({ prompt_tokens: null, completion_tokens: null, cost_usd: null });
  });

  test('answers from a function of the request, so later tests can reply per prompt', async () => {
    await server.close();
    server = await startFakeOpenAiServer({
      fallback: (req) => {
        const label = /rules for (\w+)/.exec(req.body!.messages!.at(-1)!.content)?.[1] ?? '?';
        return reply.json({ rules: [{ name: label.toLowerCase(), pattern: 'x', label }] });
      },
    });
    const { client } = setup();
    const ask = (label: string) =>
      client.complete({ purpose: `synthesize:${label}`, messages: [{ role: 'user', content: `Write rules for ${label}.` }], schema });
    expect((await ask('PER')).parsed?.rules[0]?.label).toBe('PER');
    expect((await ask('LOC')).parsed?.rules[0]?.label).toBe('LOC');
  });

  test('lists models on GET /v1/models', async () => {
    const res = await fetch(`${server.url}/models`);
    expect(await res.json()).toMatchObject({ object: 'list', data: [{ id: 'fake-model' }] });
  });
});
