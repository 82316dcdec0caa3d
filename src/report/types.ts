import type { EvalReport } from '../core/schemas/eval-report.js';
import type { RuleMetrics } from '../core/schemas/rule-metrics.js';
import type { RuleWithMetrics } from '../core/schemas/rule-card.js';
import type { TaskType } from '../core/schemas/task.js';
import type { ReportDiff } from './diff-data.js';
import type { ReportUncovered } from './uncovered-data.js';

/** One stage of a learn run (before, synthesis, round N, pruning) with its held-out figures. */
export interface ReportLearnStage {
  stage: string;
  rules: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/** The latest learn run, as the report shows it. */
export interface ReportLearning {
  run_id: number;
  created_at: string;
  /** Newer learn runs that changed no rule (the report shows the run that did). */
  later_unchanged?: number;
  /** `llm` or `offline`; null when the run did not say. */
  proposer: string | null;
  model: string | null;
  /** Where the stages were scored (dev, or train when dev was empty). */
  judged_on: string | null;
  /** `ok`, or `failed` (then `stages` may be empty and `error` says why). */
  status: string;
  error: string | null;
  stages: ReportLearnStage[];
}

/** One point of the F1-vs-rules curve: the first `rules` rules in execution order, scored. */
export interface ReportRuleCurvePoint {
  rules: number;
  /** The rule added at this point (null: no rule). */
  rule_id: string | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/** The active rules' F1 as they are added in execution order, on the measurement split (thinned for large lists). */
export interface ReportRuleCurve {
  split: string;
  /** Active rules in the list (the last point's `rules`). */
  rules: number;
  points: ReportRuleCurvePoint[];
}

/** A rule card: the rule as stored, and its metrics when it was measured (active rules only). */
export type ReportRule = RuleWithMetrics<RuleMetrics>;

/** Everything the report shows; the builders turn it into HTML and read nothing else. */
export interface ReportData {
  /** rulewright's version, printed in the footer. */
  version: string;
  /** When the data was gathered (ISO 8601). */
  generated_at: string;
  dataset: {
    name: string;
    type: TaskType;
    description: string;
    labels: string[];
    examples: number;
    splits: Record<string, number>;
  };
  /** The task-level evaluation (the `eval --json` report) and how long it took. */
  evaluation: EvalReport;
  /** The per-rule measurement: its split, ensemble figures and notes. */
  measurement: {
    split: string;
    n: number;
    mode: string;
    f1: number | null;
    precision: number | null;
    recall: number | null;
    tp: number;
    fp: number;
    fn: number;
    dataset_hash: string;
    notes: string[];
  };
  /** z of the Wilson bounds. */
  wilson_z: number;
  ruleset_hash: string;
  /** Every rule not deleted, in any order (the report sorts them by marginal F1). */
  rules: ReportRule[];
  /** The latest learn run, or null when there has been none. */
  learning: ReportLearning | null;
  /** F1 as the active rules are added in execution order (absent: not gathered). */
  rule_curve?: ReportRuleCurve | null;
  /** The evaluation's false negatives by label (absent: not gathered). */
  uncovered?: ReportUncovered | null;
  /** What changed since an earlier eval run (`report --compare`); absent or null: not asked. */
  diff?: ReportDiff | null;
}
