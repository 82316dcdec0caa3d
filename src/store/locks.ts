import { hostname } from 'node:os';
import { type Db, retryBusy } from './db.js';
import { nowIso } from './decode.js';
import { processAlive } from './imports.js';

/** Who holds a named lock. */
export interface LockHolder {
  name: string;
  pid: number;
  host: string;
  started_at: string;
}

/**
 * Named locks between processes sharing a workspace, for work that must not run twice at once.
 * A lock dies with its process: one held by a process of this host that is gone (killed) is
 * taken over by the next process that asks.
 */
export class LocksRepo {
  constructor(private readonly db: Db) {}

  /** Takes `name` for this process and returns null, or returns the live holder. */
  tryAcquire(name: string): LockHolder | null {
    return retryBusy(this.db, () =>
      this.db
        .transaction(() => {
          const held = this.db.prepare('SELECT * FROM locks WHERE name = ?').get(name) as LockHolder | undefined;
          if (held && (held.host !== hostname() || processAlive(held.pid, held.started_at))) return held;
          this.db.prepare('INSERT OR REPLACE INTO locks (name, pid, host, started_at) VALUES (?, ?, ?, ?)').run(name, process.pid, hostname(), nowIso());
          return null;
        })
        .immediate(),
    );
  }

  /** Gives `name` up, if this process holds it. */
  release(name: string): void {
    retryBusy(this.db, () => this.db.prepare('DELETE FROM locks WHERE name = ? AND pid = ? AND host = ?').run(name, process.pid, hostname()));
  }
}
