import type { Example } from '../core/schemas/example.js';
import type { Rule } from '../core/schemas/rule.js';
import { storeError } from '../store/db.js';
import { Store } from '../store/index.js';
import type { CorrectionList, CorrectionRequest, CorrectionResult, CorrectionStatus, DeletedCorrection } from './corrections.js';
import { DatasetHandle, type DatasetOptions } from './dataset-handle.js';
import { buildTask, currentDataset, listDatasets, type NewDataset, summarize, useDataset } from './datasets.js';
import type { EvalRequest, EvalResult } from './evaluate.js';
import type { ListExamplesRequest } from './examples.js';
import type { ExportFormat, ExportOptions } from './export-file.js';
import type { ExtractRuleset } from './extract.js';
import type { AddFeedbackRequest, FeedbackList, FeedbackResult } from './feedback.js';
import { importFile, type ImportFileOptions } from './import-file.js';
import type { LearnRequest, LearnResult } from './learn.js';
import type { MeasureRequest, MetricsResult } from './metrics.js';
import type { ObserveRequest, ObserveResult } from './observe.js';
import { resolveDbPath } from './paths.js';
import type { PipelineRequest, PipelineResult, SplitChoice } from './pipeline.js';
import type { PruneRequest, PruneResultView } from './prune.js';
import type { RankResultView } from './rank.js';
import type { ReportRequest, ReportResult } from './report.js';
import type { RuleDetail, RuleHistory, RuleList, RuleResult } from './rules.js';
import type { ExportRulesOptions, ExportRulesResult, ImportRulesOptions, ImportRulesResult } from './rules-io.js';
import type { RuleSpec } from './rule-spec.js';
import type { RunList, showRun } from './runs.js';
import type { SplitRequest } from './split.js';
import type { TaskChange, TaskResult } from './task.js';
import type { CreateDatasetResult, DatasetStats, DatasetSummary, ExampleList, ExportResult, ImportResult, SplitResult } from './types.js';
import type { UndoResult } from './undo.js';
import type { ExamplePrediction } from './views/example-prediction.js';
import type { ExampleOutcomes, ExampleOutcomesRequest } from './views/examples.js';
import type { LlmActivity } from './views/llm-activity.js';
import type { StoredRuleMetrics } from './views/rule-detail.js';
import type { RuleEditPreview, RuleEditPreviewRequest } from './views/rule-edit-preview.js';
import type { RulesOverview } from './views/rules-overview.js';
import type { StoredMetrics } from './views/stored-metrics.js';

export interface OpenOptions {
  /** `--db` as given; falls back to `$RULEWRIGHT_DB`, then `./rulewright.db`. */
  db?: string;
  /** Create the workspace file when it does not exist (init, import with --name). */
  create?: boolean;
  /** Where the LLM configuration is read from (default `process.env`); dataset handles inherit it. */
  env?: NodeJS.ProcessEnv;
  /** Where relative paths resolve (default `process.cwd()`); dataset handles inherit it. */
  cwd?: string;
}

/** A request to one of the Workspace's dataset-scoped methods: what the handle would be opened with, plus the call's own fields. */
export type Scoped<T = object> = T & DatasetOptions & { dataset?: string | undefined };

/**
 * The one API over a workspace: the CLI and the TUI call only this. Methods return plain
 * JSON-serializable objects with snake_case keys. `dataset(name, { matchers })` opens a
 * DatasetHandle (dataset-handle.ts): the dataset resolved and the options read once, its methods
 * taking only what varies per call. The dataset-scoped methods here are thin wrappers that open a
 * handle for one call (tests and scripts use them).
 * To add an area: write `src/service/<area>.ts` with functions taking a `DatasetContext`
 * (dataset-context.ts), then a method on DatasetHandle (and a wrapper here if one-off callers want it).
 */
export class Workspace {
  private constructor(
    /** For service modules only; the CLI and the TUI do not touch the store directly. */
    readonly store: Store,
    private readonly env: NodeJS.ProcessEnv,
    private readonly cwd: string,
  ) {}

  static open(opts: OpenOptions = {}): Workspace {
    const env = opts.env ?? process.env;
    const cwd = opts.cwd ?? process.cwd();
    const path = resolveDbPath(opts.db, env, cwd);
    return new Workspace(Store.open(path, { create: !!opts.create }), env, cwd);
  }

  /** The workspace file's absolute path. */
  get path(): string {
    return this.store.path;
  }

