import { parseChoice } from '../core/errors.js';
import { compareReports, type ReportComparison } from '../core/eval/compare.js';
import type { ScoreContext } from '../core/eval/types.js';
import type { EvalReport } from '../core/schemas/eval-report.js';
import { type EvalRunConfig, isReadable, type RecordedIssue, type RunOf } from '../core/schemas/run.js';
import { canonicalJson } from '../core/hash.js';
import { MatchMode } from '../core/schemas/task.js';
import type { DatasetContext } from './dataset-context.js';
import { environmentJudge } from './llm-judge.js';
import { runPipeline } from './pipeline.js';
import type { SplitChoice } from './pipeline-setup.js';
import type { Progress } from './types.js';
import {
  compactScores,
  type CompactOutcome,
  expandOutcomes,
  getRun,
  issueView,
  MAX_RECORDED_ISSUES,
  MAX_RECORDED_VERDICTS,
  readEvalRun,
  verdictRows,
} from './runs.js';

export interface EvalRequest {
  split?: SplitChoice;
  /** Overrides the task's matching mode for this run. */
  mode?: string;
  /** A recorded eval run (id, or `last`) to compare this one with. */
  compare?: string | number;
  /** Judge and embedder for `llm_rubric` / `semantic_similarity`. */
  context?: Omit<ScoreContext, 'registry'>;
  /** Told how far the rules have run, for a progress bar. */
  onProgress?: (p: Progress) => void;
  /**
   * Return a recorded run with the same data, rules and config instead of recording another
   * (the terminal UI, whose split and compare keys would otherwise record a run per key press).
   */
  reuse?: boolean;
}

/** An example whose outcome moved between two runs. */
export interface ExampleChange {
  id: string;
  change: 'improved' | 'regressed' | 'changed' | 'only_before' | 'only_now';
  before: { tp: number; fp: number; fn: number; exact: boolean } | null;
  now: { tp: number; fp: number; fn: number; exact: boolean } | null;
}

export interface EvalComparison extends ReportComparison {
  /** The run compared against. */
  run_id: number;
  /** Every example whose outcome changed, with its counts before and now. */
  example_changes: ExampleChange[];
}

/** `eval --json`: the report keys that scripts read, plus timing, the recorded run, issues and a comparison. */
export type EvalResult = EvalReport & {
  dataset: string;
  elapsed_ms: number;
  /** 0 when the workspace is read-only: the run was scored but not recorded (a note says so). */
  run_id: number;
  /**
   * Rules that did not compile, timeouts and failures, each with its document; and pairs a matcher
   * could not judge (`matcher_timeout`, `matcher_refused`, `matcher_invalid`) with example and field.
   */
  issues: RecordedIssue[];
  compare?: EvalComparison;
};

/** The part of a config that changes scores (not where the matcher module lives, only what it is). */
const scoringConfig = (c: EvalRunConfig) => {
  const m = c.matchers_module;
  return { matching: c.matching, matchers: m ? { sha256: m.sha256, names: m.names } : null };
};

/**
 * `eval`: runs the shared pipeline (default split: test, else dev, else all), records the run
 * (hashes, mode, matcher config, metrics, compact per-example outcomes) and, with `compare`,
 * says what moved since an earlier eval run and whether the data, the rules or the config changed.
 */
