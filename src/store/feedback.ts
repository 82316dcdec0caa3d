import { RulewrightError } from '../core/errors.js';
import { Feedback, type FeedbackLevel, type FeedbackStatus } from '../core/schemas/feedback.js';
import { type Db, insertNew } from './db.js';
import { decodeJson } from './decode.js';

interface Row {
  id: string;
  body: string;
}

export interface FeedbackFilter {
  status?: FeedbackStatus;
  level?: FeedbackLevel;
  targetId?: string;
}

/** Plain-English feedback on the task, a rule or an example. */
export class FeedbackRepo {
  constructor(private readonly db: Db) {}

  insert(datasetId: number, f: Feedback): Feedback {
    insertNew(`feedback "${f.id}"`, () =>
      this.db
        .prepare('INSERT INTO feedback (dataset_id, id, level, target_id, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(datasetId, f.id, f.level, f.target_id, f.status, JSON.stringify(f), f.created_at),
    );
    return f;
  }

  get(datasetId: number, id: string): Feedback | undefined {
    const r = this.db.prepare('SELECT id, body FROM feedback WHERE dataset_id = ? AND id = ?').get(datasetId, id) as Row | undefined;
    return r && decode(r, datasetId);
  }

  /** Feedback, oldest first, filtered by status, level and target. */
  list(datasetId: number, f: FeedbackFilter = {}): Feedback[] {
    const conds = ['dataset_id = ?'];
    const params: unknown[] = [datasetId];
    if (f.status) {
      conds.push('status = ?');
      params.push(f.status);
    }
    if (f.level) {
      conds.push('level = ?');
      params.push(f.level);
    }
    if (f.targetId !== undefined) {
      conds.push('target_id = ?');
      params.push(f.targetId);
    }
    const rows = this.db.prepare(`SELECT id, body FROM feedback WHERE ${conds.join(' AND ')} ORDER BY rowid`).all(...params) as Row[];
    return rows.map((r) => decode(r, datasetId));
  }

  /** Marks feedback applied (by a run) or dismissed, or reopens it. */
  setStatus(datasetId: number, id: string, status: FeedbackStatus, appliedRunId: number | null = null): Feedback {
    const current = this.get(datasetId, id);
    if (!current) throw new RulewrightError('NOT_FOUND', `no feedback "${id}": see \`rulewright feedback list\``);
    const next: Feedback = { ...current, status, applied_run_id: status === 'applied' ? appliedRunId : null };
    this.db
      .prepare('UPDATE feedback SET status = ?, body = ? WHERE dataset_id = ? AND id = ?')
      .run(status, JSON.stringify(next), datasetId, id);
    return next;
  }

  /** Records that a learn run read the feedback but accepted no change it prompted (it stays as it is). */
  recordNotApplied(datasetId: number, id: string, runId: number, reason: string): Feedback {
    const current = this.get(datasetId, id);
    if (!current) throw new RulewrightError('NOT_FOUND', `no feedback "${id}": see \`rulewright feedback list\``);
    const next: Feedback = { ...current, not_applied: { run_id: runId, reason } };
    this.db.prepare('UPDATE feedback SET body = ? WHERE dataset_id = ? AND id = ?').run(JSON.stringify(next), datasetId, id);
    return next;
  }

  delete(datasetId: number, id: string): boolean {
    return this.db.prepare('DELETE FROM feedback WHERE dataset_id = ? AND id = ?').run(datasetId, id).changes > 0;
  }
}

const decode = (r: Row, datasetId: number): Feedback => decodeJson(Feedback, r.body, `feedback "${r.id}" of dataset ${datasetId}`);
