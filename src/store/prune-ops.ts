import { z } from 'zod';
import { RuleStatus } from '../core/schemas/rule.js';
import type { Db } from './db.js';
import { decodeJson, nowIso } from './decode.js';

/** One rule status change made by a bulk operation; undo sets `from` back. */
export const StatusChange = z.strictObject({ rule_id: z.string().min(1), from: RuleStatus, to: RuleStatus });
export type StatusChange = z.infer<typeof StatusChange>;

/** A recorded bulk operation (a prune, or another that disables rules) that undo can reverse. */
export interface PruneOp {
  id: number;
  kind: string;
  run_id: number | null;
  changes: StatusChange[];
  created_at: string;
  undone_at: string | null;
}

interface Row extends Omit<PruneOp, 'changes'> {
  changes: string;
}

const Changes = z.array(StatusChange);

/** The undo log of prunes and similar bulk operations. */
export class PruneOpsRepo {
  constructor(private readonly db: Db) {}

  insert(datasetId: number, op: { kind: string; run_id?: number | null; changes: StatusChange[] }): PruneOp {
    const now = nowIso();
    const info = this.db
      .prepare('INSERT INTO prune_ops (dataset_id, kind, run_id, changes, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(datasetId, op.kind, op.run_id ?? null, JSON.stringify(op.changes), now);
    return { id: Number(info.lastInsertRowid), kind: op.kind, run_id: op.run_id ?? null, changes: op.changes, created_at: now, undone_at: null };
  }

  /** The newest operation not undone yet: what `undo` reverses. */
  lastOpen(datasetId: number): PruneOp | undefined {
    const r = this.db
      .prepare('SELECT id, kind, run_id, changes, created_at, undone_at FROM prune_ops WHERE dataset_id = ? AND undone_at IS NULL ORDER BY id DESC LIMIT 1')
      .get(datasetId) as Row | undefined;
    return r && decode(r);
  }

  /** One operation of a dataset by id. */
  get(datasetId: number, id: number): PruneOp | undefined {
    const r = this.db
      .prepare('SELECT id, kind, run_id, changes, created_at, undone_at FROM prune_ops WHERE dataset_id = ? AND id = ?')
      .get(datasetId, id) as Row | undefined;
    return r && decode(r);
  }

  /** Operations, newest first. */
  list(datasetId: number): PruneOp[] {
    const rows = this.db
      .prepare('SELECT id, kind, run_id, changes, created_at, undone_at FROM prune_ops WHERE dataset_id = ? ORDER BY id DESC')
      .all(datasetId) as Row[];
    return rows.map(decode);
  }

  markUndone(id: number): void {
    this.db.prepare('UPDATE prune_ops SET undone_at = ? WHERE id = ?').run(nowIso(), id);
  }
}

const decode = (r: Row): PruneOp => ({ ...r, changes: decodeJson(Changes, r.changes, `prune op ${r.id}`) });
