import type OpenAI from 'openai';
import { z } from 'zod';
import { RulewrightError } from '../../core/errors.js';
import { retryAfterMs, retryDelayMs, type BackoffPolicy } from './backoff.js';
import type {
  AnswerMode,
  CallRecorder,
  LlmClient,
  LlmLog,
  LlmMessage,
  LlmRequest,
  LlmResponse,
  RecordedCall,
} from './client.js';
import { describeLlmConfig, type LlmConfig } from './config.js';
import { jsonInstructions, responseFormat } from './json-schema.js';
import { parseAnswer } from './parse-answer.js';
import { callCostUsd, type LlmUsage } from './pricing.js';
import { redactSecrets } from './key-shapes.js';

/** Dependencies and knobs of {@link OpenAiLlm}; all optional. */
export interface OpenAiLlmOptions {
  recorder?: CallRecorder;
  /** Recorded on every call unless the request names its own run. */
  runId?: number | null;
  log?: LlmLog;
  /** The SDK's own log level when `log` is given (default `warn`). */
  sdkLogLevel?: 'off' | 'error' | 'warn' | 'info' | 'debug';
  /** For tests: how waits happen, and the jitter source. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** For tests and proxies: the fetch the SDK uses. */
  fetch?: typeof fetch;
}

/** Sent to the SDK when no key is configured; the Authorization header is removed, so it never leaves. */
const PLACEHOLDER_KEY = 'rulewright-no-key';

/** The part of a chat completion we rely on; anything else an endpoint adds is ignored. */
const Completion = z.looseObject({
  model: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        finish_reason: z.string().nullish(),
        message: z.looseObject({ content: z.string().nullish(), refusal: z.string().nullish() }).nullish(),
      }),
    )
    .min(1),
  usage: z
    .looseObject({ prompt_tokens: z.number().int().nullish(), completion_tokens: z.number().int().nullish() })
    .nullish(),
});

/** What went wrong with one attempt, and what to do about it. */
interface Failure {
  action: 'retry' | 'adapt' | 'fail';
  status: number | null;
  /** For messages and the record; already free of the key. */
  message: string;
  retryAfterMs?: number;
  adapt?: () => void;
}

/**
 * An {@link LlmClient} over the official `openai` SDK, for any OpenAI-compatible endpoint.
 *
 * Retries are done here, not by the SDK (its `maxRetries` is 0): every attempt is then recorded
 * with its own latency and error, the server's Retry-After is honoured within our cap, and the
 * switches below happen in the same loop. When the endpoint rejects a parameter it does not know
 * (`response_format`: the answer's JSON Schema moves into the prompt; `max_tokens`:
 * `max_completion_tokens` is sent instead; `temperature`: left out), the client adapts once and
 * remembers it for the rest of the session; these re-sends do not count as retries.
 */
export class OpenAiLlm implements LlmClient {
  readonly model: string;
  /** The SDK, loaded on the first call: importing it costs ~70 ms that commands without an LLM should not pay. */
  #sdk: Promise<{ client: OpenAI; errors: typeof OpenAI }> | undefined;
  readonly #sdkOptions: ConstructorParameters<typeof OpenAI>[0];
  readonly #config: LlmConfig;
  readonly #opts: OpenAiLlmOptions;
  readonly #endpoint: string;
  readonly #quirks = { structured: true, maxTokensParam: 'max_tokens' as 'max_tokens' | 'max_completion_tokens', temperature: true };

