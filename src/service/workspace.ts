import type { Example } from '../core/schemas/index.js';
import { type DatasetRecord, rulesetHash, Store } from '../store/index.js';
import { buildTask, listDatasets, type NewDataset, resolveDataset, summarize } from './datasets.js';
import { listExamples, type ListExamplesRequest, getExample } from './examples.js';
import { exportFile, type ExportOptions, exportText, type ExportFormat } from './export-file.js';
import { importFile, type ImportFileOptions } from './import-file.js';
import { resolveDbPath } from './paths.js';
import { splitDataset, type SplitRequest } from './split.js';
import { datasetStats } from './stats.js';
import { addCorrection, listCorrections, type CorrectionList, type CorrectionRequest, type CorrectionResult } from './corrections.js';
import { addFeedback, dismissFeedback, listFeedback, type AddFeedbackRequest, type FeedbackList, type FeedbackResult } from './feedback.js';
import { learn, type LearnRequest, type LearnResult } from './learn.js';
import { observeTraffic, type ObserveRequest, type ObserveResult } from './observe.js';
import type { CreateDatasetResult, DatasetStats, DatasetSummary, ExampleList, ExportResult, ImportResult, SplitResult } from './types.js';
import { exampleOutcomes, type ExampleOutcomes, type ExampleOutcomesRequest } from './tui-examples.js';

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

  listCorrections(dataset?: string): CorrectionList {
    return listCorrections(this.store, dataset);
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

  /** Coverage and agreement of the rules on observed traffic, and accuracy against its gold. */
  observe(req: ObserveRequest = {}): Promise<ObserveResult> {
    return observeTraffic(this.store, req);
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

  /** Every example with gold, prediction and error kinds, for the terminal UI's Examples screen (tui-examples.ts). */
  exampleOutcomes(req: ExampleOutcomesRequest = {}): Promise<ExampleOutcomes> {
    return exampleOutcomes(this.store, req);
  }
}
