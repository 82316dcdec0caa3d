import { z } from 'zod';
import { EvalReport } from './eval-report.js';
import { Split } from './example.js';
import { LearnRunConfig, LearnRunResult } from './learn-run.js';
import { MatchersModuleInfo } from './matchers-module.js';
import { RuleStatus } from './rule.js';
import { MatchingConfig, MatchMode } from './task.js';

export const RunKind = z.enum(['eval', 'metrics', 'rank', 'prune', 'learn', 'undo']);
export type RunKind = z.infer<typeof RunKind>;

/** The split a run measured: one split, or every example. */
const RunSplit = z.union([Split, z.literal('all')]);

/** A rule that ran out of time or failed on a document, or did not compile, as a run keeps it. */
export const RecordedExecutionIssue = z.strictObject({
  kind: z.enum(['timeout', 'error', 'invalid']),
  rule_id: z.string(),
  doc_id: z.string().nullable(),
  doc_index: z.number().int().nullable(),
  elapsed_ms: z.number().nullable(),
  message: z.string(),
});
export type RecordedExecutionIssue = z.infer<typeof RecordedExecutionIssue>;

/** A pair of one example a matcher could not judge, as a run keeps it. */
const RecordedMatcherIssue = z.strictObject({
  kind: z.enum(['matcher_timeout', 'matcher_refused', 'matcher_invalid']),
  doc_id: z.string(),
  doc_index: z.number().int(),
  field: z.string(),
  matcher: z.string(),
  reason: z.string(),
  message: z.string(),
});

/** An execution or matcher issue as runs and JSON output show it. */
export const RecordedIssue = z.union([RecordedExecutionIssue, RecordedMatcherIssue]);
export type RecordedIssue = z.infer<typeof RecordedIssue>;

/**
 * One example's outcome as a recorded run keeps it: `[id, tp, fp, fn, exact (1|0), digest]`.
 * The digest (12 hex digits) stands for the example's outcome items (which gold items matched,
 * which predictions were spurious, with their offsets and labels), so two runs can tell "same
 * counts, different items" apart without storing the items: ~40 bytes an example.
 */
export const CompactOutcome = z.tuple([z.string(), z.number(), z.number(), z.number(), z.union([z.literal(0), z.literal(1)]), z.string()]);
export type CompactOutcome = [id: string, tp: number, fp: number, fn: number, exact: 0 | 1, digest: string];

/**
 * One matcher verdict as a recorded eval run keeps it: why a matcher (other than plain equality)
 * passed or failed a pair of one example, and whether it was a lexical stand-in or could not judge.
 */
export const RecordedVerdict = z.strictObject({
  example_id: z.string(),
  /** Field path (transformation) or span label. */
  field: z.string(),
  /** The outcome kind (match, wrong_value, …). */
  outcome: z.string(),
  passed: z.boolean(),
  gold: z.unknown(),
  predicted: z.unknown(),
  reason: z.string(),
  lexical_fallback: z.literal(true).optional(),
  matcher_issue: z.string().optional(),
});
export type RecordedVerdict = z.infer<typeof RecordedVerdict>;

const Counts = z.strictObject({ tp: z.number(), fp: z.number(), fn: z.number() });
const Ratio = z.number().nullable();

/** What metrics, rank and prune runs record they measured with. */
const measureConfig = {
  split: RunSplit,
  mode: MatchMode,
  matching: MatchingConfig,
  matchers_module: MatchersModuleInfo.nullable(),
};
export const MeasureRunConfig = z.strictObject(measureConfig);
export type MeasureRunConfig = z.infer<typeof MeasureRunConfig>;

/** An eval run's config; its scoring part is compared to tell "the config changed". */
export const EvalRunConfig = z.strictObject({
  split: RunSplit,
  mode: z.string(),
  matching: MatchingConfig.extend({ mode: z.string() }),
  matchers_module: MatchersModuleInfo.nullable(),
  rules: z.literal('active'),
});
export type EvalRunConfig = z.infer<typeof EvalRunConfig>;

/** The result part of a recorded eval run (runs recorded before verdicts were kept have none). */
export const EvalRunResult = z.strictObject({
  report: EvalReport,
  outcomes: z.array(CompactOutcome),
  verdicts: z.array(RecordedVerdict).optional(),
  verdict_count: z.number().optional(),
  issues: z.array(RecordedIssue),
  issue_count: z.number(),
});
export type EvalRunResult = z.infer<typeof EvalRunResult>;

const MetricsRunResult = z.strictObject({
  n: z.number(),
  f1: Ratio,
  counts: Counts,
  /** Rules whose validated precision and support this run stamped. */
  stamped: z.number(),
  notes: z.array(z.string()),
  rules: z.array(
    z.strictObject({
      id: z.string(),
      tp: z.number(),
      fp: z.number(),
      fn: z.number(),
      fired: z.number(),
      wilson_lower: z.number(),
      dead: z.boolean(),
      harmful: z.boolean(),
      marginal_f1: Ratio,
    }),
  ),
  /** Timeouts and failures, so the TUI can badge the rules that ran out of time. */
  issues: z.array(RecordedExecutionIssue),
  issue_count: z.number(),
});

