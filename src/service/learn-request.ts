import type { ScoreContext } from '../core/eval/types.js';
import type { RulesPerLabel } from '../core/metrics/rules-per-label.js';
import type { CallRecorder, LlmClient } from '../learn/llm/client.js';
import type { CorrectionRuleOutcome, Decision, LearnEvent, LlmTotals, StageRow } from '../learn/loop/types.js';
import type { Inducer } from '../learn/proposer.js';
import type { CorrectionsOutcome } from './learn-corrections.js';
import type { Progress, SplitCounts } from './types.js';

// What `learn` is asked and what it answers, apart from how it runs (learn.ts).

/** Share of examples put in dev when learning finds no dev split. */
export const LEARN_DEV_FRACTION = 0.2;
/**
 * Fewest dev examples per label (on average) a made dev split must give; below it a dev split
 * judges nothing reliably and costs learning a fifth of its examples, so none is made.
 */
export const MIN_DEV_PER_LABEL = 5;
export const DEFAULT_ROUNDS = 2;
export const MAX_ROUNDS = 20;

export interface LearnRequest {
  /** Refinement rounds after synthesis (default 2). */
  rounds?: number;
  /** Patch only what feedback and corrections target. */
  incremental?: boolean;
  /** Use the offline inducer even when an LLM is configured. */
  offline?: boolean;
  /** Seed of the dev split made when there is none, and of the inducer. */
  seed?: number;
  /** Builds the LLM client instead of the environment's (tests, embedding); it must record through `recorder`. */
  llm?: (recorder: CallRecorder) => LlmClient;
  /** The offline inducer to use instead of src/learn/induce (tests). */
  inducer?: Inducer;
  /** Offline learning: time budget (seconds), precision floor, rule caps (`learn --budget/--min-precision/--max-rules/--max-rules-per-label`). */
  budget?: number;
  minPrecision?: number;
  maxRules?: number;
  maxRulesPerLabel?: number;
  /** Offline classification: the label of a default rule, the last to run, labelling every text no other rule does (`learn --default-label`). */
  defaultLabel?: string;
  /** Progress of offline learning, for a progress bar. */
  onProgress?: (p: Progress) => void;
  /** Judge and embedder for `llm_rubric` / `semantic_similarity`; without a judge, the configured LLM judges. */
  context?: Omit<ScoreContext, 'registry' | 'verdicts'>;
  onEvent?: (e: LearnEvent) => void;
  /** Told once when another learn on the dataset runs: this one waits for it. */
  onWait?: (note: string) => void;
}

export interface LearnResult {
  dataset: string;
  run_id: number;
  proposer: 'llm' | 'offline';
  model: string | null;
  incremental: boolean;
  rounds: number;
  rounds_run: number;
  split: {
    /** Where changes were judged. */
    judged_on: 'dev' | 'train';
    train: number;
    dev: number;
    /** The dev split learning made because the dataset had none; null when it had one. */
    created: { dev: number; seed: number; splits: SplitCounts } | null;
    /** Why dev was too few to judge the offline inducer's changes (no prune, no rounds unless asked): cross-validation chose. */
    too_few?: string;
  };
  /** The ablation table: rules and held-out P/R/F1 after each stage, with LLM usage. */
  stages: StageRow[];
  decisions: Decision[];
  rules: {
    active: number;
    added: string[];
    changed: string[];
    disabled: string[];
    proposed: string[];
    rejected: { id: string; name: string; reason: string }[];
  };
  /** Feedback behind a change this run accepted: now `applied`. */
  feedback_applied: string[];
  /** Feedback the run read whose change was not accepted (or that prompted none): still open, with why. */
  feedback_open: { id: string; reason: string }[];
  /** How many corrections hold under the rules the run ended with; each one that does not, with why. */
  corrections: CorrectionsOutcome;
  /** Rules made so corrections hold: kept, or not and why, with the other-label train texts each catches. */
  correction_rules: CorrectionRuleOutcome[];
  llm: LlmTotals;
  /** Active rules per label after the run: median, max and the labels with the most. */
  rules_per_label: RulesPerLabel;
  notes: string[];
  dataset_hash: string;
  ruleset_hash: string;
  elapsed_ms: number;
}
