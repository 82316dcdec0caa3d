import { RulewrightError } from '../core/errors.js';
import { Rule, type RuleStatus } from '../core/schemas/index.js';
import type { Db } from './db.js';
import { decodeJson, nowIso } from './decode.js';

/** One entry of a rule's history. */
export interface RuleVersion {
  version: number;
  rule: Rule;
  note: string;
  created_at: string;
}

interface Row {
  id: string;
  body: string;
}

/**
 * Rules of a dataset with their version history: every insert or edit writes the rule's current
 * JSON and appends a version with a timestamp and a change note. Listing order is insertion order.
 */
export class RulesRepo {
  constructor(private readonly db: Db) {}

  /** Adds a new rule (version as given, at least 1). CONFLICT when the id exists. */
  insert(datasetId: number, rule: Rule, note = 'created'): Rule {
    if (this.get(datasetId, rule.id)) {
      throw new RulewrightError('CONFLICT', `rule "${rule.id}" already exists in this dataset: edit it, or give the new rule another id`);
    }
    const now = nowIso();
    const r = { ...rule, version: Math.max(1, rule.version) };
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO rules (dataset_id, id, status, version, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(datasetId, r.id, r.status, r.version, JSON.stringify(r), now, now);
      this.addVersion(datasetId, r, note, now);
    })();
    return r;
  }

  get(datasetId: number, id: string): Rule | undefined {
    const r = this.db.prepare('SELECT id, body FROM rules WHERE dataset_id = ? AND id = ?').get(datasetId, id) as Row | undefined;
    return r && decodeRule(r, datasetId);
  }

  /** Rules in insertion order, optionally of some statuses only. */
  list(datasetId: number, opts: { status?: RuleStatus | RuleStatus[] } = {}): Rule[] {
    const statuses = opts.status === undefined ? [] : Array.isArray(opts.status) ? opts.status : [opts.status];
    const cond = statuses.length ? ` AND status IN (${statuses.map(() => '?').join(', ')})` : '';
    const rows = this.db
      .prepare(`SELECT id, body FROM rules WHERE dataset_id = ?${cond} ORDER BY rowid`)
      .all(datasetId, ...statuses) as Row[];
    return rows.map((r) => decodeRule(r, datasetId));
  }

  count(datasetId: number): number {
    return this.db.prepare('SELECT count(*) FROM rules WHERE dataset_id = ?').pluck().get(datasetId) as number;
  }

  /**
   * Saves an edited rule as a new version (current version + 1, whatever `rule.version` says).
   * NOT_FOUND when the rule does not exist.
   */
  update(datasetId: number, rule: Rule, note = 'edited'): Rule {
    return this.db.transaction(() => {
      const current = this.get(datasetId, rule.id);
      if (!current) throw notFound(rule.id);
      const now = nowIso();
      const r = { ...rule, version: current.version + 1 };
      this.db
        .prepare('UPDATE rules SET status = ?, version = ?, body = ?, updated_at = ? WHERE dataset_id = ? AND id = ?')
        .run(r.status, r.version, JSON.stringify(r), now, datasetId, r.id);
      this.addVersion(datasetId, r, note, now);
      return r;
    })();
  }

  /** Changes a rule's status as a new version. */
  setStatus(datasetId: number, id: string, status: RuleStatus, note = `status → ${status}`): Rule {
    const current = this.get(datasetId, id);
    if (!current) throw notFound(id);
    return this.update(datasetId, { ...current, status }, note);
  }

  /** Deletes a rule and its history. */
  delete(datasetId: number, id: string): boolean {
    return this.db.prepare('DELETE FROM rules WHERE dataset_id = ? AND id = ?').run(datasetId, id).changes > 0;
  }

  /** A rule's versions, oldest first. */
  versions(datasetId: number, id: string): RuleVersion[] {
    const rows = this.db
      .prepare('SELECT version, body, note, created_at FROM rule_versions WHERE dataset_id = ? AND rule_id = ? ORDER BY version')
      .all(datasetId, id) as { version: number; body: string; note: string; created_at: string }[];
    return rows.map((r) => ({
      version: r.version,
      rule: decodeJson(Rule, r.body, `rule "${id}" version ${r.version} of dataset ${datasetId}`),
      note: r.note,
      created_at: r.created_at,
    }));
  }

  private addVersion(datasetId: number, r: Rule, note: string, now: string): void {
    this.db
      .prepare('INSERT INTO rule_versions (dataset_id, rule_id, version, body, note, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(datasetId, r.id, r.version, JSON.stringify(r), note, now);
  }
}

const decodeRule = (r: Row, datasetId: number): Rule => decodeJson(Rule, r.body, `rule "${r.id}" of dataset ${datasetId}`);

const notFound = (id: string) => new RulewrightError('NOT_FOUND', `no rule "${id}": see \`rulewright rules list\` for the ids`);
