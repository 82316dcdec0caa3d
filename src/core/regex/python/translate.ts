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
  readonly source: string;
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
  readonly nonEmpty?: { readonly source: string; readonly groupIndex: readonly number[] };
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
  const main = new Emitter();
  const source = main.emit(parsed.root);
  const canMatchEmpty = nullable(parsed.root);
  let nonEmpty: PythonTranslation['nonEmpty'];
  // After an empty match Python looks for a non-empty one at the same place. Only a pattern that can
  // prefer an empty path over a non-empty one can have both there, so only such patterns need the
  // variant (whose remainder capture costs time linear in the rest of the text).
  if (canMatchEmpty && canConsume(parsed.root) && mayPreferEmpty(parsed.root)) {
    // Group 1 captures the rest of the text from the start; at the end, the rest must be shorter.
    const e = new Emitter(1);
    nonEmpty = { source: `(?=([^]*))(?:${e.emit(parsed.root)})(?!\\1)`, groupIndex: e.groupIndex };
  }
  return {
    source,
    groupCount: parsed.groupCount,
    groupNames: parsed.groupNames,
    groupIndex: main.groupIndex,
    inexactGroups,
    canMatchEmpty,
    ...(nonEmpty ? { nonEmpty } : {}),
  };
}
