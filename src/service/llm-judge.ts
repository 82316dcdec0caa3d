import { z } from 'zod';
import { RulewrightError } from '../core/errors.js';
import type { Judge } from '../core/matchers/types.js';
import type { LlmClient } from '../learn/llm/client.js';
import { isLlmConfigured, loadLlmConfig } from '../learn/llm/config.js';
import { OpenAiLlm } from '../learn/llm/openai-client.js';
import { StoreCallRecorder } from '../store/llm-calls.js';
import type { Store } from '../store/index.js';

const Grade = z.strictObject({
  score: z.number().describe('how well the predicted value meets the criterion, from 0 (not at all) to 1 (fully)'),
  reason: z.string().describe('one sentence: why'),
});

const SYSTEM =
  'You grade the output of an extraction system against the expected (gold) value by a criterion. ' +
  'Answer with a score from 0 to 1 and a one-sentence reason. Judge only by the criterion.';

/** A judge for the `llm_rubric` matcher that asks an LLM, through the same client learning uses. */
export function llmJudge(llm: LlmClient): Judge {
  return {
    async grade(criterion, gold, predicted) {
      const res = await llm.complete({
        purpose: 'judge:llm_rubric',
        temperature: 0,
        schema: { name: 'grade', schema: Grade },
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: `Criterion: ${criterion}\nGold value: ${JSON.stringify(gold)}\nPredicted value: ${JSON.stringify(predicted)}` },
        ],
      });
      if (!res.parsed) throw new RulewrightError('LLM', `the LLM judge's answer could not be read (${res.parseError ?? 'no grade'}): ${res.text.slice(0, 120)}`);
      return res.parsed;
    },
  };
}

/**
 * The environment's LLM as a judge, its calls recorded in the workspace (attach them to the run
 * with `recorder.ids`; pass a recorder to count them with other calls), or undefined when no LLM
 * is configured. Nothing is sent unless a task uses `llm_rubric`.
 */
export function environmentJudge(
  store: Store,
  datasetId: number,
  env: NodeJS.ProcessEnv,
  recorder: StoreCallRecorder = new StoreCallRecorder(store.llmCalls, datasetId),
): { judge: Judge; recorder: StoreCallRecorder } | undefined {
  if (!isLlmConfigured(env)) return undefined;
  return { judge: llmJudge(new OpenAiLlm(loadLlmConfig(env), { recorder })), recorder };
}
