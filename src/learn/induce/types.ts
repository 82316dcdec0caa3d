import type { Example } from '../../core/schemas/example.js';
import type { Rule, RuleStatus, RuleWhen } from '../../core/schemas/rule.js';
import type { Condition } from './covering/subsume.js';
import type { DefaultChoice, DefaultVerdict } from './default-class.js';

/** Options of the offline inducer. Every field is optional; defaults suit small and large train sets. */
export interface InduceOptions {
  /**
   * Held-out examples for acceptance: a candidate joins the ruleset only if it raises dev F1 (or
   * raises precision with recall within `recallTolerance`), and rules that hurt dev are pruned.
   * Never mined for candidates. Without it, acceptance is judged on train.
   */
  dev?: readonly Example[];
  /** Seed for the deterministic sampling used when a train set exceeds `maxTrainExamples`. */
  seed?: number;
  /** At most this many rules are emitted (default 10000 for classification, counted before merging; 1000 otherwise). */
  maxRules?: number;
  /** At most this many rules of one label (default 200). */
  maxRulesPerLabel?: number;
  /** Called as covering proceeds with train examples covered so far and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Status of the emitted rules (default `proposed`: a person or the learning loop activates them). */
  status?: Extract<RuleStatus, 'proposed' | 'active'>;
  /** Fewest true positives on train a candidate needs (default 1 with a dev split, else 2). */
  minSupport?: number;
  /**
   * Precision floor. Classification: the lowest train precision of a rule (default none: the list
   * is cut where held-out F1 is best). Spans and fields: the lowest Laplace-smoothed train precision
   * of an eligible candidate (default 0.6).
   */
  minPrecision?: number;
  /**
   * Lowest precision of what a rule adds when it is accepted: the new true positives over the new
   * outputs (default 0.9 for classification, 0.75 for span and field tasks). Keeps precision high:
   * abstaining beats guessing.
   */
  minGainPrecision?: number;
  /** Recall a precision-raising change may cost and still be accepted (default 0.002). */
  recallTolerance?: number;
  /**
   * Cap on candidates run through the engine (default 6000), lowered further so that candidates
   * times text length stays within a fixed scan budget; each label keeps its best-supported first.
   */
  maxCandidates?: number;
  /** Train examples beyond this are sampled (seeded) to keep learning fast (default 20000). */
  maxTrainExamples?: number;
  /** Prefix of emitted rule ids (default `ind-`); ids are a hash of the rule's content, so stable. */
  idPrefix?: string;
  /**
   * Soft wall-clock budget in ms (default 90000): learning stops once it is spent, says so in the
   * report's notes and sets `budget_exhausted`.
   */
  learnBudgetMs?: number;
  /**
   * Classification: the default class, given by a last rule that fires on every text (default: the
   * most frequent train label, added only when held-out F1 says it helps; a label named here is
   * always the default).
   */
  defaultLabel?: string;
}

/** Precision, recall and F1 of a ruleset on one split (null: empty denominator). */
export interface SplitScore {
  n: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  tp: number;
  fp: number;
  fn: number;
}

/** One stage of induction: the ruleset size after it and its scores. */
export interface StageReport {
  stage: string;
  rules: number;
  train: SplitScore;
  dev: SplitScore | null;
  elapsed_ms: number;
}

/** Why candidates were dropped, with counts and a few named examples. */
export type DropReason =
  | 'low_support'
  | 'low_precision'
  | 'over_cap'
  | 'no_gain_train'
  | 'no_gain_dev'
  | 'pruned_dev'
  | 'pruned_train'
  | 'unsafe'
  | 'max_rules'
  | 'budget'
  /** An earlier rule fires wherever it fires: it could never decide a text. */
  | 'shadowed';

/** What induction did: candidates considered and kept, why others were dropped, scores per stage. */
export interface InduceReport {
  task_type: string;
  train_n: number;
  dev_n: number;
  candidates: {
    /** Generated candidates, by kind (word, stem, phrase, conj, lexicon, shape, context, …). */
    considered: number;
    by_kind: Record<string, number>;
    /** Passed the train support/precision filter and were run through the engine. */
    eligible: number;
    /** Ended up in the emitted rules (before rules of one label are merged). */
    kept: number;
  };
  dropped: Partial<Record<DropReason, number>>;
  /** A few dropped candidates per reason, by name. */
  dropped_examples: Partial<Record<DropReason, string[]>>;
  stages: StageReport[];
  /** Rules emitted, and (patches) ids of current rules the patch disables. */
  emitted: number;
  removed: string[];
  notes: string[];
  elapsed_ms: number;
  /** True when the time budget ran out before learning finished. */
  budget_exhausted?: boolean;
  /** Classification: the size of the train index (features and postings). */
  index?: { features: number; entries: number };
  /** Classification: what covering did (rules learned before the held-out cut, why it stopped). */
  covering?: { rules: number; stop: string; uncovered_train: number };
  /** Spans: the window index and what template selection did. */
  windows?: { windows: number; candidates: number; selected: number; unreachable_gold: number; stop: string };
  /** Labels with train examples that got no rule, and why. */
  labels_without_rules?: { label: string; reason: string }[];
  /** Classification without a dev split (or with one too small to judge): the k-fold cross-validated F1 of the chosen list. */
  cross_validation?: { folds: number; f1: number };
  /** Classification: the default class considered, whether its rule was added, and the held-out F1 that decided. */
  default?: {
    label: string;
    share: number;
    chosen_by: DefaultChoice['by'];
    added: boolean;
    verdict: DefaultVerdict;
  };
}

/** The inducer's answer: rules (provenance `induced`) and the report. */
export interface InduceResult {
  rules: Rule[];
  /** Patches only: ids of current rules that hurt and should be disabled. Empty for `induceRules`. */
  remove: string[];
  report: InduceReport;
}

/**
 * A proposed rule before it is a `Rule`: what it matches, what it emits, and why it was proposed.
 * Candidates are data (patterns and term lists), never code.
 */
export interface Candidate {
  /** Generator that proposed it: word, stem, phrase, conj, lexicon, shape, context, exclusion, … */
  kind: string;
  label: string;
  format: 'regex' | 'lexicon';
  pattern: string;
  flags: string;
  terms?: string[];
  caseSensitive?: boolean;
  group: '$0' | '$1';
  name: string;
  description: string;
  /** Higher = more specific; breaks ties in ordering (conjunction over phrase over word). */
  specificity: number;
  /** Shape candidates: the pattern's parts in order (a fixed source, or a word inventory that can be refined) and its edge boundaries. */
  shape?: { parts: ({ src: string } | { values: string[] })[]; left: string; right: string };
  /** The metadata condition the rule applies under (see Rule.when). */
  when?: RuleWhen;
  /** Classification: the feature keys the trigger is made of (words separated by spaces, `*` after a stem). */
  keys?: string[];
  /** Covering rules: their conditions by feature kind and key, so a merge can drop a member another one covers. */
  conditions?: readonly Condition[];
  /** Train evidence from the generator (cheap, approximate), used to rank before engine runs. */
  support?: number;
  precision?: number;
}
