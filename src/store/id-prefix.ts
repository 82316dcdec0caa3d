import type { Db } from './db.js';

/** The tables whose rows people name by a text id, per dataset. */
export type IdTable = 'examples' | 'rules' | 'corrections' | 'feedback';

const TABLES: ReadonlySet<IdTable> = new Set(['examples', 'rules', 'corrections', 'feedback']);

/**
 * Past every string that starts with a prefix: SQLite compares text bytewise, and no UTF-8
 * character sorts after U+10FFFF, so `[prefix, prefix + MAX)` is exactly the ids with that prefix
 * and the (dataset_id, id) unique index answers it without a scan.
 */
const MAX_CHAR = '\u{10FFFF}';

/** Finds ids by the start people typed of them (git-style short ids). */
export class IdPrefixRepo {
  constructor(private readonly db: Db) {}

  /** Whether `id` is one of the dataset's ids in `table` as written. */
  has(table: IdTable, datasetId: number, id: string): boolean {
    return this.db.prepare(`SELECT 1 FROM ${checked(table)} WHERE dataset_id = ? AND id = ?`).get(datasetId, id) !== undefined;
  }

  /** Up to `limit` of the dataset's ids in `table` that start with `prefix`, in id order. */
  startingWith(table: IdTable, datasetId: number, prefix: string, limit: number): string[] {
    const rows = this.db
      .prepare(`SELECT id FROM ${checked(table)} WHERE dataset_id = ? AND id >= ? AND id < ? ORDER BY id LIMIT ?`)
      .all(datasetId, prefix, prefix + MAX_CHAR, limit) as { id: string }[];
    return rows.map((r) => r.id).filter((id) => id.startsWith(prefix));
  }
}

/** The table name, checked against the list (it is spliced into the SQL). */
function checked(table: IdTable): IdTable {
  if (!TABLES.has(table)) throw new Error(`no id table "${String(table)}"`);
  return table;
}
