import type { DatasetRecord } from '../store/datasets.js';
import type { Store } from '../store/index.js';
import { resolveDataset } from './datasets.js';
import type { LoadedMatchers } from './matchers-module.js';

/**
 * What a dataset-scoped service function works in, resolved by its caller once (see
 * dataset-handle.ts): the store, the dataset, the user's matcher module when one was named, and
 * the cwd and environment that paths and the LLM configuration are read from. Service functions
 * take it instead of a dataset name, so none resolves the dataset or loads the module again.
 */
export interface DatasetContext {
  readonly store: Store;
  readonly dataset: DatasetRecord;
  /** The built-in matchers plus the module's (`--matchers`), loaded once; absent without a module. */
  readonly matchers?: LoadedMatchers | undefined;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

export interface DatasetContextOptions {
  /** Dataset name; optional when the workspace has only one. */
  dataset?: string | undefined;
  matchers?: LoadedMatchers | undefined;
  cwd?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
}

/** Resolves the dataset (the one named, or the only one) into a context; the matchers come loaded. */
export function datasetContext(store: Store, opts: DatasetContextOptions = {}): DatasetContext {
  return {
    store,
    dataset: resolveDataset(store, opts.dataset),
    matchers: opts.matchers,
    cwd: opts.cwd ?? process.cwd(),
    env: opts.env ?? process.env,
  };
}