  close(): void {
    this.store.close();
  }

  /** `e` as thrown by a call, with SQLite's own failures (a damaged page, a read-only file) said as what to do. */
  explain(e: unknown): unknown {
    const code = (e as { code?: unknown } | null)?.code;
    return typeof code === 'string' && code.startsWith('SQLITE_') ? storeError(e, this.path) : e;
  }

  /**
   * Opens the dataset named (or the only one; a clear error listing the names otherwise, on the
   * handle's first use). The matcher module is loaded on the handle's first scoring call and kept;
   * cwd and env default to the workspace's.
   */
  dataset(name?: string, opts: DatasetOptions = {}): DatasetHandle {
    return new DatasetHandle(this.store, name, {
      matchers: opts.matchers,
      cwd: opts.cwd ?? this.cwd,
      env: opts.env ?? this.env,
    });
  }

  /** Splits a scoped request into the handle it opens and the call's own fields. */
  private scoped<T extends Scoped>(req: T): [DatasetHandle, Omit<T, keyof Scoped>] {
    const { dataset, matchers, cwd, env, ...rest } = req;
    return [this.dataset(dataset, { matchers, cwd, env }), rest];
  }

  /** Creates a dataset; with `current`, it also becomes the workspace's current dataset. */
  createDataset(d: NewDataset, opts: { current?: boolean } = {}): CreateDatasetResult {
    const task = buildTask(d);
    // An import into this name that was killed holds it until someone cleans up after it.
    this.store.imports.clearAbandoned(task.name);
    const rec = this.store.transaction(() => {
      const created = this.store.datasets.insert(task);
      if (opts.current) this.store.datasets.setCurrent(created.id);
      return created;
    });
    return { ...summarize(rec, 0), workspace: this.path };
  }

  listDatasets(): DatasetSummary[] {
    return listDatasets(this.store);
  }

  /** The dataset names, without counting their examples. */
  datasetNames(): string[] {
    return this.store.datasets.names();
  }

  /** Makes the named dataset the one commands use when they name none (`rulewright use`). */
  useDataset(name: string): DatasetSummary {
    const d = useDataset(this.store, name);
    return summarize(d, this.store.examples.count(d.id));
  }

  /** The dataset commands use when they name none (null when they must be told), and every dataset. */
  currentDataset(): { current: string | null; datasets: DatasetSummary[] } {
    return currentDataset(this.store);
  }

  /** The dataset named, else the only one, else the current one; a clear error listing the names otherwise. */
  resolveDataset(name?: string): DatasetSummary {
    return this.dataset(name).summary();
  }

  /** Imports into the dataset named (or the only one), or creates it with `create`. */
  importFile(path: string, opts: ImportFileOptions = {}): ImportResult {
    return importFile(this.store, path, opts);
  }

  exportFile(path: string, opts: Scoped<ExportOptions> = {}): ExportResult {
    const [h, rest] = this.scoped(opts);
    return h.exportFile(path, rest);
  }

  exportText(opts: Scoped<ExportOptions & { format: ExportFormat }>): { text: string; result: Omit<ExportResult, 'file'> } {
    const [h, rest] = this.scoped(opts);
    return h.exportText(rest);
  }

  split(req: Scoped<SplitRequest>): SplitResult {
    const [h, rest] = this.scoped(req);
    return h.split(rest);
  }

  stats(dataset?: string): DatasetStats {
    return this.dataset(dataset).stats();
  }

  listExamples(req: Scoped<ListExamplesRequest> = {}): ExampleList {
    const [h, rest] = this.scoped(req);
    return h.listExamples(rest);
  }

  getExample(id: string, dataset?: string): Example {
    return this.dataset(dataset).getExample(id);
  }

  /** Synthesizes and refines rules (LLM when configured, else the offline inducer); see learn.ts. */
  async learn(req: Scoped<LearnRequest> = {}): Promise<LearnResult> {
    const [h, rest] = this.scoped(req);
    return h.learn(rest);
  }

  /** Records a correction (by example id or by text); it becomes a training example. */
  correct(req: Scoped<CorrectionRequest>): CorrectionResult {
    const [h, rest] = this.scoped(req);
    return h.correct(rest);
  }

  /** Corrections, each with whether it holds under the current active rules. */
  listCorrections(dataset?: string): CorrectionList {
    return this.dataset(dataset).listCorrections();
  }

