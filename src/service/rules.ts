import { orderRules } from '../core/engine/order.js';
import { RulewrightError } from '../core/errors.js';
import { checkRule, type CheckMode, type RuleProblem } from '../core/safety/check-rule.js';
import type { Rule, RuleStatus } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';
import type { DatasetRecord } from '../store/datasets.js';
import { activeRulesHash, ruleHash } from '../store/fingerprint.js';
import type { Store } from '../store/index.js';
import type { DatasetContext } from './dataset-context.js';
import { applySpec, type FieldChange, ruleDiff, ruleFromSpec, type RuleSpec } from './rule-spec.js';
import { resolveRef } from './resolve-id.js';

/**
 * Managing a dataset's rules. Every add, edit and status change is checked (compiles, not a
 * catch-all, screened for ReDoS, template group exists) and stored as a new version.
 *
 * Deleting keeps everything: `rules delete` takes the rule out of the ruleset (no listing,
 * export or run sees it) but keeps its row and full history, with a `deleted` version on top.
 * `rules restore ID` brings it back as it was; adding a rule with the same id again continues
 * the same history. Nothing is purged through the CLI.
 */

/** One row of `rules list`. */
export interface RuleRow {
  id: string;
  name: string;
  label: string;
  group: string;
  format: Rule['format'];
  dialect: Rule['dialect'];
  status: RuleStatus | 'deleted';
  priority: number;
  confidence: number;
  provenance: Rule['provenance'];
  validated_precision: number | null;
  validated_support: number;
  version: number;
  /** Codes of the rule's flags (e.g. `redos`, `broad`). */
  flags: string[];
  /** The regex, or the terms joined with ` | `. */
  pattern: string;
}

export interface RuleList {
  dataset: string;
  ruleset_hash: string;
  counts: Record<RuleStatus | 'deleted', number>;
  rules: RuleRow[];
}

/** A rule change's result: the rule now, what the checks found, and the ruleset hash after it. */
export interface RuleResult {
  dataset: string;
  rule: Rule;
  /** The fields that changed (empty for a new rule). */
  changes: FieldChange[];
  /** Flags the checks raised (the rule was kept). */
  problems: RuleProblem[];
  warnings: string[];
  ruleset_hash: string;
}

export interface RuleDetail {
  dataset: string;
  rule: Rule;
  deleted_at: string | null;
  versions: number;
  rule_hash: string;
}

export interface RuleHistory {
  dataset: string;
  rule_id: string;
  deleted: boolean;
  /** `status` is `deleted` on the version a delete wrote. */
  versions: { version: number; created_at: string; note: string; status: RuleStatus | 'deleted'; changes: FieldChange[] }[];
}

function ruleRow(r: Rule, deleted = false): RuleRow {
  return {
    id: r.id,
    name: r.name,
    label: r.output.label,
    group: r.output.group,
    format: r.format,
    dialect: r.dialect,
    status: deleted ? 'deleted' : r.status,
    priority: r.priority,
    confidence: r.confidence,
    provenance: r.provenance,
    validated_precision: r.validated_precision,
    validated_support: r.validated_support,
    version: r.version,
    flags: r.flagged.map((f) => f.code),
    pattern: r.format === 'lexicon' ? (r.terms ?? []).join(' | ') : r.pattern,
  };
}

const activeHash = (store: Store, d: DatasetRecord) => activeRulesHash(store.rules.list(d.id, { status: 'active' }));

/**
 * A dataset's rules that are not deleted, in the order they run (the dataset's Wilson z breaks
 * priority ties): how `rules list`, the report and the terminal UI's table all list them.
 */
export const rulesInRunOrder = (store: Store, d: DatasetRecord): Rule[] => orderRules(store.rules.list(d.id), d.task.matching.wilson_z);

/**
 * The rules of a dataset, optionally of some statuses, in the order they run (a classification
 * list is first-match: where a rule sits decides what it labels); or the deleted ones, in the
 * order they were added.
 */
export function listRules(ctx: DatasetContext, req: { status?: RuleStatus[]; deleted?: boolean } = {}): RuleList {
  const { store, dataset: d } = ctx;
  const live = rulesInRunOrder(store, d);
  const deleted = store.rules.listDeleted(d.id);
  const counts: RuleList['counts'] = { active: 0, disabled: 0, proposed: 0, rejected: 0, deleted: deleted.length };
  for (const r of live) counts[r.status]++;
  const rows = req.deleted
    ? deleted.map((x) => ruleRow(x.rule, true))
    : live.filter((r) => !req.status?.length || req.status.includes(r.status)).map((r) => ruleRow(r));
  return { dataset: d.name, ruleset_hash: activeRulesHash(live), counts, rules: rows };
}

