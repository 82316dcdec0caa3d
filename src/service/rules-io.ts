import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { canonicalJson } from '../core/hash.js';
import { importRuleset } from '../core/rulesets/import.js';
import type { RulechefShape } from '../core/rulesets/rulechef.js';
import { toRulechefRuleset } from '../core/rulesets/export-rulechef.js';
import { toPythonRuleset, type RefusedRule } from '../core/rulesets/export-python.js';
import { writeRulesetFile } from '../core/rulesets/rulewright-file.js';
import type { RuleProblem } from '../core/safety/check-rule.js';
import { isSpanTask, type TaskType } from '../core/schemas/task.js';
import type { Rule, RuleStatus } from '../core/schemas/rule.js';
import { activeRulesHash } from '../store/fingerprint.js';
import type { DatasetContext } from './dataset-context.js';
import { writeOutput } from './output-path.js';
import { round } from './round.js';

export interface ImportRulesOptions {
  /** Rules whose id is already in the dataset become new versions (unchanged ones are skipped). */
  replace?: boolean;
  /** RuleChef files with several rule lists: the dotted path of the one to load. */
  path?: string;
  /** Label for RuleChef rules with no output template (default `_NONE`). */
  defaultLabel?: string;
  /** Keep rules the ReDoS screen finds exponential active (flagged) instead of `rejected`. */
  allowFlagged?: boolean;
}

export interface ScreenedRule {
  id: string;
  name: string;
  problems: Pick<RuleProblem, 'code' | 'message'>[];
}

export interface ImportRulesResult {
  dataset: string;
  file: string;
  format: 'rulewright' | 'rulechef';
  /** RuleChef: where in the file the rules were. */
  shape: RulechefShape | null;
  /** Rules in the file. */
  rules: number;
  added: number;
  replaced: number;
  unchanged: number;
  /** Rules that will run (active after the checks). */
  active: number;
  /** Kept, with flags (e.g. polynomial backtracking: they run under the per-document time budget). */
  flagged: ScreenedRule[];
  /** Kept with status `rejected` (they never run; fix them with `rules edit`). */
  rejected: ScreenedRule[];
  notes: string[];
  warnings: string[];
  ruleset_hash: string;
  elapsed_ms: number;
}

const view = (x: { id: string; name: string; problems: RuleProblem[] }): ScreenedRule => ({
  id: x.id,
  name: x.name,
  problems: x.problems.map((p) => ({ code: p.code, message: p.message })),
});

const sameShape = (a: TaskType, b: TaskType) => a === b || (isSpanTask(a) && isSpanTask(b));

/** A rule's content without its version (what `--replace` compares). */
const content = (r: Rule) => canonicalJson({ ...r, version: 0 });

/**
 * `rules import FILE`: rulewright's format or any of RuleChef's four container shapes, all or
 * nothing in one transaction. Every rule is checked in import mode: a pattern that can backtrack
 * exponentially, an empty pattern, one that does not compile, a missing template group or a
 * catch-all is kept with status `rejected` and the reason (it never runs, and `rules edit` can fix
 * it); with `allowFlagged` an exponential pattern stays active, flagged, under the per-document
 * budget. A polynomial pattern whose attack fits in a realistic document is flagged. Ids already in the dataset are a CONFLICT unless `replace`.
 */
export async function importRules(ctx: DatasetContext, file: string, opts: ImportRulesOptions = {}): Promise<ImportRulesResult> {
  const t0 = performance.now();
  const { store, dataset: d } = ctx;
  if (!existsSync(file) || !statSync(file).isFile()) throw new RulewrightError('NOT_FOUND', `no ruleset file at ${file}`);
  const parsed = await importRuleset(readFileSync(file, 'utf8'), {
    where: file,
    ...(opts.path ? { path: opts.path } : {}),
    ...(opts.defaultLabel ? { defaultLabel: opts.defaultLabel } : {}),
    ...(opts.allowFlagged ? { allowFlagged: true } : {}),
  });
  const seen = new Set<string>();
  for (const r of parsed.rules) {
    if (seen.has(r.id)) throw new RulewrightError('BAD_INPUT', `${file}: rule id "${r.id}" appears twice; ids must be unique`);
    seen.add(r.id);
  }
  const warnings: string[] = [];
  if (parsed.taskType && !sameShape(parsed.taskType, d.task.type))
    warnings.push(`the rules look like ${parsed.taskType} rules but dataset "${d.name}" is a ${d.task.type} task`);
  if (d.task.labels?.length) {
    const known = new Set(d.task.labels);
    const unknown = [...new Set(parsed.rules.filter((r) => r.status !== 'rejected').map((r) => r.output.label))].filter((l) => !known.has(l));
    if (unknown.length) warnings.push(`labels not declared in the task: ${unknown.sort().join(', ')}`);
  }

  const note = `imported from ${basename(file)}`;
  let added = 0;
  let replaced = 0;
  let unchanged = 0;
  store.transaction(() => {
    const conflicts: string[] = [];
    for (const rule of parsed.rules) {
      const existing = store.rules.get(d.id, rule.id);
      if (!existing) {
        store.rules.insert(d.id, rule, note);
        added++;
      } else if (!opts.replace) conflicts.push(rule.id);
      else if (content(existing) === content(rule)) unchanged++;
      else {
        store.rules.update(d.id, rule, note);
        replaced++;
      }
    }
    if (conflicts.length)
      throw new RulewrightError(
        'CONFLICT',
        `${file}: ${conflicts.length} rule id${conflicts.length === 1 ? ' is' : 's are'} already in dataset "${d.name}" ` +
          `(${conflicts.slice(0, 5).join(', ')}${conflicts.length > 5 ? ', …' : ''}); nothing was imported. ` +
          'Pass --replace to store them as new versions of those rules',
      );
  });
  return {
    dataset: d.name,
    file,
    format: parsed.format,
    shape: parsed.shape ?? null,
    rules: parsed.rules.length,
    added,
    replaced,
    unchanged,
    active: parsed.rules.filter((r) => r.status === 'active').length,
    flagged: parsed.flagged.map(view),
    rejected: parsed.rejected.map(view),
    notes: parsed.notes,
    warnings,
    ruleset_hash: activeRulesHash(store.rules.list(d.id, { status: 'active' })),
    elapsed_ms: round(performance.now() - t0),
  };
}

