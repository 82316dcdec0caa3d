import { CorrectionsRepo } from './corrections.js';
import { DatasetsRepo } from './datasets.js';
import { type Db, isBusy, openDb, type OpenDbOptions, BUSY_RETRY_MS, sleepSync, storeError } from './db.js';
import { ExamplesRepo } from './examples.js';
import { FeedbackRepo } from './feedback.js';
import { IdPrefixRepo } from './id-prefix.js';
import { ImportsRepo } from './imports.js';
import { LlmCallsRepo } from './llm-calls.js';
import { LocksRepo } from './locks.js';
import { PruneOpsRepo } from './prune-ops.js';
import { PredictionCacheRepo } from './prediction-cache.js';
import { RuleMetricsRepo } from './rule-metrics.js';
import { RulesRepo } from './rules.js';
import { RunsRepo } from './runs.js';
import { TrainFeaturesRepo } from './train-features.js';
import { TranslationsRepo } from './translations.js';
import { readOnlyReason } from './workspace-file.js';

/**
 * The workspace file and one repository per table family. This module and its siblings are the
 * only place SQL lives; add methods to the repositories rather than querying `db` elsewhere.
 */
export class Store {
  readonly datasets: DatasetsRepo;
  readonly examples: ExamplesRepo;
  readonly rules: RulesRepo;
  readonly runs: RunsRepo;
  readonly llmCalls: LlmCallsRepo;
  readonly corrections: CorrectionsRepo;
  readonly feedback: FeedbackRepo;
  readonly ruleMetrics: RuleMetricsRepo;
  readonly predictionCache: PredictionCacheRepo;
  readonly trainFeatures: TrainFeaturesRepo;
  readonly pruneOps: PruneOpsRepo;
  readonly imports: ImportsRepo;
  readonly ids: IdPrefixRepo;
  readonly translations: TranslationsRepo;
  readonly locks: LocksRepo;

  private constructor(
    readonly db: Db,
    readonly path: string,
  ) {
    this.datasets = new DatasetsRepo(db);
    this.examples = new ExamplesRepo(db);
    this.rules = new RulesRepo(db);
    this.runs = new RunsRepo(db);
    this.llmCalls = new LlmCallsRepo(db);
    this.corrections = new CorrectionsRepo(db);
    this.feedback = new FeedbackRepo(db);
    this.ruleMetrics = new RuleMetricsRepo(db);
    this.predictionCache = new PredictionCacheRepo(db);
    this.trainFeatures = new TrainFeaturesRepo(db);
    this.pruneOps = new PruneOpsRepo(db);
    this.imports = new ImportsRepo(db);
    this.ids = new IdPrefixRepo(db);
    this.translations = new TranslationsRepo(db);
    this.locks = new LocksRepo(db);
  }

  /** Opens (creating and migrating as needed) the workspace at `path`. */
  static open(path: string, opts: OpenDbOptions = {}): Store {
    return new Store(openDb(path, opts), path);
  }

  /**
   * Runs `fn` in one write transaction (BEGIN IMMEDIATE, so a second writer waits on the busy
   * timeout at the start instead of failing halfway). Throwing rolls everything back. Nested
   * calls become savepoints. A workspace still busy after the timeout is tried again, up to
   * BUSY_RETRY_MS, as long as `fn` has not started: the caller's work so far is not lost.
   */
  transaction<T>(fn: () => T): T {
    const deadline = Date.now() + BUSY_RETRY_MS;
    for (;;) {
      let began = false;
      const run = () => {
        began = true;
        return fn();
      };
      try {
        return this.db.inTransaction ? this.db.transaction(fn)() : this.db.transaction(run).immediate();
      } catch (e) {
        if (!began && !this.db.inTransaction && isBusy(e) && Date.now() < deadline) {
          sleepSync(50);
          continue;
        }
        throw storeError(e, this.path);
      }
    }
  }

  /** Why the workspace cannot be written (a read-only file or folder), or null when it can. */
  get readOnly(): string | null {
    return this.db.readonly ? (readOnlyReason(this.path) ?? `${this.path} was opened read-only`) : null;
  }

  /** `PRAGMA integrity_check`: `ok` when the file is sound. */
  integrityCheck(): string {
    return (this.db.pragma('integrity_check', { simple: true }) as string) ?? 'ok';
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
