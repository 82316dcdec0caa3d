import { RulewrightError } from '../core/errors.js';
import type { Example } from '../core/schemas/example.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';
import type { DatasetRecord } from '../store/datasets.js';
import { rulesetHash } from '../store/fingerprint.js';
import type { Store } from '../store/index.js';
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
import type { DatasetContext } from './dataset-context.js';
import { resolveDataset, summarize } from './datasets.js';
import { evaluate, type EvalRequest, type EvalResult } from './evaluate.js';
import { getExample, listExamples, type ListExamplesRequest } from './examples.js';
import { exportFile, type ExportFormat, type ExportOptions, exportText } from './export-file.js';
import { type ExtractRuleset, rulesetFromWorkspace } from './extract.js';
import { addFeedback, type AddFeedbackRequest, dismissFeedback, type FeedbackList, type FeedbackResult, listFeedback, reopenFeedback } from './feedback.js';
import { importFile, type ImportFileOptions } from './import-file.js';
import { learn, type LearnRequest, type LearnResult } from './learn.js';
import { type LoadedMatchers, loadMatcherModule, type MatcherModuleInfo } from './matchers-module.js';
import { computeMetrics, type MeasureRequest, type MetricsResult } from './metrics.js';
import { observeTraffic, type ObserveRequest, type ObserveResult } from './observe.js';
import { runPipeline, type PipelineRequest, type PipelineResult, type SplitChoice } from './pipeline.js';
import { resolveId, resolveIds } from './resolve-id.js';
import { prune, type PruneRequest, type PruneResultView } from './prune.js';
import { rank, type RankRequest, type RankResultView } from './rank.js';
import { writeReport, type ReportRequest, type ReportResult } from './report.js';
import { rulesTableCsvOf } from './report-csv.js';
import { exportPredictions, type PredictionExportRequest, type PredictionExportResult } from './export-predictions.js';
import type { RuleMetrics } from '../core/schemas/rule-metrics.js';
import { addRule, deleteRules, editRule, listRules, restoreRule, ruleHistory, setRuleStatus, showRule, type RuleDetail, type RuleHistory, type RuleList, type RuleResult } from './rules.js';
import { exportRules, exportRulesText, type ExportRulesOptions, type ExportRulesResult, importRules, type ImportRulesOptions, type ImportRulesResult } from './rules-io.js';
import type { RuleSpec } from './rule-spec.js';
import { listRuns, type RunList, showRun } from './runs.js';
import { splitDataset, type SplitRequest } from './split.js';
import { nextExamples, type NextResult } from './next.js';
import { acceptSuggestion, type SuggestRequest, type SuggestResult, suggestRules, type Suggestion } from './suggest.js';
import { datasetStats } from './stats.js';
import { showTask, type TaskChange, type TaskResult, updateTask } from './task.js';
import type { DatasetStats, DatasetSummary, ExampleList, ExportResult, ImportResult, SplitResult } from './types.js';
import { undo, type UndoResult } from './undo.js';
import { predictExample, type ExamplePrediction } from './views/example-prediction.js';
import { exampleMatches, type ExampleMatches, type ExampleMatchesRequest } from './views/example-matches.js';
import { learningMode, type LearningMode } from './views/learning-mode.js';
import { exampleOutcomes, type ExampleOutcomes, type ExampleOutcomesRequest } from './views/examples.js';
import { llmActivity, type LlmActivity } from './views/llm-activity.js';
import { storedRuleMetrics, type StoredRuleMetrics } from './views/rule-detail.js';
import { previewRuleEdit, type RuleEditPreview, type RuleEditPreviewRequest } from './views/rule-edit-preview.js';
import { rulesOverview, type RulesOverview } from './views/rules-overview.js';
import { measureNeed, type MeasureNeed } from './views/measure-need.js';
import { getStoredMetrics, type StoredMetrics } from './views/stored-metrics.js';

