import type { Example } from '../../core/schemas/example.js';
import type { Task } from '../../core/schemas/task.js';
import type { InduceOptions } from './types.js';
import { TUNING } from './tuning.js';

/** Options with every default filled in. */
export interface ResolvedOptions {
  dev: readonly Example[] | null;
  seed: number;
  maxRules: number;
  maxRulesPerLabel: number;
  /** Whether the user set `maxRulesPerLabel`: their budget then replaces the one where dev ties (rule-budget.ts). */
  userRulesPerLabel: boolean;
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
  learnBudgetMs: number;
  /** The default class the user chose (null: the inducer chooses, or adds none). */
  defaultLabel: string | null;
  /** Leave out triggers made only of function words (see function-words.ts). */
  avoidFunctionWords?: boolean;
  /** Learning inside a cross-validation fold: no nested estimate of its own. */
  inFold?: boolean;
  /**
   * Why a dev split was set aside (too small to judge on its own: see `devTooSmall`): covering
   * then learns as with no dev, its cross-validation on train choosing, and the summary says why.
   */
  devSetAside?: string;
  /**
   * Without dev, covering settings already chosen by covering's own cross-validation on the whole
   * train: a fold of the arbiter's cross-validation then only chooses where to cut, instead of
   * searching every setting again (the search is most of covering's cost).
   */
  coveringGrid?: CoveringGrid;
}

/** Covering settings its cross-validation chooses: passes, Wilson z, the train-wide bound, and how the list ends. */
export interface CoveringGrid {
  passes: number;
  z: number;
  global: boolean;
  track: 'none' | 'appended' | 'own';
  /** z of the global order the list is reordered by (none: covering's order). */
  orderZ?: number;
}

const D = TUNING.defaults;

/** Fills in defaults; see `InduceOptions` for what each means. */
export function resolveOptions(task: Task, options: InduceOptions = {}): ResolvedOptions {
  const dev = options.dev && options.dev.length ? options.dev : null;
  return {
    dev,
    seed: options.seed ?? 0,
    maxRules: options.maxRules ?? (task.type === 'classification' ? D.maxRulesClassification : D.maxRulesOther),
    maxRulesPerLabel: options.maxRulesPerLabel ?? D.maxRulesPerLabel,
    userRulesPerLabel: options.maxRulesPerLabel !== undefined,
    userMinPrecision: options.minPrecision ?? null,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    status: options.status ?? 'proposed',
    minSupport: options.minSupport ?? (dev ? D.minSupportWithDev : D.minSupportNoDev),
    minPrecision: options.minPrecision ?? D.minPrecision,
    minGainPrecision: options.minGainPrecision ?? (task.type === 'classification' ? D.minGainPrecisionClassification : D.minGainPrecisionOther),
    recallTolerance: options.recallTolerance ?? D.recallTolerance,
    maxCandidates: options.maxCandidates ?? D.maxCandidates,
    maxTrainExamples: options.maxTrainExamples ?? D.maxTrainExamples,
    idPrefix: options.idPrefix ?? 'ind-',
    learnBudgetMs: options.learnBudgetMs ?? D.learnBudgetMs,
    defaultLabel: options.defaultLabel?.trim() || null,
  };
}