  showCorrection(id: string, dataset?: string): { dataset: string; correction: CorrectionStatus; notes: string[] } {
    return this.dataset(dataset).showCorrection(id);
  }

  /** Deletes a correction and the training example it became. */
  deleteCorrection(id: string, dataset?: string): DeletedCorrection {
    return this.dataset(dataset).deleteCorrection(id);
  }

  /** Adds plain-English feedback on the task, a rule or an example. */
  addFeedback(req: Scoped<AddFeedbackRequest>): FeedbackResult {
    const [h, rest] = this.scoped(req);
    return h.addFeedback(rest);
  }

  listFeedback(req: Scoped<{ status?: string }> = {}): FeedbackList {
    const [h, rest] = this.scoped(req);
    return h.listFeedback(rest);
  }

  dismissFeedback(id: string, dataset?: string): FeedbackResult {
    return this.dataset(dataset).dismissFeedback(id);
  }

  /** Opens dismissed or applied feedback again, for the next learning run. */
  reopenFeedback(id: string, dataset?: string): FeedbackResult {
    return this.dataset(dataset).reopenFeedback(id);
  }

  /** Coverage and agreement of the rules on observed traffic, and accuracy against its gold. */
  async observe(req: Scoped<ObserveRequest> = {}): Promise<ObserveResult> {
    const [h, rest] = this.scoped(req);
    return h.observe(rest);
  }

  /** The dataset's task and matching config. */
  showTask(dataset?: string): TaskResult {
    return this.dataset(dataset).showTask();
  }

  /** Changes the task's matching config (mode, matchers per label or field, …) and description. */
  updateTask(change: TaskChange, dataset?: string): TaskResult {
    return this.dataset(dataset).updateTask(change);
  }

  listRules(req: Scoped<{ status?: Rule['status'][]; deleted?: boolean }> = {}): RuleList {
    const [h, rest] = this.scoped(req);
    return h.listRules(rest);
  }

  showRule(id: string, dataset?: string): RuleDetail {
    return this.dataset(dataset).showRule(id);
  }

  /** Adds a rule after the safety checks (INVALID_RULE with the reason when it fails one). */
  async addRule(spec: RuleSpec, dataset?: string): Promise<RuleResult> {
    return this.dataset(dataset).addRule(spec);
  }

  /** Edits a rule as a new version, re-checked. */
  async editRule(id: string, spec: RuleSpec & { note?: string }, dataset?: string): Promise<RuleResult> {
    return this.dataset(dataset).editRule(id, spec);
  }

  async setRuleStatus(id: string, status: 'active' | 'disabled', dataset?: string): Promise<RuleResult> {
    return this.dataset(dataset).setRuleStatus(id, status);
  }

  /** Takes rules out of the ruleset, keeping them and their history (see rules.ts); all or none. */
  deleteRules(ids: readonly string[], dataset?: string): RuleResult[] {
    return this.dataset(dataset).deleteRules(ids);
  }

  restoreRule(id: string, dataset?: string): RuleResult {
    return this.dataset(dataset).restoreRule(id);
  }

  ruleHistory(id: string, dataset?: string): RuleHistory {
    return this.dataset(dataset).ruleHistory(id);
  }

  /** Imports a ruleset file (rulewright or RuleChef), all or nothing, every rule checked. */
  async importRules(file: string, opts: Scoped<ImportRulesOptions> = {}): Promise<ImportRulesResult> {
    const [h, rest] = this.scoped(opts);
    return h.importRules(file, rest);
  }

  exportRules(file: string, opts: Scoped<ExportRulesOptions> = {}): ExportRulesResult {
    const [h, rest] = this.scoped(opts);
    return h.exportRules(file, rest);
  }

  exportRulesText(opts: Scoped<ExportRulesOptions> = {}): ReturnType<DatasetHandle['exportRulesText']> {
    const [h, rest] = this.scoped(opts);
    return h.exportRulesText(rest);
  }

  /** The shared evaluation pipeline (see pipeline.ts): what eval, metrics, rank and prune run. */
  async pipeline(req: Scoped<Omit<PipelineRequest, 'dataset'>> = {}): Promise<PipelineResult> {
    const [h, rest] = this.scoped(req);
    return h.pipeline(rest);
  }

  /** `eval`: evaluates the active rules, records the run, optionally compares with an earlier run. */
  async evaluate(req: Scoped<EvalRequest> = {}): Promise<EvalResult> {
    const [h, rest] = this.scoped(req);
    return h.evaluate(rest);
  }