/** What a dataset handle is opened with, read once (see `Workspace.dataset`). */
export interface DatasetOptions {
  /** A user matcher module (`--matchers`), resolved against `cwd`; every scoring call uses it. */
  matchers?: string | undefined;
  /** Where relative paths (the matcher module, `report --out`) resolve; default the workspace's. */
  cwd?: string | undefined;
  /** Where the LLM configuration (OPENAI_*) is read from; default the workspace's. */
  env?: NodeJS.ProcessEnv | undefined;
}

/**
 * One dataset of a workspace, resolved once: `ws.dataset(name, { matchers })`. Its methods take
 * only what varies per call; the dataset, the matcher module (loaded on the first call that
 * scores, then kept), the cwd and the environment are settled by the handle. The name is resolved
 * on first use (the one named, or the only one), so a handle opened on a name that does not
 * resolve fails each call with the reason rather than its opener (a screen shows it, the app goes
 * on). The record itself is read afresh per call, because the task can change while a handle is
 * open (a long terminal UI session, `task set`).
 */
export class DatasetHandle {
  private resolved: { id: number; name: string } | undefined;
  private loading: Promise<LoadedMatchers | undefined> | undefined;

  constructor(
    private readonly store: Store,
    /** The name asked for; undefined: the workspace's only dataset. */
    private readonly asked: string | undefined,
    private readonly options: { matchers: string | undefined; cwd: string; env: NodeJS.ProcessEnv },
  ) {}

  /** The dataset record as stored now (NOT_FOUND or USAGE, with the names there are, when the name does not resolve). */
  get record(): DatasetRecord {
    if (!this.resolved) {
      const d = resolveDataset(this.store, this.asked);
      this.resolved = { id: d.id, name: d.name };
      return d;
    }
    const d = this.store.datasets.getById(this.resolved.id);
    if (!d) throw new RulewrightError('NOT_FOUND', `dataset "${this.resolved.name}" is no longer in ${this.store.path}: see \`rulewright datasets\``);
    return d;
  }

  get id(): number {
    return this.resolved?.id ?? this.record.id;
  }

  get name(): string {
    return this.resolved?.name ?? this.record.name;
  }

  get task(): Task {
    return this.record.task;
  }

  /** The user matcher module as loaded (path, hash, names), or null without one. */
  async matchersModule(): Promise<MatcherModuleInfo | null> {
    return (await this.context()).matchers?.module ?? null;
  }

  /** The context of a call that does not score (no matcher module needed). */
  private scope(): DatasetContext {
    return { store: this.store, dataset: this.record, cwd: this.options.cwd, env: this.options.env };
  }

  /** The context of a call that scores: the matcher module loaded once, on first use. */
  private async context(): Promise<DatasetContext> {
    const path = this.options.matchers;
    this.loading ??= path ? loadMatcherModule(path, this.options.cwd) : Promise.resolve(undefined);
    const matchers = await this.loading;
    return { ...this.scope(), matchers };
  }

  /** The rule id `ref` names: itself, or the one id it is the start of (see resolveId). */
  private ruleId(ref: string): string {
    return resolveId(this.store, 'rules', this.id, ref);
  }

  /** The example id `ref` names: itself, or the one id it is the start of. */
  private exampleId(ref: string): string {
    return resolveId(this.store, 'examples', this.id, ref);
  }

  summary(): DatasetSummary {
    return summarize(this.record, this.store.examples.count(this.id));
  }

  // Data

  importFile(path: string, opts: Omit<ImportFileOptions, 'dataset' | 'create'> = {}): ImportResult {
    return importFile(this.store, path, { ...opts, dataset: this.name });
  }

  exportFile(path: string, opts: ExportOptions = {}): ExportResult {
    return exportFile(this.scope(), path, opts);
  }

  /** The rules' predictions in Label Studio's or Doccano's import format, for review there. */
  async exportPredictions(path: string, req: PredictionExportRequest): Promise<PredictionExportResult> {
    return exportPredictions(await this.context(), path, req);
  }

  exportText(opts: ExportOptions & { format: ExportFormat }): { text: string; result: Omit<ExportResult, 'file'> } {
    return exportText(this.scope(), opts);
  }

  split(req: SplitRequest): SplitResult {
    return splitDataset(this.scope(), req);
  }

  stats(): DatasetStats {
    return datasetStats(this.scope());
  }

