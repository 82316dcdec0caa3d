// Its own module because both the regex compiler (compile-lexicon.ts) and the automaton it may
// build instead (aho-corasick.ts) read it; in either file it made the two import each other.

/** Lexicon matching options (see `LexiconOptions` in the rule schema). */
export interface LexiconMatchOptions {
  readonly caseSensitive: boolean;
  readonly wordBoundary: boolean;
}
