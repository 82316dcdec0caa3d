import { type Command, InvalidArgumentError } from 'commander';
import { ConflictPolicy, MatchingConfig, MatchMode, ruleBudgetRange } from '../../core/schemas/task.js';
import { screenTaskChange, type TaskResult } from '../../service/index.js';
import { choice, type CliContext, common, type CommonOptions, parse, usage } from '../context.js';
import type { Output } from '../output.js';

interface SetOptions extends CommonOptions {
  description?: string;
  labels?: string[];
  textField?: string;
  listFields?: string[];
  mode?: string;
  iouThreshold?: number;
  conflictPolicy?: string;
  matcher?: [string, string][];
  unsetMatcher?: string[];
  defaultMatcher?: string;
  ruleBudgetMs?: number;
  wilsonZ?: number;
}

const positive = (name: string) => (v: string): number => {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${name} must be a positive number`);
  return n;
};

/** `--matcher FIELD=NAME` (repeatable); NAME may be JSON `{"name": ..., "options": {...}}`. */
function matcherPair(v: string, prev: [string, string][] = []): [string, string][] {
  const at = v.indexOf('=');
  if (at <= 0 || at === v.length - 1) throw new InvalidArgumentError('--matcher takes FIELD=NAME, e.g. total=numeric_tolerance or total=\'{"name":"numeric_tolerance","options":{"abs":0.01}}\'');
  return [...prev, [v.slice(0, at).trim(), v.slice(at + 1).trim()]];
}

const collect = (v: string, prev: string[] = []) => [...prev, ...parse.list(v)];

function renderTask(out: Output, r: TaskResult): void {
  const t = r.task;
  const m = t.matching;
  const ref = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));
  out.kv([
    ['dataset', r.dataset],
    ['type', t.type],
    ['description', t.description || '–'],
    ['labels', t.labels?.join(', ') || '–'],
    ...(t.type === 'transformation'
      ? ([
          ['text field', t.text_field],
          ['list fields', t.list_fields.join(', ') || '–'],
        ] as const)
      : []),
    ['mode', m.mode],
    ['iou threshold', m.iou_threshold],
    ['conflict policy', m.conflict_policy],
    ['default matcher', ref(m.default_matcher)],
    ['matchers', Object.entries(m.matchers).map(([k, v]) => `${k}=${ref(v)}`).join(', ') || '–'],
    ['rule budget', `${m.rule_budget_ms} ms`],
    ['wilson z', m.wilson_z],
  ]);
  if (r.changed.length) out.line(out.c.dim(`changed: ${r.changed.join(', ')}`));
}

/** `task show` and `task set`: the task and the matching config every evaluation uses. */
export function register(program: Command, ctx: CliContext): void {
  const task = program.command('task').description("show or change the dataset's task and matching config");

  common(task.command('show'))
    .description('the task: type, labels, matching mode and matchers')
    .action(async (opts: CommonOptions) => {
      const result = await ctx.withDataset(opts, (d) => d.showTask());
      ctx.emit(opts, result, renderTask);
    });

  common(task.command('set'))
    .description('change the matching config (used by eval, metrics, rank, prune and learn) or the description')
    .addOption(choice('--mode <mode>', 'span matching mode', MatchMode.options))
    .option('--matcher <field=name>', 'matcher for a label or field (repeatable); name or JSON {"name","options"}', matcherPair)
    .option('--unset-matcher <fields>', 'labels or fields that go back to the default matcher', collect)
    .option('--default-matcher <name>', 'matcher for labels or fields not named (name or JSON)')
    .option('--iou-threshold <x>', 'overlap mode: the IoU a match needs (0..1)', positive('--iou-threshold'))
    .addOption(choice('--conflict-policy <policy>', 'how overlapping spans are resolved', ConflictPolicy.options))
    .option('--rule-budget-ms <ms>', `per-rule, per-document time budget (${ruleBudgetRange})`, parse.bySchema('--rule-budget-ms', MatchingConfig.shape.rule_budget_ms))
    .option('--wilson-z <z>', 'z of the Wilson lower bound', positive('--wilson-z'))
    .option('--description <text>', 'what the task is, in plain English')
    .option('--labels <a,b,...>', 'the declared labels (replaces the list)', parse.list)
    .option('--text-field <field>', 'transformation: the input field rules read')
    .option('--list-fields <a,b,...>', 'transformation: fields whose value is a list of every match', parse.list)
    .action(async (opts: SetOptions) => {
      const change = {
        ...(opts.mode ? { mode: opts.mode } : {}),
        ...(opts.matcher ? { matchers: Object.fromEntries(opts.matcher) } : {}),
        ...(opts.unsetMatcher ? { unset_matchers: opts.unsetMatcher } : {}),
        ...(opts.defaultMatcher ? { default_matcher: opts.defaultMatcher } : {}),
        ...(opts.iouThreshold !== undefined ? { iou_threshold: opts.iouThreshold } : {}),
        ...(opts.conflictPolicy ? { conflict_policy: opts.conflictPolicy } : {}),
        ...(opts.ruleBudgetMs !== undefined ? { rule_budget_ms: opts.ruleBudgetMs } : {}),
        ...(opts.wilsonZ !== undefined ? { wilson_z: opts.wilsonZ } : {}),
        ...(opts.description !== undefined ? { description: opts.description } : {}),
        ...(opts.labels ? { labels: opts.labels } : {}),
        ...(opts.textField ? { text_field: opts.textField } : {}),
        ...(opts.listFields ? { list_fields: opts.listFields } : {}),
      };
      if (!Object.keys(change).length) throw usage('nothing to change: pass --mode, --matcher FIELD=NAME, … (see task set --help)');
      // The full screen on patterns the matchers' options fix, before anything changes (see screenTaskChange).
      const result = await ctx.withDataset(opts, async (d) => {
        await screenTaskChange(change);
        return d.updateTask(change);
      });
      if (!opts.json) for (const w of result.warnings) ctx.out.warn(w);
      ctx.emit(opts, result, (out, r) => {
        out.line(r.changed.length ? `Updated the task of ${out.c.bold(r.dataset)}` : 'Nothing changed');
        renderTask(out, r);
      });
    });
}
