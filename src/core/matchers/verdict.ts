// Apart from types.ts: the verdict cache and the pattern screen make verdicts, and types.ts's
// MatcherContext holds a cache and a screen, so with Verdict in types.ts each imported the other.

/** Why a matcher could not judge a pair (see `Verdict.issue`). */
export type VerdictIssue = 'timeout' | 'refused' | 'invalid';

/** A matcher's judgement of one (gold, predicted) pair. */
export interface Verdict {
  /** Similarity in 0..1 (1 = equivalent). */
  score: number;
  /** Whether the pair counts as a match. */
  passed: boolean;
  /** One line a person can read: why it passed or failed. */
  reason: string;
  details?: Record<string, unknown>;
  /**
   * Set when the verdict is a lexical stand-in for a semantic comparison (`semantic_similarity`
   * without an embedder), so every verdict says so, not only a run note.
   */
  lexical_fallback?: true;
  /**
   * Set when the matcher could not judge the pair and counted it as not matching: its pattern ran
   * out of the per-call time budget (`timeout`), the ReDoS screen refused it (`refused`), or a
   * pattern taken from the data does not compile (`invalid`).
   */
  issue?: VerdictIssue;
}
