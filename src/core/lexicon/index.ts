export { AhoCorasick, type SpanSink } from './aho-corasick.js';
export { AUTOMATON_MIN_TERMS, compileLexicon, lexiconFlags, lexiconSource, type LexiconMatcher, type LexiconMatchOptions } from './compile-lexicon.js';
export { bmpFoldTable, caseVariantsOf, foldCodePoint } from './fold.js';
export { isWordChar, isWordCodePoint, WORD_CLASS, wordAt, wordBefore } from './word-chars.js';
