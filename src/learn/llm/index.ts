import type { LlmClient } from './client.js';
import { loadLlmConfig } from './config.js';
import { OpenAiLlm, type OpenAiLlmOptions } from './openai-client.js';

export * from './client.js';
export * from './config.js';
export { parseTolerantJson, type TolerantJson } from './tolerant-json.js';
export { parseAnswer, type ParsedAnswer } from './parse-answer.js';
export { answerJsonSchema, isStrictCompatible, jsonInstructions, responseFormat } from './json-schema.js';
export { callCostUsd } from './pricing.js';
export { backoffMs, retryAfterMs, retryDelayMs, type BackoffPolicy } from './backoff.js';
export { Secret, redact, displayUrl } from './secret.js';
export { OpenAiLlm, type OpenAiLlmOptions } from './openai-client.js';
export { ScriptedLlm, type ScriptedAnswer, type ScriptedLlmOptions } from './scripted-llm.js';

/**
 * The LLM client for this environment (`OPENAI_BASE_URL`, `OPENAI_API_KEY`, `RULEWRIGHT_MODEL`, …).
 * Throws `LLM_NOT_CONFIGURED` when neither a key nor a base URL is set; check `isLlmConfigured`
 * first to fall back to the offline inducer.
 */
export function createLlmClient(
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: OpenAiLlmOptions = {},
): LlmClient {
  return new OpenAiLlm(loadLlmConfig(env), options);
}
