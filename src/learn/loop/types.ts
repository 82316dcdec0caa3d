import type { Example } from '../../core/schemas/example.js';
import type { ScoreContext } from '../../core/eval/types.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import type { Proposer } from '../proposer.js';
import type { CorrectionView, FeedbackView, Prf } from '../prompts/views.js';
import type { AcceptancePolicy } from './acceptance.js';
import type { Evaluation } from './evaluate.js';
import type { IdAllocator } from './ids.js';
import type { Targets } from './targets.js';

/** LLM usage so far (a running total; stages report differences). */
export interface LlmTotals {
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** null when some answered call had no known cost. */
  cost_usd: number | null;
}

/** One row of the ablation table: the rules and held-out metrics after a stage. */
export interface StageRow {
  stage: string;
  rules: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** Recorded LLM attempts during the stage. */
  llm_calls: number;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cost_usd: number | null;
}

/** One decision of a learn run, with why. */
export interface Decision {
  stage: string;
  action: 'synthesize' | 'patch' | 'screen' | 'prune' | 'skip' | 'error' | 'note';
  label: string | null;
  accepted: boolean;
  reason: string;
  before: Prf | null;
  after: Prf | null;
  added: string[];
  replaced: { id: string; by: string }[];
  removed: string[];
  rejected: { id: string; name: string; reason: string }[];
  feedback: string[];
  /** The offline inducer's own report of what it did, when it gave one. */
  report?: unknown;
}

/** A change to persist, in order: a new rule, or a new version of one (stored or inserted earlier). */
export type RuleChange = { op: 'insert'; rule: Rule; note: string } | { op: 'update'; rule: Rule; note: string };

/** Progress of a learn run, for a progress line. */
export interface LearnEvent {
  stage: string;
  message: string;
}

/**
 * Runs rules (all of them, whatever their status) on examples and scores them under the task's
 * matching mode; the service passes the shared evaluation pipeline's.
 */
export type Evaluator = (rules: readonly Rule[], examples: readonly Example[], opts: { outcomes: boolean; split: string | null }) => Promise<Evaluation>;

/** What the learning loop works from. It sees only the training split; `judge` is for acceptance. */
export interface LearnLoopInput {
  task: Task;
  /** Labels (or fields) to learn. */
  labels: string[];
  /** The training split, corrections first. */
  train: Example[];
  /** Where changes are judged: the dev split (or train when there is no dev). */
  judge: Example[];
  judgeSplit: 'dev' | 'train';
  /** The rules in use when learning starts (active). */
  active: Rule[];
  corrections: CorrectionView[];
  /** Open feedback of every level. */
  feedback: FeedbackView[];
  proposer: Proposer;
  rounds: number;
  /** Incremental: only these may change; null for a full run. */
  targets: Targets | null;
  ids: IdAllocator;
  seed: number;
  /** Running LLM totals (zero offline). */
  meter: () => LlmTotals;
  policy?: AcceptancePolicy;
  /** How rules are scored (default: the core evaluator, `evaluateRules`). */
  evaluate?: Evaluator;
  /**
   * What the task's matchers need to score (user matchers, a judge, a verdict cache shared with
   * `evaluate`), for the stages that score on their own (pruning).
   */
  scoring?: ScoreContext;
  /** Prune the rules this run added or changed, on the judge split (default true). */
  prune?: boolean;
  onEvent?: (e: LearnEvent) => void;
}

/** A rule made so a correction holds: what else it fires on in train, and whether the run kept it. */
export interface CorrectionRuleOutcome {
  /** The training example the correction became (`correction-c1`). */
  example_id: string;
  rule_id: string;
  name: string;
  label: string;
  kept: boolean;
  /** Why it was not kept; empty when it was. */
  reason: string;
  /** Train texts of its label it fires on. */
  right: number;
  /** Train texts of other labels it fires on: a rule that has any is not added. */
  catches: { id: string; label: string | null; text: string }[];
}

export interface LearnLoopResult {
  stages: StageRow[];
  decisions: Decision[];
  changes: RuleChange[];
  /** Feedback used (by a prompt, or to choose targets). */
  feedbackUsed: string[];
  /** Used feedback behind a change that was accepted: it is applied. */
  feedbackApplied: string[];
  /** Used feedback whose change was not accepted (or that prompted none): it stays open, with why. */
  feedbackNotApplied: { id: string; reason: string }[];
  /** The rules made for corrections, with what else they catch in train. */
  correctionRules: CorrectionRuleOutcome[];
  notes: string[];
  roundsRun: number;
  /** The rules in use at the end. */
  active: Rule[];
}
