import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { type Db, retryBusy, sleepSync } from './db.js';
import { nowIso } from './decode.js';

/**
 * Imports in progress. An import commits its rows in batches so that other processes can read
 * and write between them; until it completes, its rows and the dataset it creates carry its id
 * and every reader skips them, so a failed or killed import leaves nothing visible. The row is
 * also a lock on the dataset name: a second import into the same dataset waits for the first,
 * so two imports behave as if run one after the other.
 */

export interface ImportRow {
  id: number;
  dataset_name: string;
  dataset_id: number | null;
  creates: number;
  first_rowid: number | null;
  pid: number;
  host: string;
  started_at: string;
  heartbeat_at: string;
}

/** An import whose process is gone is abandoned; one silent this long on another host is too. */
const STALE_IMPORT_MS = 10 * 60_000;

/** Rows deleted per transaction when an abandoned import is cleaned up. */
const CLEANUP_BATCH = 20_000;

const POLL_MS = 200;

/**
 * Whether process `pid` of this host is still the one that wrote a row at `since`: a killed
 * process that is gone, a zombie, or a pid since reused by a process started later is not.
 */
export function processAlive(pid: number, since: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
  const started = processStart(pid);
  return started === null || (!['Z', 'X'].includes(started.state) && started.at <= Date.parse(since) + START_SLACK_MS);
}

/**
 * How long after a row was written a process with its pid must have started to be another one.
 * Generous: the start time is read in ticks since boot and mapped to today's clock, so a clock
 * stepped since would shift it, and a live holder taken for dead would lose its work.
 */
const START_SLACK_MS = 10 * 60_000;

/** Linux's clock ticks per second (sysconf(_SC_CLK_TCK)), 100 on every common kernel. */
const CLK_TCK = 100;

/** A process's state letter and start time (ms since the epoch) from /proc; null where there is no /proc. */
function processStart(pid: number): { state: string; at: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name (which may hold spaces): state is field 3, starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    const ticks = Number(fields[19]);
    if (!Number.isFinite(boot) || !Number.isFinite(ticks)) return null;
    return { state: fields[0] ?? '', at: boot * 1000 + (ticks * 1000) / CLK_TCK };
  } catch {
    return null;
  }
}

export class ImportsRepo {
  constructor(private readonly db: Db) {}

  /** Whether an import row no longer has a live owner. */
  isStale(row: ImportRow): boolean {
    // This process runs one import at a time: a row of its own is left over.
    if (row.host === hostname()) return row.pid === process.pid || !processAlive(row.pid, row.started_at);
    return Date.now() - Date.parse(row.heartbeat_at) > STALE_IMPORT_MS;
  }

  get(id: number): ImportRow | undefined {
    return this.db.prepare('SELECT * FROM imports WHERE id = ?').get(id) as ImportRow | undefined;
  }

  /**
   * Takes the import lock on `datasetName`, waiting while a live import holds it (`onWait` is
   * told once) and cleaning up after one that was abandoned. Returns the new import's id.
   */
  begin(datasetName: string, onWait?: (holder: ImportRow) => void): number {
    let told = false;
    for (;;) {
      const held = this.holder(datasetName);
      if (held && this.isStale(held)) this.abort(held.id);
      else if (held) {
        if (!told) onWait?.(held);
        told = true;
        sleepSync(POLL_MS);
        continue;
      }
      const id = retryBusy(this.db, () =>
        this.db
          .transaction(() => {
            if (this.db.prepare('SELECT 1 FROM imports WHERE dataset_name = ?').get(datasetName)) return undefined;
            const now = nowIso();
            const info = this.db
              .prepare('INSERT INTO imports (dataset_name, pid, host, started_at, heartbeat_at) VALUES (?, ?, ?, ?, ?)')
              .run(datasetName, process.pid, hostname(), now, now);
            return Number(info.lastInsertRowid);
          })
          .immediate(),
      );
      if (id !== undefined) return id;
    }
  }

  /**
   * Cleans up after an import into `datasetName` whose process is gone (killed, or its machine
   * stopped), so the name can be used again; an import still running is left alone.
   */
  clearAbandoned(datasetName: string): void {
    const held = this.holder(datasetName);
    if (held && this.isStale(held)) this.abort(held.id);
  }

  private holder(datasetName: string): ImportRow | undefined {
    return this.db.prepare('SELECT * FROM imports WHERE dataset_name = ?').get(datasetName) as ImportRow | undefined;
  }

  /** Records the dataset the import writes into (`creates`: a hidden one of its own). Call in a transaction. */
  attach(id: number, datasetId: number, creates: boolean): void {
    const next = ((this.db.prepare('SELECT max(rowid) FROM examples').pluck().get() as number | null) ?? 0) + 1;
    this.db.prepare('UPDATE imports SET dataset_id = ?, creates = ?, first_rowid = ? WHERE id = ?').run(datasetId, creates ? 1 : 0, next, id);
  }

  heartbeat(id: number): void {
    this.db.prepare('UPDATE imports SET heartbeat_at = ? WHERE id = ?').run(nowIso(), id);
  }

  /** Makes the import's rows and dataset visible. Call in the transaction that completes it. */
  finish(id: number): void {
    this.db.prepare('UPDATE datasets SET import_id = NULL WHERE import_id = ?').run(id);
    this.db.prepare('DELETE FROM imports WHERE id = ?').run(id);
  }

  /**
   * Removes what an import wrote (in batches, so readers are not held up by a large cleanup),
   * then the dataset it created, then its lock.
   */
  abort(id: number): void {
    const row = this.get(id);
    if (!row) return;
    if (row.dataset_id !== null && row.first_rowid !== null) {
      const del = this.db.prepare(
        'DELETE FROM examples WHERE rowid IN (SELECT rowid FROM examples WHERE rowid >= ? AND import_id = ? LIMIT ?)',
      );
      while (retryBusy(this.db, () => this.db.transaction(() => del.run(row.first_rowid, id, CLEANUP_BATCH).changes).immediate()) > 0);
    }
    retryBusy(this.db, () =>
      this.db
        .transaction(() => {
          if (row.creates) this.db.prepare('DELETE FROM datasets WHERE id = ? AND import_id = ?').run(row.dataset_id, id);
          this.db.prepare('DELETE FROM imports WHERE id = ?').run(id);
        })
        .immediate(),
    );
  }

  /** Rows an import has committed so far (they stay hidden until it finishes). */
  written(id: number): number {
    const row = this.get(id);
    if (!row || row.first_rowid === null) return 0;
    return this.db.prepare('SELECT count(*) FROM examples WHERE rowid >= ? AND import_id = ?').pluck().get(row.first_rowid, id) as number;
  }

  /** Ids of all imports in progress. */
  pending(): number[] {
    return this.db.prepare('SELECT id FROM imports').pluck().all() as number[];
  }
}

/**
 * The condition (for an `examples e` query) that skips rows of imports still in progress. It is
 * part of the statement, so a reader sees one snapshot: an import that completes between two of
 * its queries is never half seen.
 */
export const VISIBLE = ' AND coalesce(e.import_id, 0) NOT IN (SELECT id FROM imports)';
