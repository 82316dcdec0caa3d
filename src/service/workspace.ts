import type { Example, Rule } from '../core/schemas/index.js';
import { type DatasetRecord, rulesetHash, Store } from '../store/index.js';
import { buildTask, listDatasets, type NewDataset, resolveDataset, summarize } from './datasets.js';
import { listExamples, type ListExamplesRequest, getExample } from './examples.js';
import { exportFile, type ExportOptions, exportText, type ExportFormat } from './export-file.js';
import { importFile, type ImportFileOptions } from './import-file.js';
import { resolveDbPath } from './paths.js';
import { splitDataset, type SplitRequest } from './split.js';
import { datasetStats } from './stats.js';
import {
  addCorrection,
  type CorrectionList,
  type CorrectionRequest,
  type CorrectionResult,
  type CorrectionStatus,
  deleteCorrection,
  type DeletedCorrection,
  listCorrections,
  showCorrection,
} from './corrections.js';
import { addFeedback, dismissFeedback, listFeedback, reopenFeedback, type AddFeedbackRequest, type FeedbackList, type FeedbackResult } from './feedback.js';
import { learn, type LearnRequest, type LearnResult } from './learn.js';
import { observeTraffic, type ObserveRequest, type ObserveResult } from './observe.js';
import { evaluate, type EvalRequest, type EvalResult } from './evaluate.js';
import { type ExtractRuleset, rulesetFromWorkspace } from './extract.js';
import { runPipeline, type PipelineRequest, type PipelineResult } from './pipeline.js';
import { addRule, deleteRules, editRule, listRules, restoreRule, ruleHistory, setRuleStatus, showRule, type RuleDetail, type RuleHistory, type RuleList, type RuleResult } from './rules.js';
import { exportRules, exportRulesText, importRules, type ExportRulesOptions, type ExportRulesResult, type ImportRulesOptions, type ImportRulesResult } from './rules-io.js';
import type { RuleSpec } from './rule-spec.js';
import { listRuns, showRun, type RunList } from './runs.js';
import { showTask, updateTask, type TaskChange, type TaskResult } from './task.js';
import type { CreateDatasetResult, DatasetStats, DatasetSummary, ExampleList, ExportResult, ImportResult, SplitResult } from './types.js';
import { exampleOutcomes, type ExampleOutcomes, type ExampleOutcomesRequest } from './tui-examples.js';
import { rulesOverview, type RulesOverview } from './tui-rules.js';
import { previewRuleEdit, type RuleEditPreview, type RuleEditPreviewRequest } from './tui-preview.js';
import { predictExample, type ExamplePrediction } from './tui-predict.js';
import { storedRuleMetrics, type StoredRuleMetrics } from './tui-rule-metrics.js';
import { llmActivity, type LlmActivity } from './tui-llm-activity.js';
import { computeMetrics, getStoredMetrics, type MeasureRequest, type MetricsResult, type StoredMetrics } from './metrics.js';
import { prune, type PruneRequest, type PruneResultView } from './prune.js';
import { rank, type RankResultView } from './rank.js';
import { undo, type UndoResult } from './undo.js';
import { writeReport, type ReportRequest, type ReportResult } from './report.js';
import type { SplitChoice } from './pipeline.js';

export interface OpenOptions {
  /** `--db` as given; falls back to `$RULEWRIGHT_DB`, then `./rulewright.db`. */
  db?: string;
  /** Create the workspace file when it does not exist (init, import with --name). */
  create?: boolean;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * The one API over a workspace: the CLI and the TUI call only this. Methods return plain
 * JSON-serializable objects with snake_case keys. Each area lives in its own module
 * (datasets.ts, import-file.ts, …) as functions of the Store; this facade only routes.
 * To add an area: write `src/service/<area>.ts` with functions taking `(store, …)`, then add
 * thin methods here.
 */
export class Workspace {
  private constructor(
    /** For service modules only; the CLI and the TUI do not touch the store directly. */
    readonly store: Store,
  ) {}

  static open(opts: OpenOptions = {}): Workspace {
    const path = resolveDbPath(opts.db, opts.env, opts.cwd);
    return new Workspace(Store.open(path, { create: !!opts.create }));
  }

  /** The workspace file's absolute path. */
  get path(): string {
    return this.store.path;
  }

  close(): void {
    this.store.close();
  }

  /** The stored dataset record (with its numeric id), for service modules. */
  dataset(name?: string): DatasetRecord {
    return resolveDataset(this.store, name);
  }

  createDataset(d: NewDataset): CreateDatasetResult {
    const task = buildTask(d);
    const rec = this.store.transaction(() => this.store.datasets.insert(task));
    return { ...summarize(rec, 0), workspace: this.path };
  }

