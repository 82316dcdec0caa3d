import { primeTranslations, translationRecord } from '../core/regex/compile.js';
import { TRANSLATION_REVISION } from '../core/regex/python/translation-record.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Store } from '../store/index.js';
import type { KeptTranslation } from '../store/translations.js';

/**
 * Gives the compiler the workspace's kept translations of these rules' Python-dialect patterns,
 * and keeps the ones it did not have yet. Every command is a cold process, and translating 126
 * patterns cost it about as much as running them on 200 texts. Writing is best effort: a busy or
 * read-only workspace only misses the saving next time.
 */
export function useKeptTranslations(store: Store, rules: readonly Rule[]): void {
  const wanted = new Map<string, { pattern: string; flags: string }>();
  for (const r of rules) if (r.format === 'regex' && r.dialect === 'python') wanted.set(`${r.flags}\u0000${r.pattern}`, { pattern: r.pattern, flags: r.flags });
  if (!wanted.size) return;
  const kept = store.translations.get(TRANSLATION_REVISION, [...wanted.values()]);
  primeTranslations(kept);
  for (const k of kept) wanted.delete(`${k.flags}\u0000${k.pattern}`);
  const fresh: KeptTranslation[] = [];
  for (const w of wanted.values()) {
    const translation = translationRecord(w.pattern, w.flags);
    if (translation) fresh.push({ ...w, translation });
  }
  try {
    store.translations.put(TRANSLATION_REVISION, fresh);
  } catch {
    // A read-only or damaged workspace: the rules still run, translated afresh.
  }
}
