import { MemoryRecorder } from '../../../src/learn/llm/client.js';
import { loadLlmConfig, type LlmConfig } from '../../../src/learn/llm/config.js';
import { OpenAiLlm, type OpenAiLlmOptions } from '../../../src/learn/llm/openai-client.js';
import type { FakeOpenAiServer } from '../../helpers/fake-openai-server.js';

/**
 * A client against the fake server with fast retries and a 5 s timeout; `sleeps` collects every
 * wait it asked for instead of waiting. `config`, `options` and `env` override the defaults.
 */
export function fastClient(server: FakeOpenAiServer, config: Partial<LlmConfig> = {}, options: OpenAiLlmOptions = {}, env: Record<string, string> = {}) {
  const recorder = new MemoryRecorder();
  const sleeps: number[] = [];
  const cfg = loadLlmConfig(
    { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test-0000', RULEWRIGHT_MODEL: 'fake-model', ...env },
    { retry_base_ms: 1, retry_max_ms: 20, timeout_ms: 5_000, max_retries: 3, ...config },
  );
  const client = new OpenAiLlm(cfg, { recorder, sleep: async (ms) => void sleeps.push(ms), ...options });
  return { client, recorder, sleeps };
}
