import { RulewrightError } from '../errors.js';
import { patternLimitIssue } from '../safety/pattern-limits.js';
import { LruCache } from './cache.js';
import { compileJs } from './js-dialect.js';
import type { CachedTranslation } from '../schemas/translation.js';
import { translatePython } from './python/translate.js';
import { fromRecord, toRecord } from './python/translation-record.js';

export type Dialect = 'js' | 'python';

/** A compiled pattern: a global, `d`-flagged native RegExp plus its group names. */
export interface CompiledPattern {
  /**
   * The native RegExp. Python dialect: built on first read, since a pattern with Unicode classes
   * costs V8 milliseconds to build and compile and most texts need only `asciiRegex`.
   */
  readonly regex: RegExp;
  /**
   * Python dialect: the same matches on a text with no character above U+007F (`isAscii` in
   * match.ts) and the same groups, far cheaper to compile: each class holding a Unicode property
   * narrowed to its ASCII members. Null when nothing was narrowed (then `regex` is as cheap), and
   * for the JS dialect.
   */
  readonly asciiRegex: RegExp | null;
  /** Names of capture groups by group number (index 0 unused; undefined for unnamed groups). */
  readonly groupNames: readonly (string | undefined)[];
  /** Capture groups the rule's author wrote (hidden helper groups are not counted). */
  readonly groupCount: number;
  readonly dialect: Dialect;
  /**
   * The `regex` group (index into `match.indices`) of each of the author's groups, index 0 = whole
   * match. The identity except where atomic groups or possessive quantifiers were emulated with
   * hidden groups; `matchSpans` in `match.ts` applies it.
   */
  readonly groupIndex: readonly number[];
  /**
   * Groups whose offsets can differ from Python's (the whole match never does), with the reason;
   * a rule must not use one as its output group (`groupNumber` in `match.ts` refuses it).
   */
  readonly inexactGroups: ReadonlyMap<number, string>;
  /** Python dialect: whether the pattern can match the empty string. */
  readonly canMatchEmpty: boolean;
  /**
   * Python dialect, patterns that can match empty and could also match non-empty text at the same
   * place (e.g. `\d*|\w`, `a*?`): a sticky regex matching only non-empty text at `lastIndex`,
   * tried after an empty match as Python's `finditer` does; with its own group index (and its
   * ASCII-text twin, as above). Its cost is linear in the rest of the text, so such (useless)
   * patterns are slow on long texts.
   */
  readonly nonEmpty?: { readonly regex: RegExp; readonly asciiRegex: RegExp | null; readonly groupIndex: readonly number[] };
}

const cache = new LruCache<string, CompiledPattern | RulewrightError>(2000);

/** Translations a workspace kept (see primeTranslations), by cache key; consumed when compiled. */
const primed = new Map<string, CachedTranslation>();
/**
 * What a workspace would keep of each Python-dialect pattern compiled here. Held by the compiled
 * pattern itself, so a record lives exactly as long as what it describes stays cached.
 */
const records = new WeakMap<CompiledPattern, CachedTranslation>();

const keyOf = (pattern: string, flags: string, dialect: Dialect) => `${dialect}\u0000${flags}\u0000${pattern}`;

/**
 * Hands the compiler Python-dialect translations kept from an earlier process (a workspace's,
 * under TRANSLATION_REVISION): compiling one of those patterns then skips parsing and emitting,
 * which is most of a cold command's compile time. A pattern already compiled keeps its result.
 */
export function primeTranslations(entries: Iterable<{ pattern: string; flags: string; translation: CachedTranslation }>): void {
  for (const e of entries) {
    const key = keyOf(e.pattern, e.flags, 'python');
    if (!cache.get(key)) primed.set(key, e.translation);
  }
}

/** Forgets every compiled pattern and kept translation (tests; processes that churn patterns). */
export function clearPatternCache(): void {
  cache.clear();
  primed.clear();
}

/**
 * What a workspace should keep of a Python-dialect pattern's translation (compiling it if need
 * be); undefined when the pattern does not compile.
 */
