export { Workspace, type OpenOptions } from './workspace.js';
export type { DatasetHandle, DatasetOptions } from './dataset-handle.js';
export { DATASET_API, type DatasetMethods } from './dataset-api.js';
export { datasetContext, type DatasetContext } from './dataset-context.js';
export { DEFAULT_DB, resolveDbPath } from './paths.js';
export { buildTask, type NewDataset } from './datasets.js';
export type { ImportFileOptions } from './import-file.js';
export { EXPORT_FORMATS, formatFromPath, type ExportFormat, type ExportOptions } from './export-file.js';
export { DEFAULT_SEED, type SplitRequest } from './split.js';
export type { ListExamplesRequest } from './examples.js';
export type * from './types.js';
export { DEFAULT_ROUNDS, LEARN_DEV_FRACTION, MAX_ROUNDS, type LearnRequest, type LearnResult } from './learn-request.js';
export {
  CORRECTION_EXAMPLE_PREFIX,
  type CorrectionList,
  type CorrectionRequest,
  type CorrectionResult,
  type CorrectionStatus,
  type DeletedCorrection,
} from './corrections.js';
export type { AddFeedbackRequest, FeedbackList, FeedbackResult } from './feedback.js';
export type { ObserveRequest, ObserveResult } from './observe.js';
export type { SuggestRequest, SuggestResult, Suggestion } from './suggest.js';
export type { NextExample, NextResult } from './next.js';
export { runPipeline, type PipelineResult } from './pipeline.js';
export { PIPELINE_BATCH_SIZE, type BatchOptions, type BatchSink, type BatchSize, type BatchStart, type PipelineRequest } from './pipeline-request.js';
export type { BatchedPipelineResult } from './pipeline-batches.js';
export { loadInputs, resolveSplit, type PipelineInputs, type SplitChoice, type SplitPurpose, type SplitResolution } from './pipeline-setup.js';
export { executeInputs, type Execution } from './pipeline-stages.js';
export { issueNotes, matcherIssueNotes, matcherIssues, type MatcherIssueRecord } from './pipeline-issues.js';
export type { EvalComparison, EvalRequest, EvalResult, ExampleChange } from './evaluate.js';
export {
  extractStream,
  parseExtractLine,
  rulesetFromFile,
  screenFileRuleset,
  type ExtractOptions,
  type ExtractRuleset,
  type ExtractSummary,
  type SkippedRule,
} from './extract.js';
export { loadMatcherModule, type LoadedMatchers, type MatcherModuleInfo } from './matchers-module.js';
export type { RuleDetail, RuleHistory, RuleList, RuleResult, RuleRow } from './rules.js';
export { RULESET_FORMATS, type ExportRulesOptions, type ExportRulesResult, type ImportRulesOptions, type ImportRulesResult, type RulesetFormat } from './rules-io.js';
export type { FieldChange, RuleSpec } from './rule-spec.js';
export type { CompactOutcome, RecordedVerdict, RunList, RunSummary } from './runs.js';
export { screenTaskChange, type TaskChange, type TaskResult } from './task.js';
export { countRuleMetrics, recordRuleMetrics, type CountedRuleMetrics, type MetricsResult } from './metrics.js';
export { analysisRun, type AnalysisRun } from './analysis-run.js';
export type { MeasuredRunView, MeasureRequest } from './measuring.js';
export { getStoredMetrics, type StoredMetrics } from './views/stored-metrics.js';
export { METRIC_DROP_ORDER } from './views/metric-columns.js';
export type { RankResultView, RankedRuleView } from './rank.js';
export type { PruneRequest, PruneResultView } from './prune.js';
export type { UndoResult } from './undo.js';
export { gatherReportData, REPORT_SAMPLES, type ReportRequest, type ReportResult } from './report.js';

// What the CLI and the TUI show besides the operations' results: the shapes of the TUI's views,
// the learn loop's events, the input names and limits the CLI checks flags against, and core's
// pure renderers. They are re-exported here so that the two front ends import the service and
// nothing under it (eslint.config.js holds them to that).
export type { ExampleMatches } from './views/example-matches.js';
export type { ExampleErrorKind, ExampleOutcomeRow, ExampleOutcomes } from './views/examples.js';
export type { LlmActivity } from './views/llm-activity.js';
export type { RuleEditPreview } from './views/rule-edit-preview.js';
export type { RuleFigures, RuleOverviewRow, RulesOverview } from './views/rules-overview.js';
export type { LearnEvent } from '../learn/loop/types.js';
export type { ReviewFormat } from '../formats/review-export.js';
export { MAX_WHOLE_BYTES, STDIN } from '../formats/stream-input.js';
export { FORMAT_NAMES, type FormatName } from '../formats/types.js';
export { answerText } from '../core/answer-text.js';
export { describeWhen } from '../core/engine/when.js';
export { renderComparison } from '../core/eval/compare.js';
export { renderEvalTable } from '../core/eval/render-table.js';