export async function evaluate(ctx: DatasetContext, req: EvalRequest = {}): Promise<EvalResult> {
  const { store, dataset: d, matchers: loaded } = ctx;
  const mode = req.mode !== undefined ? parseChoice(MatchMode, req.mode, 'matching mode') : undefined;
  // Resolve the baseline first, so a bad --compare fails before any work.
  const base = req.compare !== undefined ? readEvalRun(getRun(ctx, req.compare, 'eval')) : undefined;
  // Without a judge in the request's context, an LLM configured in the environment (OPENAI_*) judges `llm_rubric` fields.
  const llm = req.context?.judge ? undefined : environmentJudge(store, d.id, ctx.env);
  const context = { ...(req.context ?? {}), ...(llm ? { judge: llm.judge } : {}) };

  const run = await runPipeline(ctx, { split: req.split, mode, onProgress: req.onProgress, context });
  const report = run.report;
  const outcomes = compactScores(run.scores);
  const verdicts = verdictRows(run.scores);
  const issues = [...run.issues.map(issueView), ...run.matcher_issues.map((i) => ({ ...i }))];
  const config: EvalRunConfig = {
    split: run.split.label,
    mode: report.mode,
    matching: { ...run.task.matching, mode: report.mode },
    matchers_module: loaded?.module ?? null,
    rules: 'active',
  };
  const same = req.reuse ? sameEvalRun(ctx, report, config) : undefined;
  // A read-only workspace is still evaluated: the figures are printed, only the record is skipped.
  const unwritable = same ? null : store.readOnly;
  const recorded = same ?? (unwritable ? null : store.transaction(() =>
    store.runs.insert(d.id, {
      kind: 'eval',
      dataset_hash: report.dataset_hash,
      ruleset_hash: report.ruleset_hash,
      config,
      result: {
        report,
        outcomes,
        verdicts: verdicts.slice(0, MAX_RECORDED_VERDICTS),
        verdict_count: verdicts.length,
        issues: issues.slice(0, MAX_RECORDED_ISSUES),
        issue_count: issues.length,
      },
      elapsed_ms: run.elapsed_ms,
    }),
  ));
  if (recorded && llm?.recorder.ids.length) store.llmCalls.assignRun(llm.recorder.ids, recorded.id);
  const notes = unwritable ? [...report.notes, `this run was not recorded: ${unwritable}`] : report.notes;
  const result: EvalResult = { ...report, dataset: d.name, elapsed_ms: run.elapsed_ms, run_id: recorded?.id ?? 0, issues, notes };
  if (base) result.compare = compareRuns(base, base.result, report, outcomes, config);
  return result;
}

/** Recent eval runs looked through for one to reuse. */
const REUSE_WINDOW = 50;

/** A recent recorded eval run of the same data, rules and scoring config, if any. */
function sameEvalRun(ctx: DatasetContext, report: EvalReport, config: EvalRunConfig): RunOf<'eval'> | undefined {
  const key = canonicalJson(config);
  return ctx.store.runs
    .list(ctx.dataset.id, { kind: 'eval', limit: REUSE_WINDOW })
    .find((r): r is RunOf<'eval'> => isReadable(r) && r.kind === 'eval' && r.dataset_hash === report.dataset_hash && r.ruleset_hash === report.ruleset_hash && canonicalJson(r.config) === key);
}

/** What moved from a recorded eval run to the current one. */
function compareRuns(
  base: RunOf<'eval'>,
  before: { report: EvalReport; outcomes: CompactOutcome[] },
  now: EvalReport,
  nowOutcomes: CompactOutcome[],
  nowConfig: EvalRunConfig,
): EvalComparison {
  const c = compareReports(before.report, now, expandOutcomes(before.outcomes), expandOutcomes(nowOutcomes), {
    a: scoringConfig(base.config),
    b: scoringConfig(nowConfig),
  });
  const a = new Map(before.outcomes.map((o) => [o[0], o]));
  const b = new Map(nowOutcomes.map((o) => [o[0], o]));
  const view = (o: CompactOutcome | undefined) => (o ? { tp: o[1], fp: o[2], fn: o[3], exact: o[4] === 1 } : null);
  const example_changes: ExampleChange[] = [];
  if (c.examples) {
    const kinds = [
      ['improved', c.examples.improved],
      ['regressed', c.examples.regressed],
      ['changed', c.examples.changed],
      ['only_before', c.examples.only_a],
      ['only_now', c.examples.only_b],
    ] as const;
    for (const [change, ids] of kinds) for (const id of ids) example_changes.push({ id, change, before: view(a.get(id)), now: view(b.get(id)) });
  }
  return { ...c, run_id: base.id, example_changes };
}
