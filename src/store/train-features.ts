import { type Db, retryBusy } from './db.js';
import { corrupt, nowIso } from './decode.js';

/** One indexed feature: its key (`kind:text`), its number in build order, its documents (ascending train positions). */
export interface StoredFeature {
  key: string;
  id: number;
  docs: Int32Array;
}

/**
 * The train split's feature index, kept for the train rows it was built from (their fingerprint):
 * a feature's documents are one row, so reading the few features of one text costs a lookup
 * where building the index costs tokenizing all of train.
 */
export class TrainFeaturesRepo {
  constructor(private readonly db: Db) {}

  /** The kept index's fingerprint and document count, if there is one. */
  state(datasetId: number): { fingerprint: string; docs: number } | undefined {
    return this.db.prepare('SELECT fingerprint, docs FROM train_features_state WHERE dataset_id = ?').get(datasetId) as { fingerprint: string; docs: number } | undefined;
  }

  /**
   * Replaces the dataset's index, all or nothing (one transaction); false when nothing was kept: a
   * workspace opened read-only keeps nothing, as the index only saves time.
   */
  replace(datasetId: number, fingerprint: string, docs: number, features: readonly { key: string; docs: Int32Array }[]): boolean {
    if (this.db.readonly) return false;
    const insert = this.db.prepare('INSERT INTO train_features (dataset_id, key, id, docs) VALUES (?, ?, ?, ?)');
    retryBusy(this.db, () =>
      this.db
        .transaction(() => {
          this.db.prepare('DELETE FROM train_features WHERE dataset_id = ?').run(datasetId);
          features.forEach((f, id) => insert.run(datasetId, f.key, id, encodeDocs(f.docs)));
          this.db
            .prepare(
              `INSERT INTO train_features_state (dataset_id, fingerprint, docs, built_at) VALUES (?, ?, ?, ?)
               ON CONFLICT (dataset_id) DO UPDATE SET fingerprint = excluded.fingerprint, docs = excluded.docs, built_at = excluded.built_at`,
            )
            .run(datasetId, fingerprint, docs, nowIso());
        })
        .immediate(),
    );
    return true;
  }

  /** The kept features among `keys`, in build order; each checked (ascending documents below the index's count). */
  lookup(datasetId: number, keys: readonly string[], docs: number): StoredFeature[] {
    const rows: StoredRow[] = [];
    const stmt = this.db.prepare('SELECT key, id, docs FROM train_features WHERE dataset_id = ? AND key = ?');
    for (const k of new Set(keys)) {
      const r = stmt.get(datasetId, k) as StoredRow | undefined;
      if (r) rows.push(r);
    }
    return decodeRows(rows.sort((a, b) => a.id - b.id), docs, datasetId);
  }

  /** Every kept feature, in build order, checked as `lookup` checks them. */
  all(datasetId: number, docs: number): StoredFeature[] {
    return decodeRows(this.db.prepare('SELECT key, id, docs FROM train_features WHERE dataset_id = ? ORDER BY id').all(datasetId) as StoredRow[], docs, datasetId);
  }
}

interface StoredRow {
  key: string;
  id: number;
  docs: Buffer;
}

function decodeRows(rows: readonly StoredRow[], docs: number, datasetId: number): StoredFeature[] {
  return rows.map((r) => ({ key: r.key, id: r.id, docs: decodeDocs(r.docs, docs, `train feature "${r.key}" of dataset ${datasetId}`) }));
}

/** A feature's documents as 32-bit little-endian integers (the file reads the same on any machine). */
function encodeDocs(docs: Int32Array): Buffer {
  const b = Buffer.allocUnsafe(docs.length * 4);
  for (let i = 0; i < docs.length; i++) b.writeInt32LE(docs[i]!, i * 4);
  return b;
}

/** `encodeDocs` read back, checked: ascending documents below the index's count, else the row is corrupt. */
function decodeDocs(b: Buffer, n: number, where: string): Int32Array {
  if (b.byteLength % 4 !== 0) throw corrupt(where, `${b.byteLength} bytes is not a list of 32-bit documents`);
  const docs = new Int32Array(b.byteLength / 4);
  for (let i = 0; i < docs.length; i++) {
    const d = (docs[i] = b.readInt32LE(i * 4));
    if (d < 0 || d >= n || (i > 0 && d <= docs[i - 1]!)) throw corrupt(where, `document ${d} is out of order or beyond the ${n} train documents`);
  }
  return docs;
}
