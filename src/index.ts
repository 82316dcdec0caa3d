/**
 * `rulewright`: the library API. The same operations as the command line, on a workspace file,
 * plus the pure parts (schemas, rule execution, scoring, the HTML report) for use on their own.
 *
 * ```ts
 * import { Workspace } from 'rulewright';
 * const ws = Workspace.open({ db: 'rulewright.db', create: true });
 * ws.importFile('intents.jsonl', { create: { name: 'intents', type: 'classification' } });
 * const intents = ws.dataset('intents', { matchers: './my-matchers.js' }); // resolved once
 * await intents.learn({ offline: true });                  // rules from the train split
 * const report = await intents.evaluate({ split: 'test' }); // the `eval --json` report
 * await intents.report({ out: 'report.html' });             // the HTML report
 * ws.close();
 * ```
 *
 * To run an exported ruleset inside another program with nothing else, import
 * `rulewright/runtime` (`loadRuleset`), which loads no workspace, store or LLM code.
 */

/** A workspace (one SQLite file): create, list and choose datasets, import into one, and open one with `ws.dataset(name)`. */
export { Workspace, type OpenOptions } from './service/workspace.js';
/** One dataset of a workspace, opened once (`ws.dataset(name, { matchers })`): every operation on it (split, learn, eval, metrics, rank, prune, report, rules, corrections, …), each method taking only what varies per call. */
export type { DatasetHandle, DatasetOptions } from './service/dataset-handle.js';

/** Result and request shapes of the workspace operations (snake_case, as `--json` prints them). */
export type {
  EvalResult,
  EvalRequest,
  LearnRequest,
  LearnResult,
  MetricsResult,
  MeasureRequest,
  RankResultView,
  PruneRequest,
  PruneResultView,
  ReportRequest,
  ReportResult,
  SplitChoice,
} from './service/index.js';

/** The workspace path a command uses: `--db`, else `$RULEWRIGHT_DB`, else `./rulewright.db`. */
export { DEFAULT_DB, resolveDbPath } from './service/paths.js';

/** Loads an exported ruleset (rulewright's or RuleChef's format) and runs it with no workspace: `extract`, `classify`, `run`. */
export { loadRuleset, type LoadOptions, type Ruleset, type RuntimeInput } from './runtime/index.js';

/*
 * The zod schemas of the domain (parse with `safeParse`); each is also the type of its values.
 */
/** A user's correction: the input, what the rules produced, what was expected. */
export { Correction } from './core/schemas/correction.js';
/** The `eval --json` report. */
export { EvalReport } from './core/schemas/eval-report.js';
/** A labelled example (text or input, gold output, split, source). */
export { Example } from './core/schemas/example.js';
/** Plain-English feedback on the task, a rule or an example. */
export { Feedback } from './core/schemas/feedback.js';
/** The task (type, labels, matching mode and matchers), its matching mode and its type. */
export { MatchMode, Task, TaskType } from './core/schemas/task.js';
/** A span of text with its label, as gold and as output. */
export { OutputSpan, Span } from './core/schemas/span.js';
/** What the rules produced for one example. */
export { Prediction } from './core/schemas/prediction.js';
/** A rule, and a ruleset file of them. */
export { Rule, RulesetFile } from './core/schemas/rule.js';
/** A recorded run (eval, metrics, rank, prune, learn). */
export { Run } from './core/schemas/run.js';

/** The error every deliberate failure throws: a `code`, a message that says how to fix it, and its CLI `exitCode`. */
export { RulewrightError, type ErrorCode } from './core/errors.js';

/** Runs rules over examples in execution order, under the task's conflict policy: one prediction per example, and every problem. */
export { predict, textOf, type PredictResult } from './core/engine/predict.js';

/** The execution order: priority, then Wilson lower bound of validated precision, confidence, name, id. */
export { orderRules } from './core/engine/order.js';

/** Scores predictions with the task's matching mode and matchers; `buildEvalReport` turns the scores into the `eval` report. */
export { compileScorer, scoreAll, type Scorer } from './core/eval/scorer.js';

/** The task-level report (micro/macro P/R/F1, per class, exact match, coverage, errors) from per-example scores. */
export { buildEvalReport } from './core/eval/report.js';

/** Ratios with an empty denominator are `null`, never 0; `prf` gives precision, recall and F1 from counts. */
export { prf, ratio, type Counts } from './core/ratio.js';

/** The Wilson score lower bound of a precision measured on `support` outputs. */
export { wilsonLower } from './core/metrics/wilson.js';

/** Per-rule metrics (each rule alone), on outputs computed once. */
export { computeRuleMetrics } from './core/metrics/rule-metrics.js';
/** Greedy, iterative pruning: removes the rule whose removal raises F1 most while F1 rises. */
export { pruneRules } from './core/metrics/prune.js';
/** Solo and exact leave-one-out marginal F1 of every rule. */
export { rankRules } from './core/metrics/rank.js';

/** The matcher registry: the built-in matchers, and `registerModule` for a user module of named matchers. */
export { createMatcherRegistry, MatcherRegistry, registerModule } from './core/matchers/registry.js';

/** Reads a dataset file in any supported format (detected), and writes examples as JSONL, CSV or CoNLL. */
export { readDataset, writeDataset } from './formats/index.js';
/** The dataset formats `readDataset` reads, and its options. */
export { FORMAT_NAMES, type FormatName, type ImportOptions } from './formats/types.js';

/** Builds the self-contained HTML report from its data (pure; `DatasetHandle.report` gathers the data and writes the file). */
export { buildReportHtml } from './report/build-report.js';
/** Escapes text for HTML, as the report does. */
export { escapeHtml } from './report/escape.js';
/** What the report is built from. */
export type { ReportData } from './report/types.js';
