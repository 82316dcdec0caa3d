// Apart from types.ts so that the pattern screen can name the patterns it screens without
// importing the matcher types, whose MatcherContext holds a PatternScreen.

/** A pattern as a RegExp would run it: its source and flags. */
export interface PatternSource {
  source: string;
  flags: string;
}
