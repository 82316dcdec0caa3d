import { RulewrightError } from '../errors.js';
import { LruCache } from './cache.js';
import { compileJs } from './js-dialect.js';
import { translatePython } from './python/translate.js';

export type Dialect = 'js' | 'python';

/** A compiled pattern: a global, `d`-flagged native RegExp plus its group names. */
export interface CompiledPattern {
  readonly regex: RegExp;
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
   * tried after an empty match as Python's `finditer` does; with its own group index. Its cost is
   * linear in the rest of the text, so such (useless) patterns are slow on long texts.
   */
  readonly nonEmpty?: { readonly regex: RegExp; readonly groupIndex: readonly number[] };
}

const cache = new LruCache<string, CompiledPattern | RulewrightError>(2000);

function build(pattern: string, flags: string, dialect: Dialect): CompiledPattern {
  if (dialect === 'js') {
    const c = compileJs(pattern, flags);
    const identity = Array.from({ length: c.groupCount + 1 }, (_, k) => k);
    return { ...c, dialect, groupIndex: identity, inexactGroups: new Map(), canMatchEmpty: false };
  }
  const t = translatePython(pattern, flags);
  try {
    const regex = new RegExp(t.source, 'dgu');
    const nonEmpty = t.nonEmpty ? { regex: new RegExp(t.nonEmpty.source, 'dguy'), groupIndex: t.nonEmpty.groupIndex } : undefined;
    return {
      regex,
      groupNames: t.groupNames,
      groupCount: t.groupCount,
      dialect,
      groupIndex: t.groupIndex,
      inexactGroups: t.inexactGroups,
      canMatchEmpty: t.canMatchEmpty,
      ...(nonEmpty ? { nonEmpty } : {}),
    };
  } catch (e) {
    if (/too large/i.test((e as Error).message)) {
      throw new RulewrightError('INVALID_RULE', `python dialect: the pattern is too large for JavaScript's regex engine (${(e as Error).message}); use smaller repetition counts`);
    }
    throw new RulewrightError('INTERNAL', `python dialect: the translation of ${JSON.stringify(pattern)} does not compile (${(e as Error).message}); please report this pattern`);
  }
}

/**
 * Compiles a rule pattern in its dialect to a native RegExp with the `g` and `d` flags (Python
 * dialect: also `u`, with Python `regex` semantics translated faithfully). Results, failures
 * included, are cached by (pattern, flags, dialect). Throws INVALID_RULE with the reason.
 *
 * The returned RegExp is shared: set `lastIndex` before each use.
 */
export function compilePattern(pattern: string, flags: string, dialect: Dialect): CompiledPattern {
  const key = `${dialect}\u0000${flags}\u0000${pattern}`;
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
