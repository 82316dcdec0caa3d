import { Correction } from '../core/schemas/correction.js';
import { type Db, insertNew } from './db.js';
import { decodeJson } from './decode.js';

interface Row {
  id: string;
  body: string;
}

/** Corrections of a dataset: a person's fix of a wrong output. */
export class CorrectionsRepo {
  constructor(private readonly db: Db) {}

  insert(datasetId: number, c: Correction): Correction {
    insertNew(`correction "${c.id}"`, () =>
      this.db
        .prepare('INSERT INTO corrections (dataset_id, id, example_id, body, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(datasetId, c.id, c.example_id, JSON.stringify(c), c.created_at),
    );
    return c;
  }

  get(datasetId: number, id: string): Correction | undefined {
    const r = this.db.prepare('SELECT id, body FROM corrections WHERE dataset_id = ? AND id = ?').get(datasetId, id) as Row | undefined;
    return r && decode(r, datasetId);
  }

  /** Corrections, oldest first; optionally those of one example. */
  list(datasetId: number, opts: { exampleId?: string } = {}): Correction[] {
    const rows = (
      opts.exampleId === undefined
        ? this.db.prepare('SELECT id, body FROM corrections WHERE dataset_id = ? ORDER BY rowid').all(datasetId)
        : this.db.prepare('SELECT id, body FROM corrections WHERE dataset_id = ? AND example_id = ? ORDER BY rowid').all(datasetId, opts.exampleId)
    ) as Row[];
    return rows.map((r) => decode(r, datasetId));
  }

  count(datasetId: number): number {
    return this.db.prepare('SELECT count(*) FROM corrections WHERE dataset_id = ?').pluck().get(datasetId) as number;
  }

  delete(datasetId: number, id: string): boolean {
    return this.db.prepare('DELETE FROM corrections WHERE dataset_id = ? AND id = ?').run(datasetId, id).changes > 0;
  }
}

const decode = (r: Row, datasetId: number): Correction => decodeJson(Correction, r.body, `correction "${r.id}" of dataset ${datasetId}`);
