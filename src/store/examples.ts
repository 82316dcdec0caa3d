import { createHash } from 'node:crypto';
import { RulewrightError } from '../core/errors.js';
import { Example, type ExampleSource, type Split } from '../core/schemas/example.js';
import type { Statement } from 'better-sqlite3';
import { type Db, isUniqueViolation } from './db.js';
import { decodeRawRow, decodeRow, encodeInto, type RawRow, type StoredRow } from './example-columns.js';
import { VISIBLE } from './imports.js';

/** Filters for listing examples. `label` matches the class, any span label, or a filled output field. */
export interface ExampleFilter {
  split?: Split;
  source?: ExampleSource;
  label?: string;
  limit?: number;
  offset?: number;
}

/** Raised when an insert meets an id that is already present (in the dataset or earlier in the batch). */
export class DuplicateIdError extends RulewrightError {
  constructor(
    readonly exampleId: string,
    /** Index in the batch of the row that was rejected. */
    readonly index: number,
    /** Index in the batch of the first row with that id, or null when it was already in the dataset. */
    readonly firstIndex: number | null,
  ) {
    super(
      'BAD_INPUT',
      firstIndex === null
        ? `duplicate id "${exampleId}": the dataset already has an example with this id; give it a new id or import into another dataset`
        : `duplicate id "${exampleId}" (also used by example ${firstIndex + 1} of this import): ids must be unique`,
    );
  }
}

export interface SplitRow {
  id: string;
  split: Split;
  source: ExampleSource;
  /** JSON array of the example's gold labels (see answerLabels). */
  labels: string;
  /** The example's text (none for an example given as fields only). */
  text: string | null;
}

/** Examples of a dataset: id/split/source as columns, the rest as a JSON body. */
export class ExamplesRepo {
  private readonly inserts = new Map<number, Statement>();

  constructor(private readonly db: Db) {}

  /** The highest sequence number in a dataset (-1 when empty), pending imports included. */
  maxSeq(datasetId: number): number {
    return (this.db.prepare('SELECT max(seq) FROM examples WHERE dataset_id = ?').pluck().get(datasetId) as number | null) ?? -1;
  }

  /**
   * Inserts examples after the dataset's existing ones. Call inside a transaction so a failure
   * leaves nothing behind. `onProgress` is called every `every` rows. A batch of a larger import
   * passes `batch`: its rows carry the import's id (hidden until it completes), and a duplicate is
   * reported by its index in the whole import (`offset` rows came before this batch, whose rows
   * follow sequence number `baseSeq`).
   */
  insertMany(
    datasetId: number,
    examples: readonly Example[],
    onProgress?: (done: number, total: number) => void,
    every = 5000,
    batch?: { importId: number; baseSeq: number; offset: number },
  ): number {
    const start = this.maxSeq(datasetId);
    const base = batch ? batch.baseSeq : start;
    const offset = batch ? batch.offset : 0;
    const importId = batch?.importId ?? null;
    const n = examples.length;
    const args: unknown[] = new Array(INSERT_CHUNK * INSERT_COLS);
    for (let from = 0; from < n; from += INSERT_CHUNK) {
      const m = Math.min(INSERT_CHUNK, n - from);
      for (let j = 0; j < m; j++) {
        const e = examples[from + j]!;
        const o = j * INSERT_COLS;
        args[o] = datasetId;
        args[o + 1] = e.id;
        args[o + 2] = start + 1 + from + j;
        args[o + 3] = e.split;
        args[o + 4] = e.source;
        encodeInto(e, args, o + 5);
        args[o + 8] = importId;
      }
      try {
        this.insertStatement(m).run(m === INSERT_CHUNK ? args : args.slice(0, m * INSERT_COLS));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // The statement left none of its rows: insert them one by one to find the duplicate.
        const one = this.insertStatement(1);
        for (let j = 0; j < m; j++) {
          try {
            one.run(args.slice(j * INSERT_COLS, (j + 1) * INSERT_COLS));
          } catch (e1) {
            if (!isUniqueViolation(e1)) throw e1;
            const id = examples[from + j]!.id;
            const seq = this.db.prepare('SELECT seq FROM examples WHERE dataset_id = ? AND id = ?').pluck().get(datasetId, id) as number;
            throw new DuplicateIdError(id, offset + from + j, seq > base ? seq - base - 1 : null);
          }
        }
        throw err;
      }
      const done = from + m;
      if (onProgress && Math.floor(done / every) > Math.floor(from / every)) {
        for (let k = (Math.floor(from / every) + 1) * every; k <= done; k += every) onProgress(k, n);
      }
    }
    onProgress?.(n, n);
    return n;
  }