  listExamples(req: ListExamplesRequest = {}): ExampleList {
    return listExamples(this.scope(), req);
  }

  getExample(id: string): Example {
    return getExample(this.scope(), this.exampleId(id));
  }

  /** The gold hash of the dataset (or one split): stable and order-independent. */
  datasetHash(split?: Example['split']): string {
    return this.store.examples.hash(this.id, split);
  }

  // Task

  showTask(): TaskResult {
    return showTask(this.scope());
  }

  updateTask(change: TaskChange): TaskResult {
    return updateTask(this.scope(), change);
  }

  // Rules

  listRules(req: { status?: Rule['status'][]; deleted?: boolean } = {}): RuleList {
    return listRules(this.scope(), req);
  }

  showRule(id: string): RuleDetail {
    return showRule(this.scope(), this.ruleId(id));
  }

  async addRule(spec: RuleSpec): Promise<RuleResult> {
    return addRule(this.scope(), spec);
  }

  async editRule(id: string, spec: RuleSpec & { note?: string }): Promise<RuleResult> {
    return editRule(this.scope(), this.ruleId(id), spec);
  }

  async setRuleStatus(id: string, status: 'active' | 'disabled'): Promise<RuleResult> {
    return setRuleStatus(this.scope(), this.ruleId(id), status);
  }

  deleteRules(ids: readonly string[]): RuleResult[] {
    return deleteRules(this.scope(), resolveIds(this.store, 'rules', this.id, ids));
  }

  restoreRule(id: string): RuleResult {
    return restoreRule(this.scope(), this.ruleId(id));
  }

  ruleHistory(id: string): RuleHistory {
    return ruleHistory(this.scope(), this.ruleId(id));
  }

  async importRules(file: string, opts: ImportRulesOptions = {}): Promise<ImportRulesResult> {
    return importRules(this.scope(), file, opts);
  }

  exportRules(file: string, opts: ExportRulesOptions = {}): ExportRulesResult {
    return exportRules(this.scope(), file, opts);
  }

  exportRulesText(opts: ExportRulesOptions = {}): ReturnType<typeof exportRulesText> {
    return exportRulesText(this.scope(), opts);
  }

  /** The active rules, compiled for `extract`. */
  extractRuleset(): ExtractRuleset {
    return rulesetFromWorkspace(this.scope());
  }

  /** The hash of the active rules (order-independent, volatile fields left out). */
  rulesetHash(): string {
    return rulesetHash(this.store.rules.list(this.id, { status: 'active' }));
  }

  // Corrections and feedback

  correct(req: CorrectionRequest): CorrectionResult {
    return addCorrection(this.scope(), req.exampleId === undefined ? req : { ...req, exampleId: this.exampleId(req.exampleId) });
  }

  /** Ranked rules made from a train example's own words that would give it a label (classification). */
  suggest(req: SuggestRequest): Promise<SuggestResult> {
    return suggestRules(this.scope(), { ...req, exampleId: this.exampleId(req.exampleId) });
  }

  /** Adds the `rank`-th suggestion for an example as an active human rule above the others. */
  acceptSuggestion(req: SuggestRequest & { rank: number }): Promise<RuleResult & { suggestion: Suggestion }> {
    return acceptSuggestion(this.scope(), { ...req, exampleId: this.exampleId(req.exampleId) });
  }

  /** Train examples whose fix would help most under the active rules, each with why (classification). */
  next(req: { limit?: number } = {}): NextResult {
    return nextExamples(this.scope(), req);
  }

  listCorrections(): CorrectionList {
    return listCorrections(this.scope());
  }

  showCorrection(id: string): { dataset: string; correction: CorrectionStatus; notes: string[] } {
    return showCorrection(this.scope(), resolveId(this.store, 'corrections', this.id, id));
  }

  deleteCorrection(id: string): DeletedCorrection {
    return deleteCorrection(this.scope(), resolveId(this.store, 'corrections', this.id, id));
  }

