import { isLlmConfigured } from '../../learn/llm/config.js';
import type { DatasetContext } from '../dataset-context.js';

/** How `learn` would learn now, and what that means for plain-English feedback. */
export interface LearningMode {
  /** An LLM endpoint is configured (OPENAI_API_KEY or OPENAI_BASE_URL). */
  llm: boolean;
  /** Whether learning reads plain-English feedback: only an LLM does. */
  reads_feedback: boolean;
  /** What a person writing feedback should know, or null when nothing is lost. */
  note: string | null;
}

/** The notice the offline inducer's runs give (see the learning loop's notes), said up front. */
const OFFLINE_FEEDBACK_NOTE =
  'offline learning cannot read plain-English feedback (no OPENAI_API_KEY or OPENAI_BASE_URL is set): it stays open for a run with an LLM; corrections are used either way';

/** Whether learning reads feedback, from the environment the handle was opened with. */
export function learningMode(ctx: DatasetContext, req: { offline?: boolean } = {}): LearningMode {
  const llm = isLlmConfigured(ctx.env);
  const reads = llm && !req.offline;
  return {
    llm,
    reads_feedback: reads,
    note: reads ? null : llm ? 'offline learning cannot read plain-English feedback: it stays open for a run with the LLM; corrections are used either way' : OFFLINE_FEEDBACK_NOTE,
  };
}