  /** The INSERT of `rows` rows, prepared once per connection. */
  private insertStatement(rows: number): Statement {
    let stmt = this.inserts.get(rows);
    if (!stmt) {
      const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
      stmt = this.db.prepare(`INSERT INTO examples (dataset_id, id, seq, split, source, labels, body, hash, import_id) VALUES ${values}`);
      this.inserts.set(rows, stmt);
    }
    return stmt;
  }

  get(datasetId: number, id: string): Example | undefined {
    const r = this.db.prepare(`SELECT id, split, source, body FROM examples e WHERE dataset_id = ? AND id = ?${VISIBLE}`).get(datasetId, id) as
      | StoredRow
      | undefined;
    return r && decodeRow(r, datasetId);
  }

  count(datasetId: number, f: Omit<ExampleFilter, 'limit' | 'offset'> = {}): number {
    const { where, params } = whereOf(datasetId, f);
    // One statement, so one snapshot: with no import in progress the count stays index-only.
    return this.db
      .prepare(
        `SELECT CASE WHEN EXISTS (SELECT 1 FROM imports)
           THEN (SELECT count(*) FROM examples e WHERE ${where}${VISIBLE})
           ELSE (SELECT count(*) FROM examples e WHERE ${where}) END`,
      )
      .pluck()
      .get(...params, ...params) as number;
  }

  /** Examples in import order, filtered and paged. */
  list(datasetId: number, f: ExampleFilter = {}): Example[] {
    const { where, params } = this.whereOf(datasetId, f);
    const rows = this.db
      .prepare(`SELECT id, split, source, body FROM examples e WHERE ${where} ORDER BY seq LIMIT ? OFFSET ?`)
      .all(...params, f.limit ?? -1, f.offset ?? 0) as StoredRow[];
    return rows.map((r) => decodeRow(r, datasetId));
  }

  /**
   * The examples of one split in import order, with a fingerprint of exactly those rows in that
   * order (ids, labels and texts, from the stored content hashes): a cache of what rules gave on the
   * split is valid while the fingerprint is, and reading it costs no second query.
   */
  listFingerprinted(datasetId: number, split: Split): { examples: Example[]; fingerprint: string } {
    const { where, params } = this.whereOf(datasetId, { split });
    const rows = this.db.prepare(`SELECT seq, id, split, source, body, hash FROM examples e WHERE ${where} ORDER BY seq`).raw().all(...params) as [
      ...RawRow,
      string,
    ][];
    const h = createHash('sha256');
    let piece = '';
    const examples = rows.map((r) => {
      piece += `${r[5]}\n`;
      if (piece.length >= HASH_PIECE) {
        h.update(piece);
        piece = '';
      }
      return decodeRawRow(r as unknown as RawRow, datasetId);
    });
    return { examples, fingerprint: h.update(piece).digest('hex') };
  }

  /** Streams examples in import order without holding them all (for large datasets). */
  *iterate(datasetId: number, f: Omit<ExampleFilter, 'limit' | 'offset'> = {}): Generator<Example> {
    const { where, params } = this.whereOf(datasetId, f);
    const stmt = this.db.prepare(`SELECT id, split, source, body FROM examples e WHERE ${where} ORDER BY seq`);
    for (const r of stmt.iterate(...params) as Iterable<StoredRow>) yield decodeRow(r, datasetId);
  }

