// Apart from corrections.ts because correction-holds.ts needs it and corrections.ts checks
// whether corrections hold: with the prefix in corrections.ts, the two imported each other.

/** The prefix of the training example a correction becomes. */
export const CORRECTION_EXAMPLE_PREFIX = 'correction-';
