import { RulewrightError } from '../errors.js';
import { isWordChar, WORD_CLASS } from './word-chars.js';

/** Lexicon matching options (see `LexiconOptions` in the rule schema). */
export interface LexiconMatchOptions {
  readonly caseSensitive: boolean;
  readonly wordBoundary: boolean;
}

/**
 * Compiles a term list into ONE regex: a trie written as nested alternations, so the engine
 * walks shared prefixes once and a failed first character costs one comparison. At any start
 * position the longest term wins (a node tries its continuations before ending), and matches are
 * leftmost and non-overlapping, like `finditer`.
 *
 * Word boundaries are Unicode-aware and apply per edge: a term edge that is a word character
 * (Python `regex` `\w`) must not touch another word character; an edge that is punctuation
 * (`C++`, `Inc.`) needs nothing, exactly like `\b` only meaning something next to a word
 * character. Case-insensitive matching uses the `i` + `u` flags (Unicode simple case folding);
 * the trie merges terms under the same folding so longest-first still holds across case variants.
 *
 * Measured against a JS Aho–Corasick automaton (test/bench/extract.bench.ts notes): irregexp's
 * native code for the trie regex scans faster on realistic term lists, and needs no second pass
 * for boundaries or leftmost-longest selection, so the trie regex is what ships.
 */
export function lexiconSource(terms: readonly string[], opts: LexiconMatchOptions): string {
  const root = new TrieNode();
  let added = 0;
  for (const term of terms) {
    if (!term) continue;
    const chars = [...term];
    let node = root;
    for (const ch of chars) {
      const key = opts.caseSensitive ? ch : foldKey(ch);
      let next = node.children.get(key);
      if (!next) {
        next = new TrieNode();
        node.children.set(key, next);
      }
      node = next;
    }
    node.end = true;
    // A boundary is needed at the end only when the term's last character is a word character.
    if (opts.wordBoundary && isWordChar(chars[chars.length - 1]!)) node.endNeedsBoundary = true;
    else node.endFree = true;
    added++;
  }
  if (!added) throw new RulewrightError('INVALID_RULE', 'lexicon has no terms: add at least one non-empty term');
  const guardAfter = `(?!${WORD_CLASS})`;
  const wordFirst: string[] = [];
  const otherFirst: string[] = [];
  for (const [ch, child] of sortedChildren(root)) {
    const branch = escapeChar(ch) + emit(child, guardAfter);
    (opts.wordBoundary && isWordChar(ch) ? wordFirst : otherFirst).push(branch);
  }
  const parts: string[] = [];
  if (wordFirst.length) parts.push(`(?<!${WORD_CLASS})(?:${wordFirst.join('|')})`);
  if (otherFirst.length) parts.push(`(?:${otherFirst.join('|')})`);
  return parts.length === 1 ? parts[0]! : `(?:${parts.join('|')})`;
}

/** Flags the lexicon regex is compiled with (plus `g` and `d` by the caller). */
export function lexiconFlags(opts: LexiconMatchOptions): string {
  return opts.caseSensitive ? 'u' : 'iu';
}

class TrieNode {
  readonly children = new Map<string, TrieNode>();
  end = false;
  /** Some term ends here with a word character (needs the after-boundary). */
  endNeedsBoundary = false;
  /** Some term ends here with no boundary requirement. */
  endFree = false;
}

/**
 * The key a character is merged under when matching ignores case, approximating Unicode simple
 * case folding (what `iu` matching uses): lower(upper(ch)) maps `ς`, `Σ` and `σ` together and the
 * Kelvin sign onto `k`; a character whose case mapping is not one code point (`ß`, `İ`) keys as itself.
 */
function foldKey(ch: string): string {
  const upper = ch.toUpperCase();
  const lower = (single(upper) ? upper : ch).toLowerCase();
  return single(lower) ? lower : ch;
}

const single = (s: string): boolean => s.length === 1 || (s.length === 2 && s.codePointAt(0)! > 0xffff);

function sortedChildren(node: TrieNode): [string, TrieNode][] {
  return [...node.children.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The regex for everything after the edge into `node`: continuations first (longest wins), then the end. */
function emit(node: TrieNode, guardAfter: string): string {
  const conts: string[] = [];
  for (const [ch, child] of sortedChildren(node)) conts.push(escapeChar(ch) + emit(child, guardAfter));
  const ending = !node.end ? null : node.endFree ? '' : guardAfter;
  if (!conts.length) return ending ?? '';
  const alt = conts.length === 1 ? conts[0]! : `(?:${conts.join('|')})`;
  if (ending === null) return alt;
  if (ending === '') return conts.length === 1 && isAtom(alt) ? `${alt}?` : `(?:${alt})?`;
  return `(?:${alt}|${ending})`;
}

/** Whether a regex fragment is a single atom a quantifier can follow directly. */
function isAtom(src: string): boolean {
  return [...src].length === 1 || /^\\.$/u.test(src);
}

const SYNTAX = new Set(['\\', '^', '$', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);

function escapeChar(ch: string): string {
  return SYNTAX.has(ch) ? `\\${ch}` : ch;
}
