import type { CachedTranslation } from '../../schemas/translation.js';
import { type PythonTranslation, translatePython } from './translate.js';

/**
 * Names what a translation means. A workspace keeps translations under it, so a rulewright that
 * translates differently never reads an older one: bump it whenever the emitted sources, group
 * numbering or any field of CachedTranslation can change (the translation fingerprint test says
 * when).
 */
export const TRANSLATION_REVISION = 'python-1';

/** What a workspace keeps of a translation (see CachedTranslation). */
export function toRecord(t: PythonTranslation): CachedTranslation {
  return {
    ascii_source: t.asciiSource,
    narrowed: t.narrowed,
    group_count: t.groupCount,
    group_names: t.groupNames.map((n) => n ?? null),
    group_index: [...t.groupIndex],
    inexact_groups: [...t.inexactGroups],
    can_match_empty: t.canMatchEmpty,
    ...(t.nonEmpty ? { non_empty: { ascii_source: t.nonEmpty.asciiSource, group_index: [...t.nonEmpty.groupIndex] } } : {}),
  };
}

/**
 * The translation a record stands for. Sources that were narrowed for ASCII text get their
 * faithful twin by translating the pattern again, on first read only.
 */
export function fromRecord(r: CachedTranslation, pattern: string, flags: string): PythonTranslation {
  let full: PythonTranslation | undefined;
  const again = () => (full ??= translatePython(pattern, flags));
  const t: PythonTranslation = {
    get source() {
      return r.narrowed ? again().source : r.ascii_source;
    },
    asciiSource: r.ascii_source,
    narrowed: r.narrowed,
    groupCount: r.group_count,
    groupNames: r.group_names.map((n) => n ?? undefined),
    groupIndex: r.group_index,
    inexactGroups: new Map(r.inexact_groups),
    canMatchEmpty: r.can_match_empty,
  };
  const ne = r.non_empty;
  if (!ne) return t;
  return Object.assign(t, {
    nonEmpty: {
      get source() {
        return r.narrowed ? again().nonEmpty!.source : ne.ascii_source;
      },
      asciiSource: ne.ascii_source,
      groupIndex: ne.group_index,
    },
  });
}
