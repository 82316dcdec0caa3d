import type { LlmPrices } from './config.js';

/** Token counts of one call; null when the endpoint did not report them. */
export interface LlmUsage {
  promptTokens: number | null;
  completionTokens: number | null;
}

/**
 * The cost of one call in USD, or null when it is unknown: no price configured, or the endpoint
 * reported no token counts. Never a guessed 0.
 */
export function callCostUsd(usage: LlmUsage, prices: LlmPrices | null): number | null {
  if (!prices || usage.promptTokens === null || usage.completionTokens === null) return null;
  return (usage.promptTokens * prices.prompt_per_million + usage.completionTokens * prices.completion_per_million) / 1e6;
}