export function translationRecord(pattern: string, flags: string): CachedTranslation | undefined {
  try {
    return records.get(compilePattern(pattern, flags, 'python'));
  } catch {
    return undefined;
  }
}

/** A translated Python pattern as a native RegExp; a failure is a typed error naming the pattern. */
function nativePython(source: string, flags: string, pattern: string): RegExp {
  try {
    return new RegExp(source, flags);
  } catch (e) {
    if (/too large/i.test((e as Error).message)) {
      throw new RulewrightError('INVALID_RULE', `python dialect: the pattern is too large for JavaScript's regex engine (${(e as Error).message}); use smaller repetition counts`);
    }
    throw new RulewrightError('INTERNAL', `python dialect: the translation of ${JSON.stringify(pattern)} does not compile (${(e as Error).message}); please report this pattern`);
  }
}

/**
 * The ASCII-text regex now (building it also proves the translation compiles: the faithful source
 * has the same structure), and the faithful one on first read of `regex`; when nothing was
 * narrowed, one regex serves both.
 */
function pythonRegexes(t: { source: string; asciiSource: string }, narrowed: boolean, flags: string, pattern: string): { readonly regex: RegExp; readonly asciiRegex: RegExp | null } {
  const asciiRegex = nativePython(t.asciiSource, flags, pattern);
  if (!narrowed) return { regex: asciiRegex, asciiRegex: null };
  let regex: RegExp | undefined;
  return {
    get regex() {
      return (regex ??= nativePython(t.source, flags, pattern));
    },
    asciiRegex,
  };
}

function build(pattern: string, flags: string, dialect: Dialect): CompiledPattern {
  // Before the translator or XRegExp recurse on it (see PATTERN_LIMITS).
  const tooLarge = patternLimitIssue(pattern, flags, dialect);
  if (tooLarge) throw new RulewrightError('INVALID_RULE', tooLarge, { reason: 'limit' });
  if (dialect === 'js') {
    const c = compileJs(pattern, flags);
    const identity = Array.from({ length: c.groupCount + 1 }, (_, k) => k);
    return { ...c, asciiRegex: null, dialect, groupIndex: identity, inexactGroups: new Map(), canMatchEmpty: false };
  }
  const key = keyOf(pattern, flags, dialect);
  const kept = primed.get(key);
  primed.delete(key);
  const t = kept ? fromRecord(kept, pattern, flags) : translatePython(pattern, flags);
  const main = pythonRegexes(t, t.narrowed, 'dgu', pattern);
  const nonEmpty = t.nonEmpty ? Object.assign(pythonRegexes(t.nonEmpty, t.narrowed, 'dguy', pattern), { groupIndex: t.nonEmpty.groupIndex }) : undefined;
  const compiled = Object.assign(main, {
    groupNames: t.groupNames,
    groupCount: t.groupCount,
    dialect,
    groupIndex: t.groupIndex,
    inexactGroups: t.inexactGroups,
    canMatchEmpty: t.canMatchEmpty,
    ...(nonEmpty ? { nonEmpty } : {}),
  });
  records.set(compiled, kept ?? toRecord(t));
  return compiled;
}

/**
 * Compiles a rule pattern in its dialect to a native RegExp with the `g` and `d` flags (Python
 * dialect: also `u`, with Python `regex` semantics translated faithfully). Results, failures
 * included, are cached by (pattern, flags, dialect). Throws INVALID_RULE with the reason.
 *
 * The returned RegExp is shared: set `lastIndex` before each use.
 */
export function compilePattern(pattern: string, flags: string, dialect: Dialect): CompiledPattern {
  const key = keyOf(pattern, flags, dialect);
  const hit = cache.get(key);
  if (hit instanceof RulewrightError) throw hit;
  if (hit) return hit;
  try {
    const compiled = build(pattern, flags, dialect);
    cache.set(key, compiled);
    return compiled;
  } catch (e) {
    if (e instanceof RulewrightError) cache.set(key, e);
    throw e;
  }
}