  /**
   * The examples `list` gives (unpaged), in batches of at most `size.rows` examples and, past the
   * first example of a batch, `size.chars` characters of stored body (long documents make smaller
   * batches). Each batch is read by a statement of its own and no cursor stays open between
   * batches, so the caller may await and use the connection in between. Only the examples up to
   * the last one visible at the first read are given: an import that completes meanwhile appends
   * rows after them.
   */
  *batches(datasetId: number, f: Omit<ExampleFilter, 'limit' | 'offset'>, size: { rows: number; chars?: number }): Generator<Example[]> {
    const { where, params } = this.whereOf(datasetId, f);
    const last = this.db.prepare(`SELECT max(e.seq) FROM examples e WHERE ${where}`).pluck().get(...params) as number | null;
    if (last === null) return;
    // Raw rows read by `.all()` in chunks: for short rows a cursor stepped row by row (`iterate`)
    // costs about twice as much, and a chunk bounds what one read holds beyond a batch's chars.
    const stmt = this.db
      .prepare(`SELECT seq, id, split, source, body FROM examples e WHERE ${where} AND e.seq > ? AND e.seq <= ? ORDER BY e.seq LIMIT ?`)
      .raw();
    const rows = Math.max(1, Math.floor(size.rows));
    const maxChars = size.chars ?? Infinity;
    for (let after = Number.MIN_SAFE_INTEGER; after < last; ) {
      const batch: Example[] = [];
      let chars = 0;
      let full = false;
      while (!full) {
        const limit = chunkRows(rows - batch.length, maxChars - chars, batch.length, chars);
        const chunk = stmt.all(...params, after, last, limit) as RawRow[];
        for (const r of chunk) {
          batch.push(decodeRawRow(r, datasetId));
          after = r[0];
          chars += r[4].length;
          if (batch.length === rows || chars >= maxChars) {
            full = true;
            break;
          }
        }
        if (chunk.length < limit || after >= last) break;
      }
      if (!batch.length) return;
      yield batch;
      if (!full) return;
    }
  }

  /** What a split needs: id, current split, source, gold labels and text of every example. */
  splitRows(datasetId: number): SplitRow[] {
    return this.db
      .prepare(`SELECT id, split, source, labels, json_extract(body, '$.text') AS text FROM examples e WHERE dataset_id = ?${VISIBLE} ORDER BY seq`)
      .all(datasetId) as SplitRow[];
  }

  /** Writes new splits (only rows whose split changes are touched). Call inside a transaction. */
  setSplits(datasetId: number, splits: ReadonlyMap<string, Split>): number {
    const stmt = this.db.prepare('UPDATE examples SET split = ? WHERE dataset_id = ? AND id = ? AND split <> ?');
    let changed = 0;
    for (const [id, split] of splits) changed += stmt.run(split, datasetId, id, split).changes;
    return changed;
  }

  /**
   * The dataset's gold hash (optionally of one split): stable and order-independent. Equal to
   * `datasetHash` of the rows, streamed: SQLite sorts the `split:hash` keys (ASCII, so byte order
   * is JS order) and they are hashed as they come, without building the joined string.
   */
  hash(datasetId: number, split?: Split): string {
    const sql = `SELECT split || ':' || hash AS k FROM examples e WHERE dataset_id = ?${split ? ' AND split = ?' : ''}${VISIBLE} ORDER BY k`;
    const h = createHash('sha256');
    // keys are gathered into pieces of about 64 KB: one update per key costs more than the hashing
    let piece = '';
    let first = true;
    for (const k of this.db.prepare(sql).pluck().iterate(...(split ? [datasetId, split] : [datasetId])) as Iterable<string>) {
      piece += first ? k : `\n${k}`;
      first = false;
      if (piece.length >= HASH_PIECE) {
        h.update(piece);
        piece = '';
      }
    }
    return h.update(piece).digest('hex');
  }

