import type { DatasetContext } from '../dataset-context.js';

/** LLM calls of a dataset recorded after a given call: what a live view counts. */
export interface LlmActivity {
  dataset: string;
  /** The newest call id seen (pass it back as `afterId` to count only newer calls). */
  last_id: number;
  calls: number;
  /** Calls that failed (recorded with an error). */
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  cost_usd: number;
}

/**
 * LLM calls recorded for a dataset since call `afterId` (0: all of them), counted in SQLite
 * without reading prompts or answers: the terminal UI polls it while a learning run works.
 */
export function llmActivity(ctx: DatasetContext, req: { afterId?: number } = {}): LlmActivity {
  const { store, dataset: d } = ctx;
  return { dataset: d.name, ...store.llmCalls.activity(d.id, req.afterId ?? 0) };
}
