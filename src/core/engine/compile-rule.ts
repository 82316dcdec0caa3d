import { RulewrightError } from '../errors.js';
import { canonicalJson } from '../hash.js';
import type { AhoCorasick } from '../lexicon/aho-corasick.js';
import { compileLexicon } from '../lexicon/compile-lexicon.js';
import { compilePattern } from '../regex/compile.js';
import { groupNumber } from '../regex/match.js';
import { Prefilter, sourceOf } from './prefilter.js';
import type { Rule } from '../schemas/rule.js';
import { LruCache } from '../regex/cache.js';

/**
 * A rule's compiled matcher: one global, `d`-flagged native RegExp and which group is the span.
 * Shared between rules with the same pattern, so its `lastIndex` is always reset before use.
 */
export interface Matcher {
  /** A large lexicon's automaton; when set, `regex` is unused. */
  readonly automaton: AhoCorasick | null;
  /** The faithful regex. Python dialect: built on first read (see `asciiRegex`). */
  readonly regex: RegExp;
  /**
   * The regex for texts with no character above U+007F: same matches and groups as `regex`, a
   * fraction of its compile cost (see `CompiledPattern.asciiRegex`); null when it is `regex` itself.
   */
  readonly asciiRegex: RegExp | null;
  /** Index into `match.indices` of the span group (0: the whole match). */
  readonly group: number;
  /** Advance by code point (not UTF-16 unit) after an empty match. */
  readonly unicode: boolean;
  /**
   * Python `finditer` semantics: after an empty match at p, the next match may still START at p
   * if it is non-empty. A sticky regex (from the dialect) that only matches non-empty text at its
   * `lastIndex`, and its index of the span group; null for the JS dialect and for patterns that
   * cannot match empty.
   */
  readonly retry: RegExp | null;
  /** `retry` for texts with no character above U+007F; null when `asciiRegex` is. */
  readonly asciiRetry: RegExp | null;
  readonly retryGroup: number;
  /** Skips texts that lack every literal a match needs (null for automata; Python's faithful regex is not screened). */
  readonly prefilter: Prefilter | null;
}

/** A rule ready to run: the rule, its label and its matcher. */
export interface CompiledRule {
  readonly rule: Rule;
  readonly id: string;
  readonly label: string;
  readonly matcher: Matcher;
}

/** Placeholder regex of automaton matchers (never run). */
const NEVER = /(?!)/dg;

const CACHE_LIMIT = 4096;
const cache = new LruCache<string, Matcher>(CACHE_LIMIT);

/** The cache key: everything that changes what a rule matches, and nothing else. */
function matcherKey(rule: Rule): string {
  return canonicalJson(
    rule.format === 'lexicon'
      ? ['lexicon', rule.terms ?? [], rule.lexicon ?? {}, rule.output.group]
      : ['regex', rule.pattern, rule.flags, rule.dialect, rule.output.group],
  );
}

/**
 * Compiles a rule once (cached by format, pattern or terms, flags, dialect and options).
 * Throws INVALID_RULE when the pattern does not compile, is empty, or names a group it lacks.
 */
export function compileRule(rule: Rule): CompiledRule {
  const key = matcherKey(rule);
  let matcher = cache.get(key);
  if (!matcher) cache.set(key, (matcher = buildMatcher(rule)));
  return { rule, id: rule.id, label: rule.output.label, matcher };
}

/** Forgets every compiled matcher (tests, long-running processes that churn patterns). */
export function clearCompileCache(): void {
  cache.clear();
}

function buildMatcher(rule: Rule): Matcher {
  if (rule.format === 'lexicon') {
    const opts = {
      caseSensitive: rule.lexicon?.case_sensitive ?? false,
      wordBoundary: rule.lexicon?.word_boundary ?? true,
    };
    if (rule.output.group !== '$0')
      throw new RulewrightError('INVALID_RULE', `rule ${rule.id}: a lexicon rule's output group must be $0 (got ${rule.output.group})`, {
        reason: 'group',
      });
    const lex = compileLexicon(rule.terms ?? [], opts);
    const plain = { asciiRegex: null, group: 0, unicode: true, retry: null, asciiRetry: null, retryGroup: 0 };
    if (lex.kind === 'automaton') return { automaton: lex.automaton, regex: NEVER, ...plain, prefilter: null };
    return { automaton: null, regex: lex.regex, ...plain, prefilter: new Prefilter({ faithful: sourceOf(lex.regex), ascii: null }) };
  }
  if (!rule.pattern.trim())
    throw new RulewrightError('INVALID_RULE', `rule ${rule.id}: the pattern is empty; give a regex that matches what the rule extracts`, {
      reason: 'empty',
    });
  const cp = compilePattern(rule.pattern, rule.flags, rule.dialect);
  let n: number;
  try {
    n = groupNumber(cp, rule.output.group);
  } catch (e) {
    throw new RulewrightError('INVALID_RULE', `rule ${rule.id}: ${(e as Error).message}`, { reason: 'group' });
  }
  const group = cp.groupIndex[n] ?? n;
  const retryGroup = cp.nonEmpty?.groupIndex[n] ?? n;
  if (cp.asciiRegex === null) {
    const regex = cp.regex.global && cp.regex.hasIndices ? cp.regex : new RegExp(cp.regex.source, withFlags(cp.regex.flags));
    const unicode = regex.unicode || regex.flags.includes('v');
    const prefilter = new Prefilter({ faithful: sourceOf(regex), ascii: null });
    return { automaton: null, regex, asciiRegex: null, group, unicode, retry: cp.nonEmpty?.regex ?? null, asciiRetry: null, retryGroup, prefilter };
  }
  // Python dialect with an ASCII-text regex (always `gdu`): the faithful regex is read through `cp`
  // on first use, so rules that only ever meet ASCII text never build it.
  return {
    automaton: null,
    get regex() {
      return cp.regex;
    },
    asciiRegex: cp.asciiRegex,
    group,
    unicode: true,
    get retry() {
      return cp.nonEmpty?.regex ?? null;
    },
    asciiRetry: cp.nonEmpty?.asciiRegex ?? null,
    retryGroup,
    prefilter: new Prefilter({ faithful: null, ascii: sourceOf(cp.asciiRegex) }),
  };
}

function withFlags(flags: string): string {
  let f = flags;
  if (!f.includes('g')) f += 'g';
  if (!f.includes('d')) f += 'd';
  return f;
}
