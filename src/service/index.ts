export { Workspace, type OpenOptions, type Scoped } from './workspace.js';
export { DatasetHandle, type DatasetOptions } from './dataset-handle.js';
export { datasetContext, type DatasetContext } from './dataset-context.js';
export { DEFAULT_DB, resolveDbPath } from './paths.js';
export { buildTask, type NewDataset } from './datasets.js';
export type { ImportFileOptions } from './import-file.js';
export { EXPORT_FORMATS, formatFromPath, type ExportFormat, type ExportOptions } from './export-file.js';
export { DEFAULT_SEED, type SplitRequest } from './split.js';
export type { ListExamplesRequest } from './examples.js';
export type * from './types.js';
export { DEFAULT_ROUNDS, LEARN_DEV_FRACTION, MAX_ROUNDS, type LearnRequest, type LearnResult } from './learn.js';
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
export { issueNotes, matcherIssueNotes, matcherIssues, loadInputs, executeInputs, resolveSplit, rulesHash, runPipeline } from './pipeline.js';
export type { Execution, MatcherIssueRecord, PipelineInputs, PipelineRequest, PipelineResult, SplitChoice, SplitPurpose, SplitResolution } from './pipeline.js';
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
export type { TaskChange, TaskResult } from './task.js';
export { computeMetrics, measure, type Measured, type MeasuredRunView, type MeasureRequest, type MetricsResult } from './metrics.js';
export { getStoredMetrics, type StoredMetrics } from './views/stored-metrics.js';
export { METRIC_DROP_ORDER } from './views/metric-columns.js';
export type { RankResultView, RankedRuleView } from './rank.js';
export type { PruneRequest, PruneResultView } from './prune.js';
export type { UndoResult } from './undo.js';
export { gatherReportData, REPORT_SAMPLES, type ReportRequest, type ReportResult } from './report.js';
