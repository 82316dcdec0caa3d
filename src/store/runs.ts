import { Run, type RunKind } from '../core/schemas/index.js';
import { type Db, retryBusy } from './db.js';
import { nowIso, parseJson, validate } from './decode.js';

/** A run to record: everything but the id (and the timestamp, which defaults to now). */
export type NewRun = Omit<Run, 'id' | 'dataset' | 'created_at'> & { created_at?: string };

interface Row {
  id: number;
  dataset: string;
  kind: string;
  created_at: string;
  dataset_hash: string;
  ruleset_hash: string;
  config: string;
  result: string;
  elapsed_ms: number;
}

const SELECT = `SELECT r.id, d.name AS dataset, r.kind, r.created_at, r.dataset_hash, r.ruleset_hash, r.config, r.result, r.elapsed_ms
  FROM runs r JOIN datasets d ON d.id = r.dataset_id`;

/** Recorded eval, metrics, rank, prune, learn and undo runs. */
export class RunsRepo {
  constructor(private readonly db: Db) {}

  insert(datasetId: number, run: NewRun): Run {
    const created = run.created_at ?? nowIso();
    const stmt = this.db.prepare(
      `INSERT INTO runs (dataset_id, kind, created_at, dataset_hash, ruleset_hash, config, result, elapsed_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const config = JSON.stringify(run.config);
    const result = JSON.stringify(run.result);
    // The run's work is done: a busy workspace delays its record, never loses it.
    const info = retryBusy(this.db, () => stmt.run(datasetId, run.kind, created, run.dataset_hash, run.ruleset_hash, config, result, run.elapsed_ms));
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(id: number): Run | undefined {
    const r = this.db.prepare(`${SELECT} WHERE r.id = ?`).get(id) as Row | undefined;
    return r && decodeRun(r);
  }

  /** Runs of a dataset, newest first. */
  list(datasetId: number, opts: { kind?: RunKind; limit?: number } = {}): Run[] {
    const rows = this.db
      .prepare(`${SELECT} WHERE r.dataset_id = ?${opts.kind ? ' AND r.kind = ?' : ''} ORDER BY r.id DESC LIMIT ?`)
      .all(...[datasetId, ...(opts.kind ? [opts.kind] : []), opts.limit ?? -1]) as Row[];
    return rows.map(decodeRun);
  }

  /** The newest run of a kind, if any. */
  latest(datasetId: number, kind: RunKind): Run | undefined {
    return this.list(datasetId, { kind, limit: 1 })[0];
  }
}

function decodeRun(r: Row): Run {
  const where = `run ${r.id}`;
  return validate(Run, { ...r, config: parseJson(r.config, `${where} config`), result: parseJson(r.result, `${where} result`) }, where);
}
