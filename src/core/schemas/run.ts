import { z } from 'zod';

export const RunKind = z.enum(['eval', 'metrics', 'rank', 'prune', 'learn', 'undo']);
export type RunKind = z.infer<typeof RunKind>;

/**
 * A recorded measurement. The dataset and ruleset hashes let a later run tell
 * "the rules moved" from "the data moved".
 */
export const Run = z.strictObject({
  id: z.number().int(),
  dataset: z.string(),
  kind: RunKind,
  created_at: z.string(),
  dataset_hash: z.string(),
  ruleset_hash: z.string(),
  config: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()),
  elapsed_ms: z.number().min(0),
});
export type Run = z.infer<typeof Run>;

/** One LLM request as recorded in the store (never the API key). */
export const LlmCall = z.strictObject({
  id: z.number().int(),
  run_id: z.number().int().nullable(),
  model: z.string(),
  purpose: z.string(),
  request: z.unknown(),
  response: z.string().nullable(),
  prompt_tokens: z.number().int().nullable(),
  completion_tokens: z.number().int().nullable(),
  latency_ms: z.number().min(0),
  cost_usd: z.number().min(0).nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type LlmCall = z.infer<typeof LlmCall>;
