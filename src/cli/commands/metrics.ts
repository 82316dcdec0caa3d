import type { Command } from 'commander';
import { orNone } from '../../core/none.js';
import { METRIC_DROP_ORDER as DROP, type MetricsResult, type SplitChoice } from '../../service/index.js';
import { type CliContext, choice, common, type CommonOptions, usage } from '../context.js';
import { fmt, fmtMs, type Output, plural, ratio } from '../output.js';
import { withProgress } from '../progress.js';

/** Options of the measuring commands (metrics, rank, prune). */
export interface MeasureOptions extends CommonOptions {
  split?: SplitChoice;
  matchers?: string;
  /** `metrics` and `rank`: `csv` prints the report's rules table as CSV. */
  format?: 'table' | 'csv';
}

/** Adds `--format table|csv` (metrics, rank): csv is the HTML report's rules table, same columns. */
export function tableFormatOption(cmd: Command): Command {
  return cmd.addOption(
    choice('--format <format>', 'table (default) or csv: the columns of the HTML report\'s rules table, one row per rule, on stdout', ['table', 'csv']),
  );
}

/** A usage error when --json and --format csv are both given (both would write stdout). */
export function csvOrJson(opts: MeasureOptions): boolean {
  if (opts.format !== 'csv') return false;
  if (opts.json) throw usage('--json and --format csv both write to stdout: pass one of them');
  return true;
}

/** Adds `--split` and `--matchers` to a measuring command. */
export function measureOptions(cmd: Command): Command {
  return cmd
    .addOption(choice('--split <split>', 'examples to measure on (default: dev when there is a dev split, else all)', ['all', 'train', 'dev', 'test']))
    .option('--matchers <file>', 'a JS module registering custom matchers named by the task config');
}


const signed = (v: unknown) => orNone(v as number | null | undefined, (x) => `${x > 0 ? '+' : ''}${x.toFixed(4)}`);

/** The per-rule table, for people. */
export function renderMetrics(out: Output, r: MetricsResult): void {
  out.line(
    `${out.c.bold(r.dataset)}: ${plural(r.rules.length, 'active rule')} on ${r.split} (${plural(r.n, 'example')}, ${r.mode} matching); ensemble F1 ${ratio(r.f1)}`,
  );
  out.line();
  out.table(
    r.rules.map((x) => ({ ...x, flags: [x.dead ? 'dead' : '', x.harmful ? 'harmful' : ''].filter(Boolean).join(' ') })),
    [
      { key: 'id' },
      { key: 'name', max: 32, fit: 'narrow', cut: 'middle', min: 16 },
      { key: 'label', max: 20, fit: 'narrow', cut: 'middle', min: 14 },
      { key: 'tp', align: 'right', fit: 'keep' },
      { key: 'fp', align: 'right', fit: 'keep' },
      { key: 'fn', align: 'right', dropOrder: DROP.fn },
      { key: 'precision', header: 'P', align: 'right', format: ratio, fit: 'keep' },
      { key: 'recall', header: 'R', align: 'right', format: ratio, dropOrder: DROP.recall },
      { key: 'f1', header: 'F1', align: 'right', format: ratio, dropOrder: DROP.f1 },
      { key: 'label_recall', header: 'label R', align: 'right', format: ratio, dropOrder: DROP.label_recall },
      { key: 'label_f1', header: 'label F1', align: 'right', format: ratio, fit: 'keep' },
      { key: 'support', align: 'right', dropOrder: DROP.support },
      { key: 'fired', align: 'right', dropOrder: DROP.fired },
      { key: 'wilson_lower', header: 'wilson', align: 'right', format: ratio, dropOrder: DROP.wilson_lower },
      { key: 'conflict', header: 'conflicts', align: 'right', format: (v) => fmt((v as MetricsResult['rules'][number]['conflict']).examples), dropOrder: DROP.conflict },
      { key: 'marginal_f1', header: 'marginal', align: 'right', format: signed, fit: 'keep' },
      { key: 'flags', fit: 'keep' },
    ],
  );
  out.line();
  const dead = r.rules.filter((x) => x.dead).length;
  const harmful = r.rules.filter((x) => x.harmful).length;
  out.line(`${fmt(dead)} dead, ${fmt(harmful)} harmful${r.stamped ? `; validated precision stamped on ${plural(r.stamped, 'rule')}` : ''} (metrics run ${r.run_id}, ${fmtMs(r.elapsed_ms)})`);
  for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
}

/** `metrics`: per-rule metrics. */
export function register(program: Command, ctx: CliContext): void {
  tableFormatOption(measureOptions(common(program.command('metrics'))))
    .description(
      'per-rule metrics: each rule alone (TP, FP, FN, precision, recall and F1 over all gold, label recall and label F1 over its own label, ' +
        'support, fired, Wilson bound), dead and harmful rules, ' +
        'samples, overlaps and conflicts; stamps validated precision from dev and caches the metrics',
    )
    .action(async (opts: MeasureOptions) => {
      const csv = csvOrJson(opts);
      const result = await ctx.withDataset(opts, async (d) => {
        const r = await withProgress(ctx.io, opts.json || csv, 'running rules', (onProgress) => d.metrics({ split: opts.split, onProgress }));
        return csv ? d.rulesTableCsv(r.rules, r.n) : r;
      });
      if (typeof result === 'string') return void ctx.io.stdout.write(result);
      ctx.emit(opts, result, renderMetrics);
    });
}
