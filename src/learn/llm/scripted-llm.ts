import { RulewrightError } from '../../core/errors.js';
import type { CallRecorder, LlmClient, LlmRequest, LlmResponse } from './client.js';
import type { LlmPrices } from './config.js';
import { parseAnswer } from './parse-answer.js';
import { callCostUsd, type LlmUsage } from './pricing.js';

/**
 * One canned answer: text as the model would write it, a value (sent as its JSON), an `Error`
 * (the call fails with an LLM error carrying its message), or a function of the request and its
 * index that returns one of those.
 */
export type ScriptedAnswer =
  | string
  | Error
  | { json: unknown }
  | ((req: LlmRequest<unknown>, index: number) => string | Error | { json: unknown } | Promise<string | Error | { json: unknown }>);

export interface ScriptedLlmOptions {
  model?: string;
  recorder?: CallRecorder;
  runId?: number | null;
  prices?: LlmPrices | null;
  /** Answers once the script is used up (default: fail, naming the request). */
  fallback?: ScriptedAnswer;
}

/** Rough token count (4 characters a token), so usage and cost figures are non-trivial in tests. */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * An {@link LlmClient} that replays canned answers in order, for unit tests of code that talks to
 * an LLM. Answers go through the same tolerant parsing and schema validation as real ones, and
 * every call is recorded like a real one.
 */
export class ScriptedLlm implements LlmClient {
  readonly model: string;
  /** Every request received, in order. */
  readonly requests: LlmRequest<unknown>[] = [];
  readonly #queue: ScriptedAnswer[];
  readonly #opts: ScriptedLlmOptions;

  constructor(answers: ScriptedAnswer[] = [], options: ScriptedLlmOptions = {}) {
    this.#queue = [...answers];
    this.#opts = options;
    this.model = options.model ?? 'scripted';
  }

  /** Adds answers to the end of the script. */
  push(...answers: ScriptedAnswer[]): this {
    this.#queue.push(...answers);
    return this;
  }

  /** Answers not used yet. */
  get remaining(): number {
    return this.#queue.length;
  }

  async complete<T = unknown>(req: LlmRequest<T>): Promise<LlmResponse<T>> {
    const started = performance.now();
    const index = this.requests.length;
    this.requests.push(req as LlmRequest<unknown>);
    let next = this.#queue.shift() ?? this.#opts.fallback;
    if (next === undefined) {
      throw new RulewrightError(
        'LLM',
        `ScriptedLlm: no scripted answer left for request #${index + 1} ("${req.purpose}"); add one with push().`,
      );
    }
    if (typeof next === 'function') next = await next(req as LlmRequest<unknown>, index);
    const mode = req.schema ? 'json_schema' : 'text';
    const base = {
      run_id: req.runId !== undefined ? req.runId : (this.#opts.runId ?? null),
      model: this.model,
      purpose: req.purpose,
      request: { endpoint: 'scripted', attempt: 1, mode, body: { model: this.model, messages: req.messages } },
    };
    if (next instanceof Error) {
      this.#opts.recorder?.record({
        ...base,
        response: null,
        prompt_tokens: null,
        completion_tokens: null,
        latency_ms: 0,
        cost_usd: null,
        error: next.message,
      });
      throw new RulewrightError('LLM', `LLM request "${req.purpose}" failed: ${next.message}`);
    }
    const text = typeof next === 'string' ? next : JSON.stringify(next.json);
    const usage: LlmUsage = {
      promptTokens: estimateTokens(req.messages.map((m) => m.content).join('\n')),
      completionTokens: estimateTokens(text),
    };
    const costUsd = callCostUsd(usage, this.#opts.prices ?? null);
    const answer = req.schema ? parseAnswer(text, req.schema.schema) : undefined;
    this.#opts.recorder?.record({
      ...base,
      response: text,
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      latency_ms: 0,
      cost_usd: costUsd,
      error: answer?.error ? `unusable answer: ${answer.error}` : null,
    });
    return {
      text,
      ...(answer?.parsed !== undefined ? { parsed: answer.parsed } : {}),
      invalid: answer?.invalid ?? [],
      truncated: answer?.truncated ?? false,
      ...(answer?.error ? { parseError: answer.error } : {}),
      usage,
      latencyMs: performance.now() - started,
      costUsd,
      model: this.model,
      attempts: 1,
      mode,
      finishReason: answer?.truncated ? 'length' : 'stop',
    };
  }
}
