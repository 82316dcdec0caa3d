import { storeError } from '../store/db.js';
import { Store } from '../store/index.js';
import { type DatasetHandle, type DatasetOptions, openDataset } from './dataset-handle.js';
import { buildTask, currentDataset, listDatasets, type NewDataset, summarize, useDataset } from './datasets.js';
import { importFile, type ImportFileOptions } from './import-file.js';
import { resolveDbPath } from './paths.js';
import type { CreateDatasetResult, DatasetSummary, ImportResult } from './types.js';

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

/**
 * The one API over a workspace: the CLI and the TUI call only this and the handles it opens.
 * Methods return plain JSON-serializable objects with snake_case keys. The workspace itself does
 * what spans datasets (create, list, choose, import into one by name); everything about one
 * dataset is on its handle, `ws.dataset(name, { matchers })` (dataset-handle.ts): the dataset
 * resolved and the options read once, its methods taking only what varies per call.
 * To add an operation on a dataset: write `src/service/<area>.ts` with a function taking a
 * `DatasetContext` (dataset-context.ts) first, then one row in DATASET_API (dataset-api.ts).
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
    return openDataset(this.store, name, {
      matchers: opts.matchers,
      cwd: opts.cwd ?? this.cwd,
      env: opts.env ?? this.env,
    });
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

  /** Imports into the dataset named (or the only one), or creates it with `create`. */
  importFile(path: string, opts: ImportFileOptions = {}): ImportResult {
    return importFile(this.store, path, opts);
  }
}
