import { RulewrightError } from '../core/errors.js';
import { StoredTask, type Task } from '../core/schemas/task.js';
import type Database from 'better-sqlite3';
import { type Db, isUniqueViolation } from './db.js';
import { VISIBLE } from './imports.js';
import { decodeJson, nowIso } from './decode.js';

/** A dataset as stored: its numeric key (used by the other repositories) and its task. */
export interface DatasetRecord {
  id: number;
  name: string;
  task: Task;
  created_at: string;
  updated_at: string;
}

interface Row {
  id: number;
  name: string;
  task: string;
  created_at: string;
  updated_at: string;
}

const decode = (r: Row): DatasetRecord => ({
  id: r.id,
  name: r.name,
  created_at: r.created_at,
  updated_at: r.updated_at,
  task: decodeJson(StoredTask, r.task, `dataset "${r.name}" task`),
});

/** Datasets and their tasks. The dataset name is the task's name. */
export class DatasetsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Creates a dataset; CONFLICT when the name is taken. With `importId` it stays hidden until that
   * import completes (see ImportsRepo).
   */
  insert(task: Task, importId?: number): DatasetRecord {
    if (this.getByName(task.name)) {
      throw new RulewrightError('CONFLICT', `dataset "${task.name}" already exists: choose another --name or use --dataset ${task.name}`);
    }
    const now = nowIso();
    let info: Database.RunResult;
    try {
      info = this.db
        .prepare('INSERT INTO datasets (name, task, created_at, updated_at, import_id) VALUES (?, ?, ?, ?, ?)')
        .run(task.name, JSON.stringify(task), now, now, importId ?? null);
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      throw new RulewrightError(
        'CONFLICT',
        `dataset "${task.name}" is being created by an import that has not finished: wait for it, or choose another --name ` +
          `(an interrupted import is cleaned up by the next \`rulewright import FILE --name ${task.name}\`)`,
      );
    }
    return { id: Number(info.lastInsertRowid), name: task.name, task, created_at: now, updated_at: now };
  }

  getByName(name: string): DatasetRecord | undefined {
    const r = this.db.prepare('SELECT * FROM datasets WHERE name = ? AND import_id IS NULL').get(name) as Row | undefined;
    return r && decode(r);
  }

  getById(id: number): DatasetRecord | undefined {
    const r = this.db.prepare('SELECT * FROM datasets WHERE id = ? AND import_id IS NULL').get(id) as Row | undefined;
    return r && decode(r);
  }

  /** All datasets by name, with their example counts. */
  list(): (DatasetRecord & { examples: number })[] {
    const rows = this.db
      .prepare(
        `SELECT d.*, (SELECT count(*) FROM examples e WHERE e.dataset_id = d.id${VISIBLE}) AS examples
         FROM datasets d WHERE d.import_id IS NULL ORDER BY d.name`,
      )
      .all() as (Row & { examples: number })[];
    return rows.map((r) => ({ ...decode(r), examples: r.examples }));
  }

  names(): string[] {
    return this.db.prepare('SELECT name FROM datasets WHERE import_id IS NULL ORDER BY name').pluck().all() as string[];
  }

  /** The workspace's current dataset (`rulewright use`), when one is set. */
  current(): DatasetRecord | undefined {
    const r = this.db
      .prepare('SELECT d.* FROM current_dataset c JOIN datasets d ON d.id = c.dataset_id WHERE d.import_id IS NULL')
      .get() as Row | undefined;
    return r && decode(r);
  }

  /** Makes a dataset the current one. */
  setCurrent(id: number): void {
    this.db.prepare('INSERT INTO current_dataset (one, dataset_id) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET dataset_id = excluded.dataset_id').run(id);
  }

  /** Replaces a dataset's task (its name must stay the same). */
  updateTask(id: number, task: Task): void {
    this.db.prepare('UPDATE datasets SET task = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(task), nowIso(), id);
  }

  /** Deletes a dataset and, by cascade, everything in it. */
  delete(id: number): boolean {
    return this.db.prepare('DELETE FROM datasets WHERE id = ?').run(id).changes > 0;
  }
}
