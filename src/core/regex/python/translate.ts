import type { Flags } from './ast.js';
import { Emitter } from './emit.js';
import { parsePython } from './parse.js';
import { canConsume, mayPreferEmpty, validate } from './validate.js';
import { nullable } from './word.js';

/*
 * Python `regex` (version 0) semantics, written out for V8's `u` mode:
 * - `\w` = [\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}], `\d` = \p{Nd}, `\s` = \p{White_Space}
 *   (identical to Python over all code points; Node 20's ICU and regex both carry Unicode 17);
 *   `\b`, `\B`, `\m`, `\M` as lookarounds on that `\w`, resolved statically next to known characters.
 * - `.` excludes only `\n`; `$` also matches before a final `\n`; `^`/`$` under MULTILINE only at `\n`;
 *   `\A`, `\Z`, `\z`.
 * - IGNORECASE by explicit case variants from Python's own table (no JS `i` flag, whose folding
 *   differs for the Turkish i's and for properties); scoped flags `(?i:...)`, `(?-i:...)`, and
 *   directives that last to the end of their group, as Python applies them.
 * - atomic groups and possessive quantifiers as `(?=(X))\N` with hidden groups (see groupIndex).
 * Anything whose meaning cannot be kept is refused with INVALID_RULE naming construct and offset.
 */

/** A Python `regex` pattern translated to JavaScript source for the `u` flag (no `i`, `m` or `s`: all explicit). */
export interface PythonTranslation {
  /** The faithful source; emitted on first read (most texts need only `asciiSource`). */
  readonly source: string;
  /** The same pattern for texts with no character above U+007F (see ascii-fast.ts), same groups. */
  readonly asciiSource: string;
  /** Whether `asciiSource` differs from `source` (it narrowed a class holding a Unicode property). */
  readonly narrowed: boolean;
  readonly groupCount: number;
  readonly groupNames: readonly (string | undefined)[];
  /** JavaScript group number of each user group; identity unless atomic groups added hidden ones. */
  readonly groupIndex: readonly number[];
  readonly inexactGroups: ReadonlyMap<number, string>;
  readonly canMatchEmpty: boolean;
  /**
   * For patterns that can match empty where a non-empty match could also start: a source that
   * matches only non-empty text at its start position (tried after an empty match, as Python's
   * finditer does), with its own group numbers.
   */
  readonly nonEmpty?: { readonly source: string; readonly asciiSource: string; readonly groupIndex: readonly number[] };
}

/** `fields` with a `source`: the ASCII-text one when nothing was narrowed, else what `emit` writes on its first read. */
function lazySource<T extends { asciiSource: string }>(fields: T, narrowed: boolean, emit: () => string): T & { readonly source: string } {
  let source: string | undefined = narrowed ? undefined : fields.asciiSource;
  return Object.defineProperty(fields, 'source', { enumerable: true, get: () => (source ??= emit()) }) as T & { readonly source: string };
}

/** Translates a Python `regex` pattern (with rule flags among `imsux`) faithfully, or throws INVALID_RULE. */
export function translatePython(pattern: string, ruleFlags: string): PythonTranslation {
  const flags: Flags = {
    i: ruleFlags.includes('i'),
    m: ruleFlags.includes('m'),
    s: ruleFlags.includes('s'),
    x: ruleFlags.includes('x'),
    a: false,
  };
  const parsed = parsePython(pattern, flags);
  const inexactGroups = validate(parsed);
  // The ASCII-text source is emitted now: it numbers the groups and raises any error the faithful
  // one would (they differ only in how a class holding a property is written).
  const main = new Emitter(0, true);
  const asciiSource = main.emit(parsed.root);
  const canMatchEmpty = nullable(parsed.root);
  let nonEmpty: PythonTranslation['nonEmpty'];
  // After an empty match Python looks for a non-empty one at the same place. Only a pattern that can
  // prefer an empty path over a non-empty one can have both there, so only such patterns need the
  // variant (whose remainder capture costs time linear in the rest of the text).
  if (canMatchEmpty && canConsume(parsed.root) && mayPreferEmpty(parsed.root)) {
    // Group 1 captures the rest of the text from the start; at the end, the rest must be shorter.
    const variant = (body: string): string => `(?=([^]*))(?:${body})(?!\\1)`;
    const e = new Emitter(1, true);
    const asciiVariant = variant(e.emit(parsed.root));
    nonEmpty = lazySource({ asciiSource: asciiVariant, groupIndex: e.groupIndex }, main.narrowed, () => variant(new Emitter(1).emit(parsed.root)));
  }
  return lazySource(
    {
      asciiSource,
      narrowed: main.narrowed,
      groupCount: parsed.groupCount,
      groupNames: parsed.groupNames,
      groupIndex: main.groupIndex,
      inexactGroups,
      canMatchEmpty,
      ...(nonEmpty ? { nonEmpty } : {}),
    },
    main.narrowed,
    () => new Emitter().emit(parsed.root),
  );
}
