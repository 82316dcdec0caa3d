import { z } from 'zod';
import { RulewrightError, describeIssues } from '../../core/errors.js';
import { Secret, displayUrl } from './secret.js';

/** The model used when neither `RULEWRIGHT_MODEL` nor `OPENAI_MODEL` is set: cheap, fast and supports structured output. */
export const DEFAULT_MODEL = 'gpt-4o-mini';

/** USD per one million tokens, as providers publish them. */
export const LlmPrices = z.strictObject({
  prompt_per_million: z.number().min(0),
  completion_per_million: z.number().min(0),
});
export type LlmPrices = z.infer<typeof LlmPrices>;

/**
 * Everything the LLM client needs. `api_key` is a {@link Secret}, so this object can be logged or
 * stored in a run's config without leaking the key (use {@link describeLlmConfig} for a summary).
 */
export const LlmConfig = z.strictObject({
  /** null: the SDK's default, https://api.openai.com/v1. */
  base_url: z.url({ protocol: /^https?$/ }).nullable(),
  /** null: a keyless local server (Ollama, vLLM, LM Studio); no Authorization header is sent. */
  api_key: z.instanceof(Secret).nullable(),
  model: z.string().trim().min(1),
  /** null: cost is unknown and recorded as null. */
  prices: LlmPrices.nullable(),
  /** Per attempt; timers cannot wait past 2^31 ms, and an hour is already no limit for one answer. */
  timeout_ms: z.number().int().min(1).max(3_600_000, 'RULEWRIGHT_LLM_TIMEOUT_MS must be from 1 to 3,600,000 ms (an hour)'),
  /** Retries after the first attempt, on 408/409/429/5xx, connection errors and timeouts. */
  max_retries: z.number().int().min(0).max(20),
  retry_base_ms: z.number().min(0).max(600_000, 'RULEWRIGHT_LLM_RETRY_BASE_MS must be from 0 to 600,000 ms (ten minutes)'),
  retry_max_ms: z.number().min(0).max(600_000, 'RULEWRIGHT_LLM_RETRY_MAX_MS must be from 0 to 600,000 ms (ten minutes)'),
  /** Default completion budget; a request may ask for another. */
  max_tokens: z.number().int().positive(),
});
export type LlmConfig = z.infer<typeof LlmConfig>;

const LLM_DEFAULTS = {
  model: DEFAULT_MODEL,
  timeout_ms: 120_000,
  max_retries: 4,
  retry_base_ms: 1_000,
  retry_max_ms: 30_000,
  max_tokens: 4_096,
} as const;

type Env = Readonly<Record<string, string | undefined>>;

/** An env value, with unset and blank treated alike. */
function envValue(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

function envNumber(env: Env, name: string, what: string): number | undefined {
  const raw = envValue(env, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) {
    throw new RulewrightError('BAD_INPUT', `${name}=${JSON.stringify(raw)} is not valid: expected ${what}.`);
  }
  return n;
}

/** True when an LLM endpoint is configured: an API key (OpenAI) or a base URL (any compatible server). */
export function isLlmConfigured(env: Env = process.env): boolean {
  return envValue(env, 'OPENAI_API_KEY') !== undefined || envValue(env, 'OPENAI_BASE_URL') !== undefined;
}

/**
 * Reads the LLM configuration from the environment and validates it. Throws
 * `LLM_NOT_CONFIGURED` when neither `OPENAI_API_KEY` nor `OPENAI_BASE_URL` is set, and `BAD_INPUT`
 * naming the variable when a value is malformed.
 */
export function loadLlmConfig(env: Env = process.env, overrides: Partial<LlmConfig> = {}): LlmConfig {
  if (!isLlmConfigured(env) && overrides.base_url == null && overrides.api_key == null) {
    throw new RulewrightError(
      'LLM_NOT_CONFIGURED',
      'No LLM is configured: set OPENAI_API_KEY (for OpenAI) or OPENAI_BASE_URL (for an OpenAI-compatible ' +
        'server such as Ollama at http://localhost:11434/v1), or learn with --offline.',
    );
  }
  const promptPrice = envNumber(env, 'RULEWRIGHT_PRICE_PROMPT', 'a price ≥ 0 in USD per 1M prompt tokens');
  const completionPrice = envNumber(env, 'RULEWRIGHT_PRICE_COMPLETION', 'a price ≥ 0 in USD per 1M completion tokens');
  if ((promptPrice === undefined) !== (completionPrice === undefined)) {
    throw new RulewrightError(
      'BAD_INPUT',
      'Only one of RULEWRIGHT_PRICE_PROMPT and RULEWRIGHT_PRICE_COMPLETION is set: set both (USD per 1M tokens) ' +
        'to record costs, or neither to record them as unknown.',
    );
  }
  const key = envValue(env, 'OPENAI_API_KEY');
  const candidate = {
    base_url: envValue(env, 'OPENAI_BASE_URL') ?? null,
    api_key: key === undefined ? null : new Secret(key),
    // OPENAI_MODEL is the name other OpenAI tools read; RULEWRIGHT_MODEL picks a model for rulewright alone.
    model: envValue(env, 'RULEWRIGHT_MODEL') ?? envValue(env, 'OPENAI_MODEL') ?? LLM_DEFAULTS.model,
    prices:
      promptPrice !== undefined && completionPrice !== undefined
        ? { prompt_per_million: promptPrice, completion_per_million: completionPrice }
        : null,
    timeout_ms: envNumber(env, 'RULEWRIGHT_LLM_TIMEOUT_MS', 'a timeout in milliseconds') ?? LLM_DEFAULTS.timeout_ms,
    max_retries: envNumber(env, 'RULEWRIGHT_LLM_MAX_RETRIES', 'a retry count') ?? LLM_DEFAULTS.max_retries,
    retry_base_ms: envNumber(env, 'RULEWRIGHT_LLM_RETRY_BASE_MS', 'a delay in milliseconds') ?? LLM_DEFAULTS.retry_base_ms,
    retry_max_ms: envNumber(env, 'RULEWRIGHT_LLM_RETRY_MAX_MS', 'a delay in milliseconds') ?? LLM_DEFAULTS.retry_max_ms,
    max_tokens: envNumber(env, 'RULEWRIGHT_LLM_MAX_TOKENS', 'a token count') ?? LLM_DEFAULTS.max_tokens,
    ...overrides,
  };
  return checkLlmConfig(candidate);
}

/** Validates the config the environment and the overrides make (tests set theirs as overrides). */
function checkLlmConfig(value: unknown): LlmConfig {
  const r = LlmConfig.safeParse(value);
  if (!r.success) {
    throw new RulewrightError(
      'BAD_INPUT',
      `LLM configuration is invalid: ${describeIssues(r.error)}. Check OPENAI_BASE_URL (an http(s) URL, ` +
        'usually ending in /v1), RULEWRIGHT_MODEL and the RULEWRIGHT_LLM_* settings.',
    );
  }
  return r.data;
}

/** A summary that is safe to print or store: the endpoint and model, never the key. */
export function describeLlmConfig(config: LlmConfig): {
  endpoint: string;
  model: string;
  api_key: 'set' | 'none';
  priced: boolean;
} {
  return {
    endpoint: displayUrl(config.base_url ?? 'https://api.openai.com/v1'),
    model: config.model,
    api_key: config.api_key ? 'set' : 'none',
    priced: config.prices !== null,
  };
}
