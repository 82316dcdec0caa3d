import { z } from 'zod';
import { Split } from './example.js';
import { MatchersModuleInfo } from './matchers-module.js';

/** LLM usage of a learn run (zero offline); `cost_usd` is null when some answered call had no known cost. */
const LlmTotals = z.strictObject({
  calls: z.number().min(0),
  prompt_tokens: z.number().min(0),
  completion_tokens: z.number().min(0),
  cost_usd: z.number().nullable(),
});

const Prf = z.strictObject({ precision: z.number().nullable(), recall: z.number().nullable(), f1: z.number().nullable() });

/** One row of a learn run's ablation table: the rules and held-out figures after a stage. */
const LearnStage = z.strictObject({
  stage: z.string(),
  rules: z.number().min(0),
  ...Prf.shape,
  llm_calls: z.number().min(0),
  prompt_tokens: z.number().nullable(),
  completion_tokens: z.number().nullable(),
  cost_usd: z.number().nullable(),
});

const RejectedRule = z.strictObject({ id: z.string(), name: z.string(), reason: z.string() });
const Reasoned = z.strictObject({ id: z.string(), reason: z.string() });

/** A rule made so a correction holds: what else it fires on in train, and whether the run kept it. */
const CorrectionRuleOutcome = z.strictObject({
  example_id: z.string(),
  rule_id: z.string(),
  name: z.string(),
  label: z.string(),
  kept: z.boolean(),
  reason: z.string(),
  right: z.number().min(0),
  catches: z.array(z.strictObject({ id: z.string(), label: z.string().nullable(), text: z.string() })),
});

/** One decision of a learn run, with why. */
const LearnDecision = z.strictObject({
  stage: z.string(),
  action: z.enum(['synthesize', 'patch', 'screen', 'prune', 'skip', 'error', 'note']),
  label: z.string().nullable(),
  accepted: z.boolean(),
  reason: z.string(),
  before: Prf.nullable(),
  after: Prf.nullable(),
  added: z.array(z.string()),
  replaced: z.array(z.strictObject({ id: z.string(), by: z.string() })),
  removed: z.array(z.string()),
  rejected: z.array(RejectedRule),
  feedback: z.array(z.string()),
  /** The offline inducer's own report: its shape is the inducer's, so it is kept as given. */
  report: z.unknown().optional(),
});

const LEARN_BUDGET_RANGE = 'must be whole seconds from 1 to 86,400 (a day)';

/** `learn --budget`: the inducer's wall-clock budget; one that never runs out is no budget. */
export const LearnBudgetSeconds = z.number({ error: LEARN_BUDGET_RANGE }).int(LEARN_BUDGET_RANGE).min(1, LEARN_BUDGET_RANGE).max(86_400, LEARN_BUDGET_RANGE);

/**
 * What the proposer was configured with: an LLM endpoint (never the key), an injected client's
 * model, or the offline inducer's settings.
 */
const LearnProposerConfig = z.union([
  z.strictObject({ endpoint: z.string(), model: z.string(), api_key: z.enum(['set', 'none']), priced: z.boolean() }),
  z.strictObject({ model: z.string() }),
  z.strictObject({
    /** The learning budget (`learn --budget`) in ms. */
    budgetMs: z.number().optional(),
    minPrecision: z.number().optional(),
    maxRules: z.number().optional(),
    maxRulesPerLabel: z.number().optional(),
    defaultLabel: z.string().optional(),
  }),
]);

export const LearnRunConfig = z.strictObject({
  rounds: z.number().min(0),
  incremental: z.boolean(),
  offline: z.boolean(),
  proposer: z.enum(['llm', 'offline']),
  seed: z.number(),
  judged_on: z.enum(['dev', 'train']),
  llm: LearnProposerConfig,
  matchers_module: MatchersModuleInfo.nullable(),
});
export type LearnRunConfig = z.infer<typeof LearnRunConfig>;

/** What a finished learn run did: recorded with the run and returned by `learn`, in the same order. */
const LearnOutcome = z.strictObject({
  rounds_run: z.number().min(0),
  split: z.strictObject({
    judged_on: z.enum(['dev', 'train']),
    train: z.number().min(0),
    dev: z.number().min(0),
    /** The dev split learning made because the dataset had none; null when it had one. */
    created: z.strictObject({ dev: z.number(), seed: z.number(), splits: z.record(Split, z.number()) }).nullable(),
    /** Why dev was too few to judge the offline inducer's changes (no prune, no rounds unless asked): cross-validation chose. */
    too_few: z.string().optional(),
  }),
  stages: z.array(LearnStage),
  decisions: z.array(LearnDecision),
  rules: z.strictObject({
    active: z.number().min(0),
    added: z.array(z.string()),
    changed: z.array(z.string()),
    disabled: z.array(z.string()),
    proposed: z.array(z.string()),
    rejected: z.array(RejectedRule),
  }),
  feedback_applied: z.array(z.string()),
  feedback_open: z.array(Reasoned),
  corrections: z.strictObject({ total: z.number().min(0), holding: z.number().min(0), open: z.array(Reasoned) }),
  /** Rules made so corrections hold, with the other-label train texts they catch (runs recorded before they were reported have none). */
  correction_rules: z.array(CorrectionRuleOutcome).default([]),
  llm: LlmTotals,
  notes: z.array(z.string()),
});

/** A learn run's result: what it did, or why it failed (a failed run is recorded with its LLM calls). */
export const LearnRunResult = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('ok'), proposer: z.enum(['llm', 'offline']), model: z.string().nullable(), ...LearnOutcome.shape }),
  z.strictObject({ status: z.literal('failed'), error: z.string(), llm: LlmTotals, notes: z.array(z.string()) }),
]);
export type LearnRunResult = z.infer<typeof LearnRunResult>;
