import type { Answer } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';

/**
 * What prompts show, already reduced to plain data by the learning loop: prompt builders are pure
 * functions of these views.
 */

/** A correction as a prompt shows it. */
export interface CorrectionView {
  id: string;
  text: string;
  produced: Answer;
  expected: Answer;
  note: string;
}

/** Plain-English feedback as a prompt shows it. */
export interface FeedbackView {
  id: string;
  level: 'task' | 'rule' | 'example';
  target_id: string | null;
  text: string;
  /** Example-level feedback: the example's text (clipped). */
  example_text?: string;
}

/** A rule with its metrics on train, for a patch prompt. */
export interface RuleView {
  rule: Rule;
  /** Ensemble-attributed counts on train: the outputs this rule won that were right or wrong. */
  tp: number;
  fp: number;
  precision: number | null;
  /** Documents the rule matched on (alone, before conflicts). */
  fired: number;
  /** Whether a patch may rewrite or remove it. */
  editable: boolean;
}

export type FailureKind = 'missed' | 'spurious' | 'wrong_label' | 'wrong_boundary' | 'wrong_value';

/** One failure with its context. */
export interface FailureSample {
  example_id: string;
  /** The text around the failure, the item marked ⟦…⟧ (classification: the whole text, clipped). */
  context: string;
  gold: string | null;
  predicted: string | null;
  rule_id: string | null;
}

/** Failures of one kind on one label, with a bounded sample. */
export interface FailureCluster {
  kind: FailureKind;
  label: string;
  count: number;
  samples: FailureSample[];
  /** Rules behind the wrong outputs of this cluster, most frequent first. */
  rule_ids: string[];
}

/** Precision, recall and F1 (null when the denominator is empty). */
export interface Prf {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}
