import type { LlmCall } from '../../core/schemas/run.js';
import type { AnswerSchema } from './json-schema.js';
import type { InvalidElement } from './parse-answer.js';
import type { LlmUsage } from './pricing.js';

export type { AnswerSchema } from './json-schema.js';

/** One chat message. */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A completion request. */
export interface LlmRequest<T = unknown> {
  /** What the call is for (`synthesize:PER`, `patch:round-2`, …); recorded with the call. */
  purpose: string;
  messages: LlmMessage[];
  /** When set, the answer is read as JSON and validated; `parsed` holds the valid part. */
  schema?: AnswerSchema<T>;
  temperature?: number;
  /** Completion budget; default from the config. */
  maxTokens?: number;
  /** The run the call belongs to, for the record; default from the client's options. */
  runId?: number | null;
}

/** How the answer's format was requested. */
export type AnswerMode = 'json_schema' | 'json_prompt' | 'text';

/** A completed request. */
export interface LlmResponse<T = unknown> {
  /** The model's answer as written. */
  text: string;
  /** The schema-valid part of the answer (with a schema, and when anything was usable). */
  parsed?: T;
  /** Array elements that failed the schema and were dropped from `parsed`. */
  invalid: InvalidElement[];
  /** The answer was cut off (e.g. by the token budget); `parsed` keeps its complete elements. */
  truncated: boolean;
  /** Why `parsed` is absent although a schema was given. */
  parseError?: string;
  usage: LlmUsage;
  /** Wall time of the whole request, retries and waits included. */
  latencyMs: number;
  /** null when no price is configured or the endpoint gave no token counts. */
  costUsd: number | null;
  /** The model that answered (as the endpoint names it, else as configured). */
  model: string;
  /** HTTP attempts made, the successful one included. */
  attempts: number;
  mode: AnswerMode;
  finishReason: string | null;
}

/** A chat-completions LLM. Implementations: `OpenAiLlm` (any OpenAI-compatible endpoint) and `ScriptedLlm` (tests). */
export interface LlmClient {
  /** The configured model name. */
  readonly model: string;
  /**
   * Sends a request, retrying transient failures; throws `RulewrightError('LLM')` when every
   * attempt failed or the endpoint refused the request.
   */
  complete<T = unknown>(req: LlmRequest<T>): Promise<LlmResponse<T>>;
}

/** What a {@link CallRecorder} receives: one HTTP attempt (the store adds the id and timestamp). */
export type RecordedCall = Omit<LlmCall, 'id' | 'created_at'>;

/** Where every LLM attempt is recorded (the store implements it). It never sees the API key. */
export interface CallRecorder {
  record(call: RecordedCall): void;
}

/** A recorder that keeps calls in memory; for tests and for summing a run's tokens and cost. */
export class MemoryRecorder implements CallRecorder {
  readonly calls: RecordedCall[] = [];
  record(call: RecordedCall): void {
    this.calls.push(call);
  }
}

/** A sink for the client's own diagnostics (never given the key). */
export type LlmLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
