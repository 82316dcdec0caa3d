import type { Store } from '../store/index.js';
import { resolveDataset } from './datasets.js';

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
export function llmActivity(store: Store, req: { dataset?: string; afterId?: number } = {}): LlmActivity {
  const d = resolveDataset(store, req.dataset);
  return { dataset: d.name, ...store.llmCalls.activity(d.id, req.afterId ?? 0) };
}