export const RULESET_FORMATS = ['rulewright', 'rulechef'] as const;
export type RulesetFormat = (typeof RULESET_FORMATS)[number];

export interface ExportRulesOptions {
  format?: RulesetFormat;
  /** Statuses to export (default: every live rule for rulewright, only active ones for rulechef). */
  status?: RuleStatus[];
  /** `python`: the Python runtime's file (active rules in execution order, Python `regex` patterns). */
  for?: 'python';
}

export interface ExportRulesResult {
  dataset: string;
  file: string;
  format: RulesetFormat | 'python';
  rules: number;
  statuses: Partial<Record<RuleStatus, number>>;
  ruleset_hash: string;
  notes: string[];
  /** `--for python`: rules left out because Python cannot run them the same way. */
  refused?: RefusedRule[];
}

/**
 * The ruleset as file text. rulewright's format (the default) holds every live rule with its
 * status and the task (type, conflict policy, time budget), so `rulewright extract --rules FILE`
 * and `rulewright/runtime` run it exactly as the workspace does (only active rules run).
 * RuleChef's `{rules}` shape has no status, so only active rules go in by default.
 */
export function exportRulesText(ctx: DatasetContext, opts: ExportRulesOptions = {}): { text: string; result: Omit<ExportRulesResult, 'file'> } {
  const { store, dataset: d } = ctx;
  if (opts.for === 'python') return exportPythonText(ctx, opts);
  const format = opts.format ?? 'rulewright';
  const statuses = opts.status?.length ? opts.status : format === 'rulechef' ? (['active'] as RuleStatus[]) : undefined;
  const rules = store.rules.list(d.id, statuses ? { status: statuses } : {});
  const notes: string[] = [];
  if (format === 'rulechef' && !opts.status?.length) {
    const left = store.rules.count(d.id) - rules.length;
    if (left) notes.push(`${left} rule${left === 1 ? '' : 's'} that are not active were left out: RuleChef has no status, so it would run them`);
  }
  const text = format === 'rulechef' ? `${JSON.stringify(toRulechefRuleset(rules, d.task.type), null, 2)}\n` : writeRulesetFile(rules, d.task);
  const counts: Partial<Record<RuleStatus, number>> = {};
  for (const r of rules) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return {
    text,
    result: { dataset: d.name, format, rules: rules.length, statuses: counts, ruleset_hash: activeRulesHash(rules), notes },
  };
}

function exportPythonText(ctx: DatasetContext, opts: ExportRulesOptions): { text: string; result: Omit<ExportRulesResult, 'file'> } {
  const { store, dataset: d } = ctx;
  if (opts.format || opts.status?.length)
    throw new RulewrightError('USAGE', '--for python writes the active rules in its own format: drop --format and --status');
  const active = store.rules.list(d.id, { status: ['active'] });
  const file = toPythonRuleset(active, d.task);
  const notes = file.refused.map((r) => `refused ${r.id} (${r.name}): ${r.reason}`);
  const result = { dataset: d.name, format: 'python' as const, rules: file.rules.length, statuses: { active: file.rules.length }, ruleset_hash: activeRulesHash(active), notes, refused: file.refused };
  return { text: `${JSON.stringify(file, null, 2)}\n`, result };
}

/** `rules export FILE`: writes the ruleset where the user says (creating the folder), nowhere else. */
export function exportRules(ctx: DatasetContext, file: string, opts: ExportRulesOptions = {}): ExportRulesResult {
  const { text, result } = exportRulesText(ctx, opts);
  writeOutput(ctx, file, text, { createFolder: true });
  return { ...result, file };
}
