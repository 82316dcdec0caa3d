import { describe, expect, test } from 'vitest';
import { DEFAULT_MODEL, describeLlmConfig, isLlmConfigured, loadLlmConfig } from '../../../src/learn/llm/config.js';
import { thrown } from '../../helpers/errors.js';

describe('isLlmConfigured', () => {
  test.each([
    [{}, false],
    [{ OPENAI_API_KEY: '  ' }, false],
    [{ OPENAI_API_KEY: 'sk-x' }, true],
    [{ OPENAI_BASE_URL: 'http://localhost:11434/v1' }, true],
    [{ RULEWRIGHT_MODEL: 'llama3' }, false],
  ])('%j → %s', (env, expected) => {
    expect(isLlmConfigured(env)).toBe(expected);
  });
});

describe('loadLlmConfig', () => {
  test('applies defaults for everything but the endpoint', () => {
    const c = loadLlmConfig({ OPENAI_API_KEY: 'sk-x' });
    expect(c).toMatchObject({ base_url: null, model: DEFAULT_MODEL, prices: null, max_retries: 4, timeout_ms: 120_000 });
    expect(c.api_key?.reveal()).toBe('sk-x');
  });

  test.each([
    [{}, DEFAULT_MODEL],
    [{ OPENAI_MODEL: 'gpt-4.1-mini' }, 'gpt-4.1-mini'],
    [{ RULEWRIGHT_MODEL: 'qwen2.5:7b' }, 'qwen2.5:7b'],
    [{ OPENAI_MODEL: 'gpt-4.1-mini', RULEWRIGHT_MODEL: 'qwen2.5:7b' }, 'qwen2.5:7b'],
    [{ OPENAI_MODEL: '  ', RULEWRIGHT_MODEL: '' }, DEFAULT_MODEL],
  ])('the model from %j is %s (RULEWRIGHT_MODEL overrides OPENAI_MODEL)', (env, model) => {
    expect(loadLlmConfig({ OPENAI_API_KEY: 'sk-x', ...env }).model).toBe(model);
  });

  test('reads every setting from the environment', () => {
    const c = loadLlmConfig({
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      RULEWRIGHT_MODEL: 'qwen2.5:7b',
      RULEWRIGHT_PRICE_PROMPT: '0.15',
      RULEWRIGHT_PRICE_COMPLETION: '0.60',
      RULEWRIGHT_LLM_TIMEOUT_MS: '5000',
      RULEWRIGHT_LLM_MAX_RETRIES: '0',
      RULEWRIGHT_LLM_RETRY_BASE_MS: '10',
      RULEWRIGHT_LLM_RETRY_MAX_MS: '100',
      RULEWRIGHT_LLM_MAX_TOKENS: '2048',
    });
    expect(c).toEqual({
      base_url: 'http://localhost:11434/v1',
      api_key: null,
      model: 'qwen2.5:7b',
      prices: { prompt_per_million: 0.15, completion_per_million: 0.6 },
      timeout_ms: 5000,
      max_retries: 0,
      retry_base_ms: 10,
      retry_max_ms: 100,
      max_tokens: 2048,
    });
  });

  test.each([
    [{}, 'LLM_NOT_CONFIGURED', /OPENAI_API_KEY.*OPENAI_BASE_URL.*--offline/],
    [{ OPENAI_BASE_URL: 'localhost:11434' }, 'BAD_INPUT', /OPENAI_BASE_URL/],
    [{ OPENAI_BASE_URL: 'ftp://host/v1' }, 'BAD_INPUT', /base_url/],
    [{ OPENAI_API_KEY: 'k', RULEWRIGHT_PRICE_PROMPT: 'cheap', RULEWRIGHT_PRICE_COMPLETION: '1' }, 'BAD_INPUT', /RULEWRIGHT_PRICE_PROMPT="cheap"/],
    [{ OPENAI_API_KEY: 'k', RULEWRIGHT_PRICE_PROMPT: '1' }, 'BAD_INPUT', /set both/],
    [{ OPENAI_API_KEY: 'k', RULEWRIGHT_LLM_MAX_RETRIES: '1.5' }, 'BAD_INPUT', /max_retries/],
    [{ OPENAI_API_KEY: 'k', RULEWRIGHT_LLM_TIMEOUT_MS: '-1' }, 'BAD_INPUT', /RULEWRIGHT_LLM_TIMEOUT_MS/],
    [{ OPENAI_API_KEY: 'k', RULEWRIGHT_LLM_TIMEOUT_MS: '1e12' }, 'BAD_INPUT', /RULEWRIGHT_LLM_TIMEOUT_MS must be from 1 to 3,600,000 ms/],
    [{ OPENAI_API_KEY: 'k', RULEWRIGHT_LLM_RETRY_MAX_MS: '4294967296' }, 'BAD_INPUT', /RULEWRIGHT_LLM_RETRY_MAX_MS must be from 0 to 600,000 ms/],
  ])('rejects %j with a message that says what to fix', (env, code, message) => {
    const e = thrown(() => loadLlmConfig(env));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  });

  test('describes the endpoint without the key or URL credentials', () => {
    const c = loadLlmConfig({ OPENAI_BASE_URL: 'https://user:pw@llm.example/v1', OPENAI_API_KEY: 'sk-secret-value' });
    const d = describeLlmConfig(c);
    expect(d).toEqual({ endpoint: 'https://llm.example/v1', model: DEFAULT_MODEL, api_key: 'set', priced: false });
    expect(JSON.stringify(c)).not.toContain('sk-secret-value');
  });
});
