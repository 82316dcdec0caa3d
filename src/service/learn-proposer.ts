import type { LearnRunConfig } from '../core/schemas/learn-run.js';
import type { LlmClient } from '../learn/llm/client.js';
import { describeLlmConfig, isLlmConfigured, loadLlmConfig } from '../learn/llm/config.js';
import { OpenAiLlm } from '../learn/llm/openai-client.js';
import { InducerProposer, LlmProposer, loadOfflineInducer, type Proposer } from '../learn/proposer.js';
import { StoreCallRecorder } from '../store/llm-calls.js';
import type { Store } from '../store/index.js';
import type { LearnRequest } from './learn-request.js';
import { phaseProgress } from './types.js';

/** The proposer a run learns with, and what it records through. */
export interface Chosen {
  proposer: Proposer;
  /** The LLM that proposes rules, when one does (it judges `llm_rubric` too). */
  llm?: LlmClient;
  recorder: StoreCallRecorder;
  config: LearnRunConfig['llm'];
  notes: string[];
}

/**
 * The LLM when one is configured (or given) and not turned off, else the offline inducer with the
 * request's settings; `env` is what the LLM configuration is read from.
 */
export async function chooseProposer(store: Store, datasetId: number, env: NodeJS.ProcessEnv, req: LearnRequest): Promise<Chosen> {
  const recorder = new StoreCallRecorder(store.llmCalls, datasetId);
  const notes: string[] = [];
  if (!req.offline && (req.llm || isLlmConfigured(env))) {
    if (req.llm) {
      const llm = req.llm(recorder);
      return { proposer: new LlmProposer(llm), llm, recorder, config: { model: llm.model }, notes };
    }
    const cfg = loadLlmConfig(env);
    const llm = new OpenAiLlm(cfg, { recorder });
    return { proposer: new LlmProposer(llm), llm, recorder, config: { ...describeLlmConfig(cfg) }, notes };
  }
  if (!req.offline) notes.push('no LLM is configured (OPENAI_API_KEY or OPENAI_BASE_URL): the offline inducer learned the rules');
  const learnBudget = req.budget !== undefined ? { learnBudgetMs: req.budget * 1000 } : {};
  const limits = {
    ...(req.minPrecision !== undefined ? { minPrecision: req.minPrecision } : {}),
    ...(req.maxRules !== undefined ? { maxRules: req.maxRules } : {}),
    ...(req.maxRulesPerLabel !== undefined ? { maxRulesPerLabel: req.maxRulesPerLabel } : {}),
    ...(req.defaultLabel !== undefined ? { defaultLabel: req.defaultLabel } : {}),
  };
  const learnProgress = phaseProgress(req.onProgress, 'learn');
  return {
    proposer: new InducerProposer(req.inducer ?? (await loadOfflineInducer()), { ...learnBudget, ...limits, ...(learnProgress ? { onProgress: learnProgress } : {}) }),
    recorder,
    // Recorded runs keep the key they were always written with.
    config: { ...(req.budget !== undefined ? { budgetMs: req.budget * 1000 } : {}), ...limits },
    notes,
  };
}
