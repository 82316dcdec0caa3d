import type { Counts } from '../ratio.js';
import type { PatternScreen } from '../matchers/pattern-screen.js';
import type { Embedder, Judge, VerdictIssue } from '../matchers/types.js';
import type { MatcherRegistry } from '../matchers/registry.js';
import type { VerdictCache } from '../matchers/verdict-cache.js';
import type { MatchMode } from '../schemas/task.js';

export type { Counts };

/**
 * Error kinds of one example. An unmatched prediction and an unmatched gold item that overlap
 * are paired (best overlap first, then same label first): same label = `wrong_boundary`, different
 * label = `wrong_label`. A gold item left unpaired is `missing`, a prediction left unpaired is
 * `spurious`. Classification: a wrong label is `wrong_label`, an abstention `missing`, a label
 * where gold has none `spurious`. Transformation: a field (or list item) present on both sides
 * with a value that does not match is `wrong_value`.
 */
export interface ErrorCounts {
  wrong_label: number;
  wrong_boundary: number;
  wrong_value: number;
  missing: number;
  spurious: number;
}

/** nervaluate's SemEval-2013 counts: correct, incorrect, partial, missed, spurious. */
export interface SemevalCounts {
  cor: number;
  inc: number;
  par: number;
  mis: number;
  spu: number;
}

/** One side of an outcome: a span (offsets + text), a class label, or a transformation field value. */
export interface OutcomeItem {
  readonly label: string;
  readonly start?: number;
  readonly end?: number;
  readonly text?: string;
  readonly rule_id?: string | null;
  /** Transformation: the field value. */
  readonly value?: unknown;
}

export type OutcomeKind = 'match' | 'missed' | 'spurious' | 'wrong_label' | 'wrong_boundary' | 'wrong_value';

/**
 * One drill-down item. `credit` is the TP credit of a pair (1, or 0.5 for a semeval:partial PAR,
 * 0 for an error pair). Span items are the example's own Span / OutputSpan objects (not copies).
 */
export interface Outcome {
  kind: OutcomeKind;
  gold?: OutcomeItem;
  pred?: OutcomeItem;
  credit?: number;
  /** Transformation: the dotted field path. */
  field?: string;
  /** Why a matcher passed or failed the pair, when a matcher other than plain equality decided. */
  reason?: string;
  /** The verdict is a lexical stand-in for a semantic one (`semantic_similarity` with no embedder). */
  lexical_fallback?: true;
  /** The matcher could not judge the pair (see `Verdict.issue`) and counted it as not matching. */
  matcher_issue?: VerdictIssue;
}

/** A pair a matcher could not judge (its pattern timed out, was refused, or does not compile). */
export interface MatcherIssue {
  /** The dotted field path (transformation) or span label. */
  field: string;
  matcher: string;
  issue: VerdictIssue;
  reason: string;
}

/** The score of one prediction against one example. Counts are additive across examples. */
export interface ExampleScore {
  id: string;
  counts: Counts;
  /** Counts by class (span label, class label, or dotted field path); sums to `counts`. */
  per_class: Record<string, Counts>;
  /** The example's output is entirely correct (no FP, no FN in its scoring universe). */
  exact: boolean;
  /** The rules produced any output for it. */
  covered: boolean;
  errors: ErrorCounts;
  /** In `semeval:*` modes. */
  semeval?: SemevalCounts;
  /** Classification: the (display) gold and predicted labels; null = none / abstained. */
  confusion?: { gold: string | null; predicted: string | null };
  /** Observed examples: the rules against `truth` (where present) and the observed model against `truth`. */
  observed?: {
    agreement_exact: boolean;
    truth?: { counts: Counts; exact: boolean };
    model_truth?: { counts: Counts; exact: boolean };
  };
  /** Drill-down items (absent when the scorer was compiled with `outcomes: false`). */
  outcomes?: Outcome[];
  /** Pairs a matcher could not judge; collected even without outcomes, so a run can report them. */
  matcher_issues?: MatcherIssue[];
}

/** What scoring may use: matchers, injected judge/embedder, the async verdict cache. */
export interface ScoreContext {
  registry?: MatcherRegistry;
  judge?: Judge;
  embedder?: Embedder;
  verdicts?: VerdictCache;
  /** ReDoS screen verdicts of matcher patterns (see `screenScorerPatterns`). */
  patterns?: PatternScreen;
}

export interface ScorerOptions extends ScoreContext {
  /** Overrides `task.matching.mode` (e.g. `eval --mode`). */
  mode?: MatchMode;
  /** Collect drill-down outcomes (default true). Ranking loops turn this off. */
  outcomes?: boolean;
}
