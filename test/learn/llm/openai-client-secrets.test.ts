import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { RulewrightError } from '../../../src/core/errors.js';
import { MemoryRecorder } from '../../../src/learn/llm/client.js';
import { describeLlmConfig, loadLlmConfig } from '../../../src/learn/llm/config.js';
import { OpenAiLlm } from '../../../src/learn/llm/openai-client.js';
import { reply, startFakeOpenAiServer, type FakeOpenAiServer } from '../../helpers/fake-openai-server.js';

const KEY = 'sk-rulewright-TEST-4f1d9c2a7b3e8d6f';
const schema = { name: 'ruleset', schema: z.strictObject({ rules: z.array(z.string()) }) };
const messages = [{ role: 'user' as const, content: 'Write rules.' }];

let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer({ requireKey: KEY });
});
afterEach(async () => {
  await server.close();
});

/** Everything a key could leak into: records, error, error details and stack, log lines. */
function leaks(haystacks: unknown[]): string[] {
  const text = haystacks.map((h) => (typeof h === 'string' ? h : JSON.stringify(h))).join('\n');
  return [KEY, KEY.slice(-8)].filter((k) => text.includes(k));
}

describe('the API key', () => {
  test('is sent as a bearer token but appears nowhere in records or logs', async () => {
    server.enqueue(reply.serverError(), reply.json({ rules: ['x'] }));
    const recorder = new MemoryRecorder();
    const logs: string[] = [];
    const config = loadLlmConfig({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: KEY }, { retry_base_ms: 1 });
    const client = new OpenAiLlm(config, { recorder, log: (_, m) => void logs.push(m), sdkLogLevel: 'debug' });
    const r = await client.complete({ purpose: 'p', messages, schema });

    expect(r.parsed).toEqual({ rules: ['x'] });
    expect(server.chatRequests.map((q) => q.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
    expect(logs.length).toBeGreaterThan(0); // the SDK's debug log ran, so the check below means something
    expect(leaks([recorder.calls, logs, r, config, describeLlmConfig(config), inspect(config), String(config.api_key)])).toEqual([]);
  });

  test('is redacted from errors even when the server echoes it back', async () => {
    await server.close();
    server = await startFakeOpenAiServer({ requireKey: 'sk-the-right-one' });
    const recorder = new MemoryRecorder();
    const logs: string[] = [];
    const config = loadLlmConfig({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: KEY }, { retry_base_ms: 1 });
    const client = new OpenAiLlm(config, { recorder, log: (_, m) => void logs.push(m), sdkLogLevel: 'debug' });
    let error: unknown;
    try {
      await client.complete({ purpose: 'p', messages, schema });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RulewrightError);
    const e = error as RulewrightError;
    expect(e.message).toMatch(/status 401.*Incorrect API key provided: \[redacted\].*Check OPENAI_API_KEY/);
    expect(leaks([e.message, e.stack, e.details, recorder.calls, logs])).toEqual([]);
  });

  test('is not needed for a keyless local server: no Authorization header is sent', async () => {
    await server.close();
    server = await startFakeOpenAiServer({ replies: [reply.json({ rules: [] })] });
    const client = new OpenAiLlm(loadLlmConfig({ OPENAI_BASE_URL: server.url }));
    const r = await client.complete({ purpose: 'p', messages, schema });
    expect(r.parsed).toEqual({ rules: [] });
    expect(server.chatRequests[0]!.authorization).toBeUndefined();
    expect(server.chatRequests[0]!.raw).not.toContain('rulewright-no-key');
  });
});
