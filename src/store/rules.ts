import { RulewrightError } from '../core/errors.js';
import { Rule, type RuleStatus } from '../core/schemas/rule.js';
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

/** A rule that was deleted (`remove`): kept with its history until it is restored or re-created. */
export interface DeletedRule {
  rule: Rule;
  deleted_at: string;
}

/**
 * Rules of a dataset with their version history: every insert or edit writes the rule's current
 * JSON and appends a version with a timestamp and a change note. Listing order is insertion order.
 * `remove` deletes a rule softly: it leaves every listing but keeps its row and history, so
 * `restore` (or inserting the same id again) continues the same history; `delete` purges.
 */
export class RulesRepo {
  constructor(private readonly db: Db) {}

  /**
   * Adds a new rule (version as given, at least 1). CONFLICT when the id exists. An id that
   * belongs to a deleted rule re-creates it: the new rule continues that rule's history.
   */
  insert(datasetId: number, rule: Rule, note = 'created'): Rule {
    if (this.get(datasetId, rule.id)) {
      throw new RulewrightError('CONFLICT', `rule "${rule.id}" already exists in this dataset: edit it, or give the new rule another id`);
    }
    const now = nowIso();
    const deleted = this.getDeleted(datasetId, rule.id);
    if (deleted) {
      const r = { ...rule, version: Math.max(deleted.rule.version + 1, rule.version) };
      this.db.transaction(() => {
        this.db
          .prepare('UPDATE rules SET status = ?, version = ?, body = ?, updated_at = ?, deleted_at = NULL WHERE dataset_id = ? AND id = ?')
          .run(r.status, r.version, JSON.stringify(r), now, datasetId, r.id);
        this.addVersion(datasetId, r, note, now);
      })();
      return r;
    }
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
    const r = this.db.prepare('SELECT id, body FROM rules WHERE dataset_id = ? AND id = ? AND deleted_at IS NULL').get(datasetId, id) as Row | undefined;
    return r && decodeRule(r, datasetId);
  }

  /** A deleted rule (as it was when deleted), or undefined when the id is live or unknown. */
  getDeleted(datasetId: number, id: string): DeletedRule | undefined {
    const r = this.db
      .prepare('SELECT id, body, deleted_at FROM rules WHERE dataset_id = ? AND id = ? AND deleted_at IS NOT NULL')
      .get(datasetId, id) as (Row & { deleted_at: string }) | undefined;
    return r && { rule: decodeRule(r, datasetId), deleted_at: r.deleted_at };
  }

  /** Deleted rules, in insertion order. */
  listDeleted(datasetId: number): DeletedRule[] {
    const rows = this.db
      .prepare('SELECT id, body, deleted_at FROM rules WHERE dataset_id = ? AND deleted_at IS NOT NULL ORDER BY rowid')
      .all(datasetId) as (Row & { deleted_at: string })[];
    return rows.map((r) => ({ rule: decodeRule(r, datasetId), deleted_at: r.deleted_at }));
  }

  /** Every id in use, deleted rules' included (for allocating new ids). */
  ids(datasetId: number): string[] {
    return this.db.prepare('SELECT id FROM rules WHERE dataset_id = ? ORDER BY rowid').pluck().all(datasetId) as string[];
  }

  /** Rules in insertion order, optionally of some statuses only. */
  list(datasetId: number, opts: { status?: RuleStatus | RuleStatus[] } = {}): Rule[] {
    const statuses = opts.status === undefined ? [] : Array.isArray(opts.status) ? opts.status : [opts.status];
    const cond = statuses.length ? ` AND status IN (${statuses.map(() => '?').join(', ')})` : '';
    const rows = this.db
      .prepare(`SELECT id, body FROM rules WHERE dataset_id = ? AND deleted_at IS NULL${cond} ORDER BY rowid`)
      .all(datasetId, ...statuses) as Row[];
    return rows.map((r) => decodeRule(r, datasetId));
  }

  count(datasetId: number): number {
    return this.db.prepare('SELECT count(*) FROM rules WHERE dataset_id = ? AND deleted_at IS NULL').pluck().get(datasetId) as number;
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

  /**
   * Deletes a rule softly: it leaves listings and runs, and its history gains a `deleted`
   * version. NOT_FOUND when there is no live rule with this id.
   */
  remove(datasetId: number, id: string, note = 'deleted'): Rule {
    return this.db.transaction(() => {
      const current = this.get(datasetId, id);
      if (!current) throw notFound(id);
      const now = nowIso();
      const r = { ...current, version: current.version + 1 };
      this.db
        .prepare('UPDATE rules SET version = ?, body = ?, updated_at = ?, deleted_at = ? WHERE dataset_id = ? AND id = ?')
        .run(r.version, JSON.stringify(r), now, now, datasetId, id);
      this.addVersion(datasetId, r, note, now);
      return r;
    })();
  }

  /** Brings a deleted rule back as it was, as a new version. NOT_FOUND when it is not deleted. */
  restore(datasetId: number, id: string, note = 'restored'): Rule {
    return this.db.transaction(() => {
      const deleted = this.getDeleted(datasetId, id);
      if (!deleted) {
        throw new RulewrightError(
          'NOT_FOUND',
          this.get(datasetId, id) ? `rule "${id}" is not deleted` : `no deleted rule "${id}": see \`rulewright rules list --deleted\``,
        );
      }
      const now = nowIso();
      const r = { ...deleted.rule, version: deleted.rule.version + 1 };
      this.db
        .prepare('UPDATE rules SET version = ?, body = ?, updated_at = ?, deleted_at = NULL WHERE dataset_id = ? AND id = ?')
        .run(r.version, JSON.stringify(r), now, datasetId, id);
      this.addVersion(datasetId, r, note, now);
      return r;
    })();
  }

  /** Purges a rule and its history for good (`remove` is the delete that keeps them). */
  delete(datasetId: number, id: string): boolean {
    return this.db.prepare('DELETE FROM rules WHERE dataset_id = ? AND id = ?').run(datasetId, id).changes > 0;
  }

  /**
   * Writes measured validated precision and support onto live rules: a measurement, not an edit,
   * so no new version is written (the body changes in place). Unknown ids are skipped. Returns
   * how many rules changed.
   */
  stampValidated(datasetId: number, stamps: readonly { id: string; validated_precision: number | null; validated_support: number }[]): number {
    let changed = 0;
    const now = nowIso();
    const stmt = this.db.prepare('UPDATE rules SET body = ?, updated_at = ? WHERE dataset_id = ? AND id = ?');
    this.db.transaction(() => {
      for (const s of stamps) {
        const current = this.get(datasetId, s.id);
        if (!current || (current.validated_precision === s.validated_precision && current.validated_support === s.validated_support)) continue;
        stmt.run(JSON.stringify({ ...current, validated_precision: s.validated_precision, validated_support: s.validated_support }), now, datasetId, s.id);
        changed++;
      }
    })();
    return changed;
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
