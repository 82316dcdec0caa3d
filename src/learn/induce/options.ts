import type { Example } from '../../core/schemas/example.js';
import type { Task } from '../../core/schemas/task.js';
import type { InduceOptions } from './types.js';

/** Options with every default filled in. */
export interface ResolvedOptions {
  dev: readonly Example[] | null;
  seed: number;
  maxRules: number;
  maxRulesPerLabel: number;
  /** The precision floor the user set (null: none). */
  userMinPrecision: number | null;
  onProgress?: (done: number, total: number) => void;
  status: 'proposed' | 'active';
  minSupport: number;
  minPrecision: number;
  minGainPrecision: number;
  recallTolerance: number;
  maxCandidates: number;
  maxTrainExamples: number;
  idPrefix: string;
  budgetMs: number;
}

/** Fills in defaults; see `InduceOptions` for what each means. */
export function resolveOptions(task: Task, options: InduceOptions = {}): ResolvedOptions {
  const dev = options.dev && options.dev.length ? options.dev : null;
  return {
    dev,
    seed: options.seed ?? 0,
    maxRules: options.maxRules ?? (task.type === 'classification' ? 2000 : 1000),
    maxRulesPerLabel: options.maxRulesPerLabel ?? 200,
    userMinPrecision: options.minPrecision ?? null,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    status: options.status ?? 'proposed',
    minSupport: options.minSupport ?? (dev ? 1 : 2),
    minPrecision: options.minPrecision ?? 0.6,
    minGainPrecision: options.minGainPrecision ?? (task.type === 'classification' ? 0.9 : 0.75),
    recallTolerance: options.recallTolerance ?? 0.002,
    maxCandidates: options.maxCandidates ?? 6000,
    maxTrainExamples: options.maxTrainExamples ?? 20000,
    idPrefix: options.idPrefix ?? 'ind-',
    budgetMs: options.budgetMs ?? 90000,
  };
}
