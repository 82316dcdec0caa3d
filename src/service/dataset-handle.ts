import { RulewrightError } from '../core/errors.js';
import type { Task } from '../core/schemas/task.js';
import type { DatasetRecord } from '../store/datasets.js';
import type { Store } from '../store/index.js';
import { type ApiRow, DATASET_API, type DatasetMethods } from './dataset-api.js';
import type { DatasetContext } from './dataset-context.js';
import { resolveDataset } from './datasets.js';
import { type LoadedMatchers, loadMatcherModule, type MatcherModuleInfo } from './matchers-module.js';

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
 * What every handle has besides the operations: which dataset it is, and the contexts its
 * operations run in. The name is resolved on first use (the one named, or the only one), so a
 * handle opened on a name that does not resolve fails each call with the reason rather than its
 * opener (a screen shows it, the app goes on). The record itself is read afresh per call,
 * because the task can change while a handle is open (a long terminal UI session, `task set`).
 */
class DatasetScope {
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

  // One method per row of DATASET_API, each calling its area function in the context its kind says.
  static {
    for (const [name, row] of Object.entries(DATASET_API) as [string, ApiRow][]) {
      const method =
        row.kind === 'plain'
          ? function (this: DatasetScope, ...args: never[]) {
              return row.fn(this.scope(), ...args);
            }
          : row.kind === 'plainAsync'
            ? async function (this: DatasetScope, ...args: never[]) {
                return row.fn(this.scope(), ...args);
              }
            : async function (this: DatasetScope, ...args: never[]) {
                return row.fn(await this.context(), ...args);
              };
      Object.defineProperty(this.prototype, name, { value: method, writable: true, configurable: true });
    }
  }
}

// A row named like one of the scope's own members would replace it on the prototype: this fails to compile then.
const _rowsNameNoMember: [Extract<keyof typeof DATASET_API, keyof DatasetScope | 'scope' | 'context'>] extends [never] ? true : never = true;

/**
 * One dataset of a workspace, resolved once: `ws.dataset(name, { matchers })`. Its methods
 * (DATASET_API, dataset-api.ts) take only what varies per call; the dataset, the matcher module
 * (loaded on the first call that scores, then kept), the cwd and the environment are settled by
 * the handle.
 */
export type DatasetHandle = DatasetScope & DatasetMethods;

/** Opens a handle on the dataset named (or the only one); nothing is read until its first use. */
export function openDataset(store: Store, name: string | undefined, options: { matchers: string | undefined; cwd: string; env: NodeJS.ProcessEnv }): DatasetHandle {
  return new DatasetScope(store, name, options) as DatasetHandle;
}