  addFeedback(req: AddFeedbackRequest): FeedbackResult {
    return addFeedback(this.scope(), {
      ...req,
      ...(req.rule === undefined ? {} : { rule: this.ruleId(req.rule) }),
      ...(req.example === undefined ? {} : { example: this.exampleId(req.example) }),
    });
  }

  listFeedback(req: { status?: string } = {}): FeedbackList {
    return listFeedback(this.scope(), req);
  }

  dismissFeedback(id: string): FeedbackResult {
    return dismissFeedback(this.scope(), resolveId(this.store, 'feedback', this.id, id));
  }

  reopenFeedback(id: string): FeedbackResult {
    return reopenFeedback(this.scope(), resolveId(this.store, 'feedback', this.id, id));
  }

  // Scoring (the matcher module applies)

  /** The shared evaluation pipeline (see pipeline.ts); a registry given here replaces the handle's matchers. */
  async pipeline(req: Omit<PipelineRequest, 'dataset'> = {}): Promise<PipelineResult> {
    const ctx = await this.context();
    return runPipeline(this.store, { ...req, dataset: this.name, registry: req.registry ?? ctx.matchers?.registry });
  }

  async evaluate(req: EvalRequest = {}): Promise<EvalResult> {
    return evaluate(await this.context(), req);
  }

  async metrics(req: MeasureRequest = {}): Promise<MetricsResult> {
    return computeMetrics(await this.context(), req);
  }

  async rank(req: RankRequest = {}): Promise<RankResultView> {
    return rank(await this.context(), req);
  }

  async prune(req: PruneRequest = {}): Promise<PruneResultView> {
    return prune(await this.context(), req);
  }

  async learn(req: LearnRequest = {}): Promise<LearnResult> {
    return learn(await this.context(), req);
  }

  async report(req: ReportRequest & { out: string }): Promise<ReportResult> {
    return writeReport(await this.context(), req);
  }

  /** The report's rules table as CSV for measured rules (`metrics --format csv`). */
  rulesTableCsv(metrics: readonly RuleMetrics[], n: number): string {
    return rulesTableCsvOf(this.scope(), metrics, n);
  }

  async exampleOutcomes(req: ExampleOutcomesRequest = {}): Promise<ExampleOutcomes> {
    return exampleOutcomes(await this.context(), req);
  }

  async previewRuleEdit(req: RuleEditPreviewRequest): Promise<RuleEditPreview> {
    return previewRuleEdit(await this.context(), { ...req, ruleId: this.ruleId(req.ruleId) });
  }

  async observe(req: ObserveRequest = {}): Promise<ObserveResult> {
    return observeTraffic(this.scope(), req);
  }

  // Runs and stored figures

  listRuns(req: { kind?: string; limit?: number } = {}): RunList {
    return listRuns(this.scope(), req);
  }

  showRun(ref: string | number, opts: { outcomes?: boolean } = {}): ReturnType<typeof showRun> {
    return showRun(this.scope(), ref, opts);
  }

  undo(req: { op?: number } = {}): UndoResult {
    return undo(this.scope(), req);
  }

  storedMetrics(req: { split?: SplitChoice } = {}): StoredMetrics {
    return getStoredMetrics(this.scope(), req);
  }

  rulesOverview(req: { split?: SplitChoice } = {}): RulesOverview {
    return rulesOverview(this.scope(), req);
  }

  measureNeed(): MeasureNeed {
    return measureNeed(this.scope());
  }

  predictExample(req: { exampleId: string }): ExamplePrediction {
    return predictExample(this.scope(), { ...req, exampleId: this.exampleId(req.exampleId) });
  }

  storedRuleMetrics(req: { ruleId: string; split?: SplitChoice }): StoredRuleMetrics {
    return storedRuleMetrics(this.scope(), { ...req, ruleId: this.ruleId(req.ruleId) });
  }

  exampleMatches(req: ExampleMatchesRequest): ExampleMatches[] {
    return exampleMatches(this.scope(), req);
  }

  learningMode(req: { offline?: boolean } = {}): LearningMode {
    return learningMode(this.scope(), req);
  }

  llmActivity(req: { afterId?: number } = {}): LlmActivity {
    return llmActivity(this.scope(), req);
  }
}
