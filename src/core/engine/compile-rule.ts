import { RulewrightError } from '../errors.js';
import { canonicalJson } from '../hash.js';
import { lexiconFlags, lexiconSource } from '../lexicon/compile-lexicon.js';
import { compilePattern } from '../regex/compile.js';
import type { Rule } from '../schemas/rule.js';
import { nonEmptyRetryRegex } from './non-empty-retry.js';

/**
 * A rule's compiled matcher: one global, `d`-flagged native RegExp and which group is the span.
 * Shared between rules with the same pattern, so its `lastIndex` is always reset before use.
 */
export interface Matcher {
  readonly regex: RegExp;
  /** Group number of the span (0: whole match), or -1 when `groupName` names it. */
  readonly group: number;
  readonly groupName: string | undefined;
  /** Advance by code point (not UTF-16 unit) after an empty match. */
  readonly unicode: boolean;
  /**
   * Python `finditer` semantics: after an empty match at p, the next match may still START at p
   * if it is non-empty. A sticky regex that only matches non-empty at its `lastIndex`, with the
   * span group shifted by `retryShift`; null when the dialect is `js` or the pattern cannot be
   * wrapped (then the search just moves on, as in JS).
   */
  retry: RegExp | null | undefined;
  readonly retryShift: number;
  readonly python: boolean;
}

/** A rule ready to run: the rule, its label and its matcher. */
export interface CompiledRule {
  readonly rule: Rule;
  readonly id: string;
  readonly label: string;
  readonly matcher: Matcher;
}

const CACHE_LIMIT = 4096;
const cache = new Map<string, Matcher>();

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
  if (matcher) {
    // Refresh recency (Map iteration order is insertion order).
    cache.delete(key);
  } else {
    matcher = buildMatcher(rule);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, matcher);
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
      throw new RulewrightError('INVALID_RULE', `rule ${rule.id}: a lexicon rule's output group must be $0 (got ${rule.output.group})`);
    const regex = new RegExp(lexiconSource(rule.terms ?? [], opts), `${lexiconFlags(opts)}dg`);
    return { regex, group: 0, groupName: undefined, unicode: true, retry: null, retryShift: 0, python: false };
  }
  if (!rule.pattern.trim())
    throw new RulewrightError('INVALID_RULE', `rule ${rule.id}: the pattern is empty; give a regex that matches what the rule extracts`);
  const compiled = compilePattern(rule.pattern, rule.flags, rule.dialect);
  const regex = compiled.regex.global && compiled.regex.hasIndices ? compiled.regex : new RegExp(compiled.regex.source, withFlags(compiled.regex.flags));
  const { group, groupName } = resolveGroup(rule, regex, compiled.groupNames, compiled.groupCount);
  const unicode = regex.unicode || regex.unicodeSets;
  return { regex, group, groupName, unicode, retry: undefined, retryShift: 1, python: rule.dialect === 'python' };
}

function withFlags(flags: string): string {
  let f = flags;
  if (!f.includes('g')) f += 'g';
  if (!f.includes('d')) f += 'd';
  return f;
}

/** Resolves `$N` or a group name to what the matcher reads; the group must exist in the pattern. */
function resolveGroup(
  rule: Rule,
  regex: RegExp,
  names: readonly (string | undefined)[],
  count: number,
): { group: number; groupName: string | undefined } {
  const g = rule.output.group;
  const numbered = /^\$(\d+)$/.exec(g);
  if (numbered) {
    const n = Number(numbered[1]);
    if (n > count)
      throw new RulewrightError(
        'INVALID_RULE',
        `rule ${rule.id}: output group ${g} does not exist: the pattern has ${count} capture group(s)`,
      );
    return { group: n, groupName: undefined };
  }
  const name = g.startsWith('$') ? g.slice(1) : g;
  if (!names.includes(name) && !hasNamedGroup(regex, name))
    throw new RulewrightError('INVALID_RULE', `rule ${rule.id}: output group "${name}" is not a named group of the pattern`);
  const index = names.indexOf(name);
  return index > 0 ? { group: index, groupName: undefined } : { group: -1, groupName: name };
}

/** Whether the pattern declares a named group, read from a match of an always-matching copy. */
function hasNamedGroup(regex: RegExp, name: string): boolean {
  const probe = new RegExp(`${regex.source}|`, regex.flags.replace(/[gyd]/g, ''));
  const groups = probe.exec('')?.groups;
  return !!groups && Object.prototype.hasOwnProperty.call(groups, name);
}

/** The lazily built Python non-empty retry regex of a matcher (see `Matcher.retry`). */
export function retryOf(m: Matcher): RegExp | null {
  if (m.retry === undefined) m.retry = m.python ? nonEmptyRetryRegex(m.regex) : null;
  return m.retry;
}
