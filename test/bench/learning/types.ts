/** What every case of the learning benchmark hands to the systems it compares. */
import type { Example } from '../../../src/core/schemas/example.js';
import type { RulesPerLabel } from '../../../src/core/metrics/rules-per-label.js';
import type { Task } from '../../../src/core/schemas/task.js';

/**
 * One benchmark case: a task and its labelled examples in three roles. Every system learns from
 * exactly `train` + `dev` (rulewright holds dev out for acceptance, the baselines train on both)
 * and is scored on `test`, which no system sees while learning.
 */
export interface BenchCase {
  name: string;
  task: Task;
  train: Example[];
  dev: Example[];
  test: Example[];
  /** How the case was built (splits, filters), printed under the table. */
  notes: string[];
  /** A binary case's positive class: its F1 is the figure to read. */
  positive?: string;
}

/** The test figures of one system on one case; ratios with an empty denominator are null. */
export interface SystemScore {
  n: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** Classification: correct / all, an abstention counting as wrong. Other tasks: exact-match share. */
  accuracy: number | null;
  /** Share of test examples given any output. */
  coverage: number | null;
  /** F1 per span label or field, and per class of a two-class task (absent for classification with more, whose classes are many). */
  per_label?: Record<string, number | null>;
}

/** One row of the benchmark: a system's score plus what learning cost. */
export interface SystemRun {
  case: string;
  system: string;
  /** Example counts of the case: train / dev / test. */
  examples: string;
  score: SystemScore | null;
  /** Rules learned (rulewright) or kept (keyword list); null for the statistical baseline. */
  rules: number | null;
  /** The same rules per label (median, max); null for the statistical baseline. */
  rules_per_label?: RulesPerLabel | null;
  /** F1 of the case's positive class (binary cases). */
  positive_f1?: number | null;
  /**
   * What `learn` expects on new text (service): its cross-validated estimate where it printed one,
   * else its final F1 on a dev split; null when it judged on train alone.
   */
  estimate?: number | null;
  learn_ms: number;
  /** Peak resident set size of the process, in MB (the process runs one system when started per pair). */
  peak_rss_mb: number;
  notes: string[];
  /** How the case was built (the case's own notes). */
  case_notes: string[];
}