/** One rule (live or deleted) with its version count. */
export function showRule(ctx: DatasetContext, ref: string): RuleDetail {
  const { store, dataset: d } = ctx;
  const id = resolveRef(ctx, 'rules', ref);
  const live = store.rules.get(d.id, id);
  const gone = live ? undefined : store.rules.getDeleted(d.id, id);
  const rule = live ?? gone?.rule;
  if (!rule) throw notFound(d, id);
  return { dataset: d.name, rule, deleted_at: gone?.deleted_at ?? null, versions: store.rules.versions(d.id, id).length, rule_hash: ruleHash(rule) };
}

function notFound(d: DatasetRecord, id: string): RulewrightError {
  return new RulewrightError('NOT_FOUND', `no rule "${id}" in dataset "${d.name}": see \`rulewright rules list\` for the ids`);
}

function liveRule(store: Store, d: DatasetRecord, id: string): Rule {
  const r = store.rules.get(d.id, id);
  if (r) return r;
  if (store.rules.getDeleted(d.id, id)) throw new RulewrightError('NOT_FOUND', `rule "${id}" was deleted: bring it back with \`rulewright rules restore ${id}\``);
  throw notFound(d, id);
}

/** Labels a rule outputs that the task does not declare. */
function labelWarnings(task: Task, rules: readonly Rule[]): string[] {
  if (!task.labels?.length) return [];
  const known = new Set(task.labels);
  const unknown = [...new Set(rules.map((r) => r.output.label).filter((l) => !known.has(l)))];
  if (!unknown.length) return [];
  const what = task.type === 'transformation' ? 'fields' : 'labels';
  return [`${unknown.length === 1 ? 'label' : 'labels'} ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not among the task's ${what} (${task.labels.join(', ')})`];
}

/** Codes the safety check sets; an edit re-checks, so their old flags go. */
const CHECK_CODES = new Set(['empty_pattern', 'invalid', 'missing_group', 'catch_all', 'redos', 'redos_unknown', 'broad']);

/** Fields that change what a rule matches. */
const MATCHING_FIELDS = /^(pattern|terms|flags|dialect|format|output\.group|lexicon)/;

/** Checks a rule (add/edit mode rejects ReDoS; import mode flags it); a rejection is INVALID_RULE (exit 2). */
async function checked(rule: Rule, mode: CheckMode, what: string): Promise<{ rule: Rule; problems: RuleProblem[] }> {
  const fresh: Rule = { ...rule, flagged: rule.flagged.filter((f) => !CHECK_CODES.has(f.code)) };
  const c = await checkRule(fresh, { mode });
  const rejections = c.problems.filter((p) => p.severity === 'reject');
  if (rejections.length)
    throw new RulewrightError('INVALID_RULE', `${what} is rejected: ${rejections.map((p) => `${p.code}: ${p.message}`).join('; ')}`, { problems: c.problems });
  return { rule: c.rule, problems: c.problems.filter((p) => p.severity === 'flag') };
}

/** `rules add`: a new rule, checked; a rule that fails a check is not added (INVALID_RULE). */
export async function addRule(ctx: DatasetContext, spec: RuleSpec): Promise<RuleResult> {
  const { store, dataset: d } = ctx;
  const draft = ruleFromSpec(spec, new Set(store.rules.ids(d.id)));
  if (store.rules.get(d.id, draft.id))
    throw new RulewrightError('CONFLICT', `rule "${draft.id}" already exists in dataset "${d.name}": edit it with \`rulewright rules edit ${draft.id}\`, or pass another --id`);
  const { rule, problems } = await checked(draft, 'add', `rule "${draft.name}"`);
  const revived = !!store.rules.getDeleted(d.id, rule.id);
  const saved = store.transaction(() => store.rules.insert(d.id, rule, revived ? 're-created after delete' : 'created'));
  return { dataset: d.name, rule: saved, changes: [], problems, warnings: labelWarnings(d.task, [saved]), ruleset_hash: activeHash(store, d) };
}

/**
 * `rules edit ID`: changes the fields given, re-checks the rule and saves it as a new version
 * (nothing when nothing changed). A rejected rule that passes the checks now becomes active.
 */