  listDatasets(): DatasetSummary[] {
    return listDatasets(this.store);
  }

  /** The dataset named, or the only one; a clear error listing the names otherwise. */
  resolveDataset(name?: string): DatasetSummary {
    const d = resolveDataset(this.store, name);
    return summarize(d, this.store.examples.count(d.id));
  }

  importFile(path: string, opts: ImportFileOptions = {}): ImportResult {
    return importFile(this.store, path, opts);
  }

  exportFile(path: string, opts: ExportOptions = {}): ExportResult {
    return exportFile(this.store, path, opts);
  }

  exportText(opts: ExportOptions & { format: ExportFormat }): { text: string; result: Omit<ExportResult, 'file'> } {
    return exportText(this.store, opts);
  }

  split(req: SplitRequest): SplitResult {
    return splitDataset(this.store, req);
  }

  stats(dataset?: string): DatasetStats {
    return datasetStats(this.store, dataset);
  }

  listExamples(req: ListExamplesRequest = {}): ExampleList {
    return listExamples(this.store, req);
  }

  getExample(id: string, dataset?: string): Example {
    return getExample(this.store, id, dataset);
  }

  /** Synthesizes and refines rules (LLM when configured, else the offline inducer); see learn.ts. */
  learn(req: LearnRequest = {}): Promise<LearnResult> {
    return learn(this.store, req);
  }

  /** Records a correction (by example id or by text); it becomes a training example. */
  correct(req: CorrectionRequest): CorrectionResult {
    return addCorrection(this.store, req);
  }

  /** Corrections, each with whether it holds under the current active rules. */
  listCorrections(dataset?: string): CorrectionList {
    return listCorrections(this.store, dataset);
  }

  showCorrection(id: string, dataset?: string): { dataset: string; correction: CorrectionStatus; notes: string[] } {
    return showCorrection(this.store, id, dataset);
  }

  /** Deletes a correction and the training example it became. */
  deleteCorrection(id: string, dataset?: string): DeletedCorrection {
    return deleteCorrection(this.store, id, dataset);
  }

  /** Adds plain-English feedback on the task, a rule or an example. */
  addFeedback(req: AddFeedbackRequest): FeedbackResult {
    return addFeedback(this.store, req);
  }

  listFeedback(req: { dataset?: string; status?: string } = {}): FeedbackList {
    return listFeedback(this.store, req);
  }

  dismissFeedback(id: string, dataset?: string): FeedbackResult {
    return dismissFeedback(this.store, id, dataset);
  }

  /** Opens dismissed or applied feedback again, for the next learning run. */
  reopenFeedback(id: string, dataset?: string): FeedbackResult {
    return reopenFeedback(this.store, id, dataset);
  }

  /** Coverage and agreement of the rules on observed traffic, and accuracy against its gold. */
  observe(req: ObserveRequest = {}): Promise<ObserveResult> {
    return observeTraffic(this.store, req);
  }

  /** The dataset's task and matching config. */
  showTask(dataset?: string): TaskResult {
    return showTask(this.store, dataset);
  }

  /** Changes the task's matching config (mode, matchers per label or field, …) and description. */
  updateTask(change: TaskChange, dataset?: string): TaskResult {
    return updateTask(this.store, change, dataset);
  }

  listRules(req: { dataset?: string; status?: Rule['status'][]; deleted?: boolean } = {}): RuleList {
    return listRules(this.store, req);
  }

  showRule(id: string, dataset?: string): RuleDetail {
    return showRule(this.store, id, dataset);
  }

  /** Adds a rule after the safety checks (INVALID_RULE with the reason when it fails one). */
  addRule(spec: RuleSpec, dataset?: string): Promise<RuleResult> {
    return addRule(this.store, spec, dataset);
  }

  /** Edits a rule as a new version, re-checked. */
  editRule(id: string, spec: RuleSpec & { note?: string }, dataset?: string): Promise<RuleResult> {
    return editRule(this.store, id, spec, dataset);
  }

  setRuleStatus(id: string, status: 'active' | 'disabled', dataset?: string): Promise<RuleResult> {
    return setRuleStatus(this.store, id, status, dataset);
  }

  /** Takes rules out of the ruleset, keeping them and their history (see rules.ts); all or none. */
  deleteRules(ids: readonly string[], dataset?: string): RuleResult[] {
    return deleteRules(this.store, ids, dataset);
  }

  restoreRule(id: string, dataset?: string): RuleResult {
    return restoreRule(this.store, id, dataset);
  }

  ruleHistory(id: string, dataset?: string): RuleHistory {
    return ruleHistory(this.store, id, dataset);
  }