  listRuns(req: Scoped<{ kind?: string; limit?: number }> = {}): RunList {
    const [h, rest] = this.scoped(req);
    return h.listRuns(rest);
  }

  showRun(ref: string | number, opts: Scoped<{ outcomes?: boolean }> = {}): ReturnType<typeof showRun> {
    const [h, rest] = this.scoped(opts);
    return h.showRun(ref, rest);
  }

  /** The dataset's active rules, compiled for `extract`. */
  extractRuleset(dataset?: string): ExtractRuleset {
    return this.dataset(dataset).extractRuleset();
  }

  /** The hash of a dataset's active rules (order-independent, volatile fields left out). */
  rulesetHash(dataset?: string): string {
    return this.dataset(dataset).rulesetHash();
  }

  /** The gold hash of a dataset (or one split): stable and order-independent. */
  datasetHash(dataset?: string, split?: Example['split']): string {
    return this.dataset(dataset).datasetHash(split);
  }

  /** `metrics`: per-rule metrics (stamps validated precision from dev, caches the metrics, records the run). */
  async metrics(req: Scoped<MeasureRequest> = {}): Promise<MetricsResult> {
    const [h, rest] = this.scoped(req);
    return h.metrics(rest);
  }

  /** The cached per-rule metrics of the last `metrics` run, with a `stale` flag; runs nothing. */
  storedMetrics(req: Scoped<{ split?: SplitChoice }> = {}): StoredMetrics {
    const [h, rest] = this.scoped(req);
    return h.storedMetrics(rest);
  }

  /** `rank`: solo and exact leave-one-out marginal F1 of every active rule. */
  async rank(req: Scoped<MeasureRequest> = {}): Promise<RankResultView> {
    const [h, rest] = this.scoped(req);
    return h.rank(rest);
  }

  /** `prune`: the greedy pruning plan (dry run), or applied with `apply`. */
  async prune(req: Scoped<PruneRequest> = {}): Promise<PruneResultView> {
    const [h, rest] = this.scoped(req);
    return h.prune(rest);
  }

  /** `report`: writes the self-contained HTML report (metrics, rule cards, plots) to `req.out`; changes nothing. */
  async report(req: Scoped<ReportRequest & { out: string }>): Promise<ReportResult> {
    const [h, rest] = this.scoped(req);
    return h.report(rest);
  }

  /** `undo`: reverses the last applied prune (or the op given). */
  undo(req: Scoped<{ op?: number }> = {}): UndoResult {
    const [h, rest] = this.scoped(req);
    return h.undo(rest);
  }

  /** Every example with gold, prediction and error kinds, for the terminal UI's Examples screen (views/examples.ts). */
  async exampleOutcomes(req: Scoped<ExampleOutcomesRequest> = {}): Promise<ExampleOutcomes> {
    const [h, rest] = this.scoped(req);
    return h.exampleOutcomes(rest);
  }

  /** Every rule with its stored metrics, stale flags and the ensemble figures, for the terminal UI's rules table (views/rules-overview.ts). */
  rulesOverview(req: Scoped<{ split?: SplitChoice }> = {}): RulesOverview {
    const [h, rest] = this.scoped(req);
    return h.rulesOverview(rest);
  }

  /** What a pattern edit would do to a rule and to the ruleset, before saving (views/rule-edit-preview.ts). */
  async previewRuleEdit(req: Scoped<RuleEditPreviewRequest>): Promise<RuleEditPreview> {
    const [h, rest] = this.scoped(req);
    return h.previewRuleEdit(rest);
  }

  /** What the active rules produce for one example, for the terminal UI's correction screen (views/example-prediction.ts). */
  predictExample(req: Scoped<{ exampleId: string }>): ExamplePrediction {
    const [h, rest] = this.scoped(req);
    return h.predictExample(rest);
  }

  /** One rule's stored metrics with samples and a stale flag, for the terminal UI's rule screen (views/rule-detail.ts). */
  storedRuleMetrics(req: Scoped<{ ruleId: string; split?: SplitChoice }>): StoredRuleMetrics {
    const [h, rest] = this.scoped(req);
    return h.storedRuleMetrics(rest);
  }

  /** LLM calls recorded since a given call, counted without reading them (views/llm-activity.ts). */
  llmActivity(req: Scoped<{ afterId?: number }> = {}): LlmActivity {
    const [h, rest] = this.scoped(req);
    return h.llmActivity(rest);
  }
}