  /** Counts by split and by source. */
  countsBy(datasetId: number, column: 'split' | 'source'): Record<string, number> {
    const rows = this.db
      .prepare(`SELECT ${column} AS k, count(*) AS n FROM examples e WHERE dataset_id = ?${VISIBLE} GROUP BY ${column}`)
      .all(datasetId) as { k: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.k, r.n]));
  }

  /** Examples per split that carry each gold label (class, span label, or filled field). */
  labelPresenceBySplit(datasetId: number): { split: string; label: string; n: number }[] {
    return this.db
      .prepare(
        `SELECT e.split AS split, l.value AS label, count(*) AS n
         FROM examples e, json_each(e.labels) l WHERE e.dataset_id = ?${VISIBLE} GROUP BY 1, 2`,
      )
      .all(datasetId) as { split: string; label: string; n: number }[];
  }

  /** Gold span mentions per split and label (an observed example's truth when it has one). */
  spanCountsBySplit(datasetId: number): { split: string; label: string; n: number }[] {
    return this.db
      .prepare(
        `SELECT e.split AS split, json_extract(s.value, '$.label') AS label, count(*) AS n
         FROM examples e, json_each(e.body,
           CASE WHEN e.source = 'observed' AND json_type(e.body, '$.truth') IS NOT NULL
                THEN '$.truth.spans' ELSE '$.spans' END) s
         WHERE e.dataset_id = ?${VISIBLE} GROUP BY 1, 2`,
      )
      .all(datasetId) as { split: string; label: string; n: number }[];
  }

  /** Examples per split whose gold answer is empty (no class, no span, no filled field). */
  unlabeledBySplit(datasetId: number): Record<string, number> {
    const rows = this.db
      .prepare(`SELECT split AS k, count(*) AS n FROM examples e WHERE dataset_id = ? AND labels = '[]'${VISIBLE} GROUP BY split`)
      .all(datasetId) as { k: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.k, r.n]));
  }

  delete(datasetId: number, id: string): boolean {
    return this.db.prepare(`DELETE FROM examples AS e WHERE dataset_id = ? AND id = ?${VISIBLE}`).run(datasetId, id).changes > 0;
  }

  private whereOf(datasetId: number, f: Omit<ExampleFilter, 'limit' | 'offset'>): { where: string; params: unknown[] } {
    const w = whereOf(datasetId, f);
    return { where: w.where + VISIBLE, params: w.params };
  }
}

/** Characters of `split:hash` keys hashed per update (see `hash`). */
const HASH_PIECE = 1 << 16;

/** Columns bound per inserted row. */
const INSERT_COLS = 9;
/**
 * Rows per INSERT statement: one statement per row spends more time crossing into SQLite than
 * SQLite spends inserting a short row (measured: 64 rows a statement inserts 200k short rows
 * about a third faster). 64 × 9 parameters stays far below SQLite's variable limit.
 */
const INSERT_CHUNK = 64;

/** Rows per chunk of a batch: at most 1,024, and about as many as the batch's characters left allow (from the rows so far). */
function chunkRows(rowsLeft: number, charsLeft: number, rowsSoFar: number, charsSoFar: number): number {
  if (charsLeft === Infinity) return Math.min(rowsLeft, 1024);
  const perRow = rowsSoFar ? Math.max(1, charsSoFar / rowsSoFar) : Infinity;
  return Math.max(1, Math.min(rowsLeft, 1024, rowsSoFar ? Math.ceil(charsLeft / perRow) : 16));
}

function whereOf(datasetId: number, f: Omit<ExampleFilter, 'limit' | 'offset'>): { where: string; params: unknown[] } {
  const conds = ['e.dataset_id = ?'];
  const params: unknown[] = [datasetId];
  if (f.split) {
    conds.push('e.split = ?');
    params.push(f.split);
  }
  if (f.source) {
    conds.push('e.source = ?');
    params.push(f.source);
  }
  if (f.label !== undefined) {
    conds.push('EXISTS (SELECT 1 FROM json_each(e.labels) WHERE value = ?)');
    params.push(f.label);
  }
  return { where: conds.join(' AND '), params };
}
