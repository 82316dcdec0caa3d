export { Workspace } from './workspace.js';
export type { DatasetHandle } from './dataset-handle.js';
export { DATASET_API } from './dataset-api.js';
export { resolveDbPath } from './paths.js';
export type { ImportFileOptions } from './import-file.js';
export { EXPORT_FORMATS, formatFromPath, type ExportFormat } from './export-file.js';
export { DEFAULT_SEED } from './split.js';
export type * from './types.js';
export { DEFAULT_ROUNDS, MAX_ROUNDS, type LearnRequest, type LearnResult } from './learn-request.js';
export type { CorrectionList, CorrectionResult, CorrectionStatus } from './corrections.js';
export type { FeedbackList } from './feedback.js';
export type { SuggestRequest, SuggestResult, Suggestion } from './suggest.js';
export type { NextExample, NextResult } from './next.js';
export type { SplitChoice } from './pipeline-setup.js';
export type { EvalComparison, EvalRequest, EvalResult } from './evaluate.js';
export type { RuleDetail, RuleHistory, RuleList, RuleResult } from './rules.js';
export { RULESET_FORMATS, type ImportRulesResult, type RulesetFormat } from './rules-io.js';
export type { FieldChange, RuleSpec } from './rule-spec.js';
export type { CompactOutcome, RecordedVerdict, RunSummary } from './runs.js';
export { screenTaskChange, type TaskResult } from './task.js';
export type { MetricsResult } from './metrics.js';
export type { MeasureRequest } from './measuring.js';
export { METRIC_DROP_ORDER } from './views/metric-columns.js';
export type { RankResultView } from './rank.js';
export type { PruneRequest, PruneResultView } from './prune.js';
export type { UndoResult } from './undo.js';
export { gatherReportData, type ReportRequest, type ReportResult } from './report.js';

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