const RankRunResult = z.strictObject({
  n: z.number(),
  f1: Ratio,
  counts: Counts,
  notes: z.array(z.string()),
  rules: z.array(z.strictObject({ rank: z.number().int(), id: z.string(), solo_f1: Ratio, marginal_f1: Ratio })),
});

const PruneRunConfig = z.strictObject({
  ...measureConfig,
  tolerance: z.number(),
  dead: z.boolean(),
  /** Dead rules were pruned even when they fire right on train (runs recorded before the option have none). */
  dead_on_dev: z.boolean().optional(),
  duplicates: z.boolean(),
  apply: z.boolean(),
});

const PruneRunResult = z.strictObject({
  n: z.number(),
  f1_before: Ratio,
  f1_after: Ratio,
  removed: z.array(z.string()),
  steps: z.array(
    z.strictObject({
      step: z.number().int(),
      rule_id: z.string(),
      name: z.string(),
      label: z.string(),
      reason: z.enum(['duplicate', 'dead', 'harmful']),
      duplicate_of: z.string().optional(),
      f1_before: Ratio,
      f1_after: Ratio,
      gain: Ratio,
      counts_after: Counts,
      decided_by: z.number().int().min(0).optional(),
    }),
  ),
  /** Examples whose counts the plan changes (runs recorded before it was reported have none). */
  decided_by: z.number().int().min(0).optional(),
  /** Rules dead on the split that fire right on train, so `--dead` kept them. */
  kept_dead: z.array(z.strictObject({ rule_id: z.string(), name: z.string(), train_tp: z.number(), train_fp: z.number() })).optional(),
  /** True when the plan was applied (rules were disabled). */
  applied: z.boolean(),
  notes: z.array(z.string()),
});

const StatusChange = z.strictObject({ rule_id: z.string(), from: RuleStatus, to: RuleStatus });

const UndoRunResult = z.strictObject({
  op_id: z.number().int(),
  restored: z.array(StatusChange),
  skipped: z.array(z.strictObject({ rule_id: z.string(), reason: z.string() })),
});

/** What every run has besides its kind's config and result. */
const head = {
  id: z.number().int(),
  dataset: z.string(),
  created_at: z.string(),
  dataset_hash: z.string(),
  ruleset_hash: z.string(),
  elapsed_ms: z.number().min(0),
};

const runOf = <K extends RunKind, C extends z.ZodType, R extends z.ZodType>(kind: K, config: C, result: R) => {
  const { id, dataset, created_at, dataset_hash, ruleset_hash, elapsed_ms } = head;
  // Keys in the order runs are shown (`runs show --json`).
  return z.strictObject({ id, dataset, kind: z.literal(kind), created_at, dataset_hash, ruleset_hash, config, result, elapsed_ms });
};

/**
 * A recorded measurement, by kind: its config and result are typed, written and read through this
 * one schema. The dataset and ruleset hashes let a later run tell "the rules moved" from "the data
 * moved".
 */
export const Run = z.discriminatedUnion('kind', [
  runOf('eval', EvalRunConfig, EvalRunResult),
  runOf('metrics', MeasureRunConfig, MetricsRunResult),
  runOf('rank', MeasureRunConfig, RankRunResult),
  runOf('prune', PruneRunConfig, PruneRunResult),
  runOf('learn', LearnRunConfig, LearnRunResult),
  runOf('undo', z.strictObject({ op_id: z.number().int() }), UndoRunResult),
]);
export type Run = z.infer<typeof Run>;

/** The run of one kind. */
export type RunOf<K extends RunKind> = Extract<Run, { kind: K }>;

/** A run to record: everything but what the store assigns (the id; the timestamp defaults to now). */
export type NewRun = Run extends infer R ? (R extends Run ? Omit<R, 'id' | 'dataset' | 'created_at'> & { created_at?: string } : never) : never;

/**
 * A stored run that does not parse as any kind: recorded by another version (or changed outside
 * rulewright). It is listed as such, with why, instead of failing the whole list.
 */
export const UnreadableRun = z.strictObject({
  id: z.number().int(),
  dataset: z.string(),
  /** The kind the row says it is (it may be one this version does not know). */
  kind: z.string(),
  created_at: z.string(),
  dataset_hash: z.string(),
  ruleset_hash: z.string(),
  elapsed_ms: z.number(),
  /** Why it could not be read. */
  unreadable: z.string(),
});
export type UnreadableRun = z.infer<typeof UnreadableRun>;

/** What the store reads back: a typed run, or one it could not read. */
export type StoredRun = Run | UnreadableRun;

export const isReadable = (r: StoredRun): r is Run => !('unreadable' in r);

/** How an unreadable run is named wherever runs are listed. */
export const unreadableLabel = (r: Pick<UnreadableRun, 'kind' | 'id'>): string => `unreadable run (${r.kind}, ${r.id})`;

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