export async function editRule(ctx: DatasetContext, ref: string, spec: RuleSpec & { note?: string }): Promise<RuleResult> {
  const { store, dataset: d } = ctx;
  const id = resolveRef(ctx, 'rules', ref);
  const current = liveRule(store, d, id);
  let next = applySpec(current, spec);
  let changes = ruleDiff(current, next);
  if (!changes.length) return { dataset: d.name, rule: current, changes, problems: [], warnings: ['nothing changed: the rule already has these values'], ruleset_hash: activeHash(store, d) };
  if (next.status === 'rejected') {
    const { rejection: _gone, ...rest } = next;
    next = { ...rest, status: 'active' };
  }
  // A new pattern is held to the add standard; an imported rule whose matching is untouched
  // (a new label, priority, name) keeps the import standard, so a ReDoS flag stays a flag.
  const matchingChanged = changes.some((c) => MATCHING_FIELDS.test(c.field));
  const mode: CheckMode = current.provenance === 'imported' && !matchingChanged ? 'import' : 'add';
  // What the rule matches or outputs changed: the old validated precision measured another rule.
  if (matchingChanged || next.output.label !== current.output.label) next = { ...next, validated_precision: null, validated_support: 0 };
  const { rule, problems } = await checked(next, mode, `rule "${id}"`);
  changes = ruleDiff(current, rule);
  const note = spec.note?.trim() || `edited: ${changes.map((c) => c.field).join(', ')}`;
  const saved = store.transaction(() => store.rules.update(d.id, rule, note));
  return { dataset: d.name, rule: saved, changes, problems, warnings: labelWarnings(d.task, [saved]), ruleset_hash: activeHash(store, d) };
}

/** `rules enable|disable ID`. Enabling a rejected rule re-checks it first. */
export async function setRuleStatus(ctx: DatasetContext, ref: string, status: 'active' | 'disabled'): Promise<RuleResult> {
  const { store, dataset: d } = ctx;
  const id = resolveRef(ctx, 'rules', ref);
  const current = liveRule(store, d, id);
  if (current.status === status)
    return { dataset: d.name, rule: current, changes: [], problems: [], warnings: [`rule "${id}" is already ${status}`], ruleset_hash: activeHash(store, d) };
  let next: Rule = { ...current, status };
  let problems: RuleProblem[] = [];
  if (current.status === 'rejected' && status === 'active') {
    const { rejection: _gone, ...rest } = next;
    ({ rule: next, problems } = await checked({ ...rest, status }, current.provenance === 'imported' ? 'import' : 'add', `rule "${id}"`));
  }
  const saved = store.transaction(() => store.rules.update(d.id, next, `status ${current.status} → ${status}`));
  return { dataset: d.name, rule: saved, changes: ruleDiff(current, saved), problems, warnings: [], ruleset_hash: activeHash(store, d) };
}

/** The history note of a delete (history shows that version's status as `deleted`). */
const DELETED_NOTE = 'deleted';

/** `rules delete ID…`: out of the ruleset, history kept (see the top of this file); all or none. */
export function deleteRules(ctx: DatasetContext, refs: readonly string[]): RuleResult[] {
  const { store, dataset: d } = ctx;
  // Every id resolved before any is deleted: an ambiguous one deletes none.
  const ids = refs.map((ref) => resolveRef(ctx, 'rules', ref));
  const saved = store.transaction(() =>
    ids.map((id) => {
      liveRule(store, d, id);
      return store.rules.remove(d.id, id, DELETED_NOTE);
    }),
  );
  const hash = activeHash(store, d);
  return saved.map((rule) => ({ dataset: d.name, rule, changes: [], problems: [], warnings: [], ruleset_hash: hash }));
}

/** `rules restore ID`: a deleted rule back as it was, as a new version. */
export function restoreRule(ctx: DatasetContext, ref: string): RuleResult {
  const { store, dataset: d } = ctx;
  const id = resolveRef(ctx, 'rules', ref);
  const saved = store.transaction(() => store.rules.restore(d.id, id));
  return { dataset: d.name, rule: saved, changes: [], problems: [], warnings: [], ruleset_hash: activeHash(store, d) };
}

/**
 * Figures `metrics` writes onto the live rule without a new version: a version's body holds
 * whatever was measured before it, so a difference in them is no part of the edit.
 */
const MEASURED_FIELDS = new Set(['validated_precision', 'validated_support']);

/** `rules history ID`: every version, oldest first, with the fields each changed. */
export function ruleHistory(ctx: DatasetContext, ref: string): RuleHistory {
  const { store, dataset: d } = ctx;
  const id = resolveRef(ctx, 'rules', ref);
  const versions = store.rules.versions(d.id, id);
  if (!versions.length) throw notFound(d, id);
  return {
    dataset: d.name,
    rule_id: id,
    deleted: !store.rules.get(d.id, id),
    versions: versions.map((v, i) => ({
      version: v.version,
      created_at: v.created_at,
      note: v.note,
      status: v.note === DELETED_NOTE ? 'deleted' : v.rule.status,
      changes: i === 0 ? [] : ruleDiff(versions[i - 1]!.rule, v.rule).filter((c) => !MEASURED_FIELDS.has(c.field)),
    })),
  };
}
