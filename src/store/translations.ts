import { CachedTranslation } from '../core/schemas/translation.js';
import { type Db, isBusy } from './db.js';

/** A pattern's kept translation (see CachedTranslation). */
export interface KeptTranslation {
  pattern: string;
  flags: string;
  translation: CachedTranslation;
}

/**
 * Python-dialect translations kept between processes, under the revision of the translator that
 * wrote them. A cache: a row that does not decode is skipped (and written again), never an error.
 */
export class TranslationsRepo {
  constructor(private readonly db: Db) {}

  /** The kept translations of these (pattern, flags) pairs under `revision`, where there are any. */
  get(revision: string, wanted: readonly { pattern: string; flags: string }[]): KeptTranslation[] {
    if (!wanted.length) return [];
    const rows = this.db
      .prepare(
        // CROSS JOIN keeps the wanted pairs as the outer loop, each one a primary-key lookup
        // (left to itself the planner scans every kept translation for each pair).
        `SELECT t.pattern, t.flags, t.translation FROM json_each(?) w
         CROSS JOIN regex_translations t ON t.revision = ? AND t.flags = w.value ->> '$[1]' AND t.pattern = w.value ->> '$[0]'`,
      )
      .all(JSON.stringify(wanted.map((w) => [w.pattern, w.flags])), revision) as { pattern: string; flags: string; translation: string }[];
    const out: KeptTranslation[] = [];
    for (const r of rows) {
      const t = decode(r.translation);
      if (t) out.push({ pattern: r.pattern, flags: r.flags, translation: t });
    }
    return out;
  }

  /**
   * Keeps translations under `revision`, dropping every row an older translator wrote. Returns
   * false, having written nothing, when another process holds the workspace: a cache is not
   * worth waiting for.
   */
  put(revision: string, kept: readonly KeptTranslation[]): boolean {
    if (!kept.length) return true;
    const stmt = this.db.prepare('INSERT OR REPLACE INTO regex_translations (revision, flags, pattern, translation) VALUES (?, ?, ?, ?)');
    const write = this.db.transaction(() => {
      this.db.prepare('DELETE FROM regex_translations WHERE revision <> ?').run(revision);
      for (const k of kept) stmt.run(revision, k.flags, k.pattern, JSON.stringify(k.translation));
    });
    if (this.db.inTransaction) {
      write();
      return true;
    }
    const timeout = this.db.pragma('busy_timeout', { simple: true }) as number;
    this.db.pragma('busy_timeout = 0');
    try {
      write.immediate();
      return true;
    } catch (e) {
      if (isBusy(e)) return false;
      throw e;
    } finally {
      this.db.pragma(`busy_timeout = ${timeout}`);
    }
  }
}

function decode(text: string): CachedTranslation | undefined {
  try {
    const r = CachedTranslation.safeParse(JSON.parse(text));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}
