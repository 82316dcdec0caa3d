import { describeIssues, RulewrightError } from '../core/errors.js';
import { type NewRun, Run, type RunKind, type RunOf, type StoredRun, type UnreadableRun } from '../core/schemas/run.js';
import { type Db, retryBusy } from './db.js';
import { nowIso } from './decode.js';

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

/** Recorded eval, metrics, rank, prune, learn and undo runs, typed by kind (see `Run`). */
export class RunsRepo {
  constructor(private readonly db: Db) {}

  /** Records a run; one that does not match its kind's schema is a bug here, never written. */
  insert<R extends NewRun>(datasetId: number, run: R): RunOf<R['kind']> {
    const created = run.created_at ?? nowIso();
    const dataset = (this.db.prepare('SELECT name FROM datasets WHERE id = ?').get(datasetId) as { name: string } | undefined)?.name ?? '';
    const checked = Run.safeParse({ ...run, id: 0, dataset, created_at: created });
    if (!checked.success) throw new RulewrightError('INTERNAL', `a ${run.kind} run does not match its schema (${describeIssues(checked.error)}): this is a bug in rulewright; please report it`);
    const stmt = this.db.prepare(
      `INSERT INTO runs (dataset_id, kind, created_at, dataset_hash, ruleset_hash, config, result, elapsed_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const config = JSON.stringify(checked.data.config);
    const result = JSON.stringify(checked.data.result);
    // The run's work is done: a busy workspace delays its record, never loses it.
    const info = retryBusy(this.db, () => stmt.run(datasetId, run.kind, created, run.dataset_hash, run.ruleset_hash, config, result, run.elapsed_ms));
    return { ...checked.data, id: Number(info.lastInsertRowid) } as RunOf<R['kind']>;
  }

  get(id: number): StoredRun | undefined {
    const r = this.db.prepare(`${SELECT} WHERE r.id = ?`).get(id) as Row | undefined;
    return r && decodeRun(r);
  }

  /** Runs of a dataset, newest first. */
  list(datasetId: number, opts: { kind?: RunKind; limit?: number } = {}): StoredRun[] {
    const rows = this.db
      .prepare(`${SELECT} WHERE r.dataset_id = ?${opts.kind ? ' AND r.kind = ?' : ''} ORDER BY r.id DESC LIMIT ?`)
      .all(...[datasetId, ...(opts.kind ? [opts.kind] : []), opts.limit ?? -1]) as Row[];
    return rows.map(decodeRun);
  }

  /** The newest run of a kind, if any (unreadable when it was recorded by another version). */
  latest<K extends RunKind>(datasetId: number, kind: K): RunOf<K> | UnreadableRun | undefined {
    return this.list(datasetId, { kind, limit: 1 })[0] as RunOf<K> | UnreadableRun | undefined;
  }
}

/**
 * A row as a typed run. A row that does not parse (another version's shape, or edited outside
 * rulewright) is returned as unreadable with the reason, so one old run never hides the others.
 */
function decodeRun(r: Row): StoredRun {
  const { config, result, ...head } = r;
  const unreadable = (why: string): UnreadableRun => ({
    id: head.id,
    dataset: head.dataset,
    kind: head.kind,
    created_at: head.created_at,
    dataset_hash: head.dataset_hash,
    ruleset_hash: head.ruleset_hash,
    elapsed_ms: head.elapsed_ms,
    unreadable: why,
  });
  let parsed: { config: unknown; result: unknown };
  try {
    parsed = { config: JSON.parse(config) as unknown, result: JSON.parse(result) as unknown };
  } catch (e) {
    return unreadable(`not JSON (${(e as Error).message})`);
  }
  const run = Run.safeParse({ ...head, ...parsed });
  return run.success ? run.data : unreadable(describeIssues(run.error));
}