  constructor(config: LlmConfig, options: OpenAiLlmOptions = {}) {
    this.#config = config;
    this.#opts = options;
    this.model = config.model;
    this.#endpoint = describeLlmConfig(config).endpoint;
    const log = options.log;
    const sdkLog = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, ...rest: unknown[]) =>
      log?.(level, this.#redact(`openai sdk: ${[message, ...rest.map((r) => safeStringify(r))].join(' ')}`));
    this.#sdkOptions = {
      apiKey: config.api_key?.reveal() ?? PLACEHOLDER_KEY,
      baseURL: config.base_url ?? 'https://api.openai.com/v1',
      timeout: config.timeout_ms,
      maxRetries: 0,
      ...(config.api_key ? {} : { defaultHeaders: { Authorization: null } }),
      logger: { debug: sdkLog('debug'), info: sdkLog('info'), warn: sdkLog('warn'), error: sdkLog('error') },
      logLevel: log ? (options.sdkLogLevel ?? 'warn') : 'off',
      ...(options.fetch ? { fetch: options.fetch } : {}),
    };
  }

  #loadSdk(): Promise<{ client: OpenAI; errors: typeof OpenAI }> {
    return (this.#sdk ??= import('openai').then(({ default: Sdk }) => ({ client: new Sdk(this.#sdkOptions), errors: Sdk })));
  }

  /** Whether the endpoint has been found to reject JSON-schema structured output. */
  get structuredOutputRejected(): boolean {
    return !this.#quirks.structured;
  }

  async complete<T = unknown>(req: LlmRequest<T>): Promise<LlmResponse<T>> {
    const started = performance.now();
    const sleep = this.#opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    const policy: BackoffPolicy = { baseMs: this.#config.retry_base_ms, maxMs: this.#config.retry_max_ms };
    let retries = 0;
    let attempts = 0;
    let adaptations = 0;
    const sdk = await this.#loadSdk();
    for (;;) {
      const mode: AnswerMode = !req.schema ? 'text' : this.#quirks.structured ? 'json_schema' : 'json_prompt';
      const body = this.#body(req, mode);
      const t0 = performance.now();
      attempts++;
      let raw: unknown;
      try {
        raw = await sdk.client.chat.completions.create(body as never, { timeout: this.#config.timeout_ms, maxRetries: 0 });
      } catch (e) {
        const latency = performance.now() - t0;
        const failure = this.#classify(sdk.errors, e, mode, body);
        this.#record(req, body, attempts, mode, { latency, error: failure.message, response: null });
        if (failure.action === 'adapt' && failure.adapt && adaptations < 3) {
          adaptations++;
          failure.adapt();
          continue;
        }
        if (failure.action === 'retry' && retries < this.#config.max_retries) {
          const wait = retryDelayMs(retries, policy, failure.retryAfterMs, this.#opts.random);
          this.#log('info', `LLM ${req.purpose}: ${failure.message}; retry ${retries + 1}/${this.#config.max_retries} in ${wait} ms`);
          retries++;
          await sleep(wait);
          continue;
        }
        throw this.#finalError(req, failure, attempts);
      }
      return this.#finish(req, body, raw, mode, attempts, performance.now() - t0, performance.now() - started);
    }
  }

  #finish<T>(
    req: LlmRequest<T>,
    body: Record<string, unknown>,
    raw: unknown,
    mode: AnswerMode,
    attempts: number,
    latency: number,
    total: number,
  ): LlmResponse<T> {
    const shape = Completion.safeParse(raw);
    if (!shape.success) {
      const message = 'the endpoint did not answer like an OpenAI chat-completions API';
      this.#record(req, body, attempts, mode, { latency, error: message, response: this.#redact(safeStringify(raw).slice(0, 2000)) });
      throw new RulewrightError(
        'LLM',
        `LLM request "${req.purpose}" to ${this.#endpoint}: ${message}. Check that OPENAI_BASE_URL points at an ` +
          'OpenAI-compatible API (it usually ends in /v1).',
      );
    }
    const choice = shape.data.choices[0]!;
    // What the model wrote is data from outside: no key it echoes goes further than this method
    // (the answer is parsed from the raw text, so a pattern holding one is withheld, not altered).
    const written = choice.message?.content ?? '';
    const text = this.#redact(written);
    const usage: LlmUsage = {
      promptTokens: shape.data.usage?.prompt_tokens ?? null,
      completionTokens: shape.data.usage?.completion_tokens ?? null,
    };
    const costUsd = callCostUsd(usage, this.#config.prices);
    const answer = req.schema ? parseAnswer(written, req.schema.schema, [this.#config.api_key]) : undefined;
    const refusal = choice.message?.refusal;
    const parseError = refusal ? `the model refused: ${this.#redact(refusal)}` : answer?.error;
    this.#record(req, body, attempts, mode, {
      latency,
      response: text,
      usage,
      costUsd,
      error: parseError ? `unusable answer: ${parseError}` : null,
    });
    return {
      text,
      ...(answer?.parsed !== undefined ? { parsed: answer.parsed } : {}),
      invalid: answer?.invalid ?? [],
      truncated: answer?.truncated ?? false,
      ...(parseError ? { parseError } : {}),
      usage,
      latencyMs: total,
      costUsd,
      model: shape.data.model || this.model,
      attempts,
      mode,
      finishReason: choice.finish_reason ?? null,
    };
  }

  #body(req: LlmRequest<unknown>, mode: AnswerMode): Record<string, unknown> {
    let messages: LlmMessage[] = req.messages;
    if (mode === 'json_prompt' && req.schema) {
      // Appended to the first system message: some chat templates accept only one, and only first.
      const instructions = jsonInstructions(req.schema);
      const first = messages[0];
      messages =
        first?.role === 'system'
          ? [{ role: 'system', content: `${first.content}\n\n${instructions}` }, ...messages.slice(1)]
          : [{ role: 'system', content: instructions }, ...messages];
    }
    const body: Record<string, unknown> = { model: this.model, messages };
    if (req.temperature !== undefined && this.#quirks.temperature) body.temperature = req.temperature;
    body[this.#quirks.maxTokensParam] = req.maxTokens ?? this.#config.max_tokens;
    if (mode === 'json_schema' && req.schema) body.response_format = responseFormat(req.schema);
    return body;
  }

  #classify(Sdk: typeof OpenAI, e: unknown, mode: AnswerMode, body: Record<string, unknown>): Failure {
    if (e instanceof Sdk.APIConnectionTimeoutError) {
      return { action: 'retry', status: null, message: `no answer within ${this.#config.timeout_ms} ms (timeout)` };
    }
    if (e instanceof Sdk.APIConnectionError) {
      const cause = (e as { cause?: unknown }).cause;
      const detail = cause instanceof Error ? ((cause as { cause?: Error }).cause?.message ?? cause.message) : '';
      return { action: 'retry', status: null, message: this.#redact(`connection failed${detail ? `: ${detail}` : ''}`) };
    }
    if (e instanceof Sdk.APIError) {
      const status = typeof e.status === 'number' ? e.status : null;
      const message = this.#redact(`HTTP ${e.message}`);
      const said = `${e.message} ${e.param ?? ''} ${safeStringify(e.error)}`;
      if (status === 400 || status === 422) {
        if (mode === 'json_schema' && /response_format|json_schema|structured/i.test(said)) {
          return {
            action: 'adapt',
            status,
            message,
            adapt: () => {
              this.#quirks.structured = false;
              this.#log('warn', `${this.#endpoint} rejected response_format; the answer schema goes into the prompt from now on`);
            },
          };
        }
        if (this.#quirks.maxTokensParam === 'max_tokens' && /max_tokens/.test(said) && /max_completion_tokens/.test(said)) {
          return { action: 'adapt', status, message, adapt: () => void (this.#quirks.maxTokensParam = 'max_completion_tokens') };
        }
        if ('temperature' in body && /temperature/i.test(said)) {
          return { action: 'adapt', status, message, adapt: () => void (this.#quirks.temperature = false) };
        }
      }
      const transient = status === null || status === 408 || status === 409 || status === 429 || status >= 500;
      return {
        action: transient ? 'retry' : 'fail',
        status,
        message,
        ...(transient ? { retryAfterMs: retryAfterMs(e.headers ?? undefined) } : {}),
      };
    }
    return { action: 'fail', status: null, message: this.#redact(e instanceof Error ? e.message : String(e)) };
  }

  #finalError(req: LlmRequest<unknown>, failure: Failure, attempts: number): RulewrightError {
    const s = failure.status;
    const hint =
      s === null && /timeout/.test(failure.message)
        ? `The server did not answer in time: raise RULEWRIGHT_LLM_TIMEOUT_MS, use a smaller model, or check OPENAI_BASE_URL.`
        : s === null
          ? 'Is the server running and reachable? Check OPENAI_BASE_URL (for Ollama: http://localhost:11434/v1).'
          : s === 401 || s === 403
            ? 'Check OPENAI_API_KEY (and that it is valid for this endpoint).'
            : s === 404
              ? 'Check RULEWRIGHT_MODEL (is the model available on this server?) and that OPENAI_BASE_URL ends in /v1.'
              : s === 429
                ? 'The endpoint is rate-limiting: wait and retry, or raise RULEWRIGHT_LLM_MAX_RETRIES.'
                : s >= 500
                  ? 'The server failed: try again later or check its logs; check OPENAI_BASE_URL and RULEWRIGHT_MODEL.'
                  : 'Check OPENAI_BASE_URL, OPENAI_API_KEY and RULEWRIGHT_MODEL.';
    const status = s === null ? 'no HTTP status' : `status ${s}`;
    return new RulewrightError(
      'LLM',
      `LLM request "${req.purpose}" to ${this.#endpoint} (model ${this.model}) failed after ${attempts} ` +
        `attempt${attempts === 1 ? '' : 's'} (last: ${status}, ${failure.message}). ${hint}`,
      { endpoint: this.#endpoint, model: this.model, status: s, attempts },
    );
  }

  #record(
    req: LlmRequest<unknown>,
    body: Record<string, unknown>,
    attempt: number,
    mode: AnswerMode,
    out: { latency: number; response: string | null; error: string | null; usage?: LlmUsage; costUsd?: number | null },
  ): void {
    const call: RecordedCall = {
      run_id: req.runId !== undefined ? req.runId : (this.#opts.runId ?? null),
      model: this.model,
      purpose: req.purpose,
      request: { endpoint: this.#endpoint, attempt, mode, body },
      response: out.response,
      prompt_tokens: out.usage?.promptTokens ?? null,
      completion_tokens: out.usage?.completionTokens ?? null,
      latency_ms: Math.max(0, Math.round(out.latency)),
      cost_usd: out.costUsd ?? null,
      error: out.error,
    };
    this.#opts.recorder?.record(call);
  }

  #log(level: 'debug' | 'info' | 'warn' | 'error', message: string): void {
    this.#opts.log?.(level, this.#redact(message));
  }

  #redact(text: string): string {
    return redactSecrets(text, [this.#config.api_key]);
  }
}

function safeStringify(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
