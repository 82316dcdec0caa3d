import type { Example, ExampleSource, Split } from '../core/schemas/example.js';
import type { TaskType } from '../core/schemas/task.js';
import type { FormatName } from '../formats/types.js';
import type { RulechefStored } from './import-rulechef.js';

/**
 * Result shapes of the service API: plain JSON-serializable objects with snake_case keys, printed
 * as-is by `--json` and rendered as tables otherwise.
 */

export type SplitCounts = Record<Split, number>;

export interface DatasetSummary {
  name: string;
  type: TaskType;
  description: string;
  labels: string[];
  examples: number;
  created_at: string;
}

export interface CreateDatasetResult extends DatasetSummary {
  workspace: string;
}

export interface ImportResult {
  dataset: string;
  created: boolean;
  file: string;
  format: FormatName;
  task_type: TaskType;
  imported: number;
  /** Span mentions imported (span tasks), else null. */
  spans: number | null;
  splits: SplitCounts;
  labels: string[];
  /** Labels the task did not list before this import. */
  new_labels: string[];
  warnings: string[];
  /** A RuleChef dataset file: the corrections, feedback and rules stored with its examples. */
  rulechef?: RulechefStored;
  examples_total: number;
  dataset_hash: string;
  parse_ms: number;
  insert_ms: number;
  elapsed_ms: number;
}

export interface ExportResult {
  dataset: string;
  file: string;
  format: 'jsonl' | 'csv' | 'conll';
  examples: number;
  dataset_hash: string;
}

export interface SplitResult {
  dataset: string;
  seed: number;
  dev: number;
  test: number;
  /** Examples already in test that were kept there (when no test fraction was given). */
  kept_test: number;
  /** Corrections, which always stay in train. */
  locked: number;
  changed: number;
  splits: SplitCounts;
  /** Groups of near-duplicate texts (windows of one document, a message re-sent) kept in one split each, and the examples in them. */
  near_duplicates: NearDuplicates;
  dataset_hash: string;
}

/** Groups of near-duplicate texts a split kept whole, and how many examples they hold. */
export interface NearDuplicates {
  groups: number;
  examples: number;
}

export interface SplitStats {
  examples: number;
  spans: number | null;
  unlabeled: number;
  labels: Record<string, number>;
}

export interface DatasetStats {
  dataset: string;
  type: TaskType;
  examples: number;
  /** Gold span mentions (span tasks), else null. */
  spans: number | null;
  /** Examples with an empty gold answer (no class, no span, no filled field). */
  unlabeled: number;
  splits: SplitCounts;
  sources: Record<ExampleSource, number>;
  /** What `labels` counts: span mentions, examples per class, or examples with the field filled. */
  label_unit: 'spans' | 'examples';
  label_count: number;
  labels: Record<string, number>;
  by_split: Record<Split, SplitStats>;
  dataset_hash: string;
}

export interface ExampleList {
  dataset: string;
  total: number;
  offset: number;
  limit: number | null;
  examples: Example[];
}

/**
 * Progress of a long operation, for a progress bar: rows parsed or inserted by an import,
 * documents the rules have run over (`execute`), examples scored for per-rule figures (`score`),
 * examples looked at for overlaps and conflicts between rules (`compare`), or a pruning step's
 * candidate rules measured (`prune`, with its `step`), or train examples the offline inducer's rules
 * cover so far (`learn`).
 */
export interface Progress {
  phase: 'parse' | 'insert' | 'execute' | 'score' | 'compare' | 'prune' | 'learn';
  done: number;
  total: number;
  step?: number;
}

/** A core (done, total) callback that reports one phase of a long operation. */
export function phaseProgress(report: ((p: Progress) => void) | undefined, phase: Progress['phase']): ((done: number, total: number) => void) | undefined {
  return report && ((done, total) => report({ phase, done, total }));
}