  /** Imports a ruleset file (rulewright or RuleChef), all or nothing, every rule checked. */
  importRules(file: string, opts: ImportRulesOptions = {}): Promise<ImportRulesResult> {
    return importRules(this.store, file, opts);
  }

  exportRules(file: string, opts: ExportRulesOptions = {}): ExportRulesResult {
    return exportRules(this.store, file, opts);
  }

  exportRulesText(opts: ExportRulesOptions = {}): ReturnType<typeof exportRulesText> {
    return exportRulesText(this.store, opts);
  }

  /** The shared evaluation pipeline (see pipeline.ts): what eval, metrics, rank and prune run. */
  pipeline(req: PipelineRequest = {}): Promise<PipelineResult> {
    return runPipeline(this.store, req);
  }

  /** `eval`: evaluates the active rules, records the run, optionally compares with an earlier run. */
  evaluate(req: EvalRequest = {}): Promise<EvalResult> {
    return evaluate(this.store, req);
  }

  listRuns(req: { dataset?: string; kind?: string; limit?: number } = {}): RunList {
    return listRuns(this.store, req);
  }

  showRun(ref: string | number, opts: { dataset?: string; outcomes?: boolean } = {}): ReturnType<typeof showRun> {
    return showRun(this.store, ref, opts);
  }

  /** The dataset's active rules, compiled for `extract`. */
  extractRuleset(dataset?: string): ExtractRuleset {
    return rulesetFromWorkspace(this.store, dataset);
  }

  /** The hash of a dataset's active rules (order-independent, volatile fields left out). */
  rulesetHash(dataset?: string): string {
    const d = resolveDataset(this.store, dataset);
    return rulesetHash(this.store.rules.list(d.id, { status: 'active' }));
  }

  /** The gold hash of a dataset (or one split): stable and order-independent. */
  datasetHash(dataset?: string, split?: Example['split']): string {
    const d = resolveDataset(this.store, dataset);
    return this.store.examples.hash(d.id, split);
  }

  /** `metrics`: per-rule metrics (stamps validated precision from dev, caches the metrics, records the run). */
  metrics(req: MeasureRequest = {}): Promise<MetricsResult> {
    return computeMetrics(this.store, req);
  }

  /** The cached per-rule metrics of the last `metrics` run, with a `stale` flag; runs nothing. */
  storedMetrics(req: { dataset?: string; split?: SplitChoice } = {}): StoredMetrics {
    return getStoredMetrics(this.store, req);
  }

  /** `rank`: solo and exact leave-one-out marginal F1 of every active rule. */
  rank(req: MeasureRequest = {}): Promise<RankResultView> {
    return rank(this.store, req);
  }

  /** `prune`: the greedy pruning plan (dry run), or applied with `apply`. */
  prune(req: PruneRequest = {}): Promise<PruneResultView> {
    return prune(this.store, req);
  }

  /** `report`: writes the self-contained HTML report (metrics, rule cards, plots) to `req.out`; changes nothing. */
  report(req: ReportRequest & { out: string }): Promise<ReportResult> {
    return writeReport(this.store, req);
  }

  /** `undo`: reverses the last applied prune (or the op given). */
  undo(req: { dataset?: string; op?: number } = {}): UndoResult {
    return undo(this.store, req);
  }

  /** Every example with gold, prediction and error kinds, for the terminal UI's Examples screen (tui-examples.ts). */
  exampleOutcomes(req: ExampleOutcomesRequest = {}): Promise<ExampleOutcomes> {
    return exampleOutcomes(this.store, req);
  }

  /** Every rule with its stored metrics, stale flags and the ensemble figures, for the terminal UI's rules table (tui-rules.ts). */
  rulesOverview(req: { dataset?: string; split?: SplitChoice } = {}): RulesOverview {
    return rulesOverview(this.store, req);
  }

  /** What a pattern edit would do to a rule and to the ruleset, before saving (tui-preview.ts). */
  previewRuleEdit(req: RuleEditPreviewRequest): Promise<RuleEditPreview> {
    return previewRuleEdit(this.store, req);
  }

  /** What the active rules produce for one example, for the terminal UI's correction screen (tui-predict.ts). */
  predictExample(req: { dataset?: string; exampleId: string }): ExamplePrediction {
    return predictExample(this.store, req);
  }

  /** One rule's stored metrics with samples and a stale flag, for the terminal UI's rule screen (tui-rule-metrics.ts). */
  storedRuleMetrics(req: { dataset?: string; ruleId: string; split?: SplitChoice }): StoredRuleMetrics {
    return storedRuleMetrics(this.store, req);
  }

  /** LLM calls recorded since a given call, counted without reading them (tui-llm-activity.ts). */
  llmActivity(req: { dataset?: string; afterId?: number } = {}): LlmActivity {
    return llmActivity(this.store, req);
  }
}
