import type { Command } from 'commander';
import { orNone } from '../../core/none.js';
import type { MetricsResult, SplitChoice } from '../../service/index.js';
import { type CliContext, choice, common, type CommonOptions } from '../context.js';
import { fmt, fmtMs, type Output } from '../output.js';
import { withProgress } from '../progress.js';

/** Options of the measuring commands (metrics, rank, prune). */
export interface MeasureOptions extends CommonOptions {
  split?: SplitChoice;
  matchers?: string;
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
    `${out.c.bold(r.dataset)}: ${fmt(r.rules.length)} active rules on ${r.split} (${fmt(r.n)} examples, ${r.mode} matching); ensemble F1 ${fmt(r.f1)}`,
  );
  out.line();
  out.table(
    r.rules.map((x) => ({ ...x, flags: [x.dead ? 'dead' : '', x.harmful ? 'harmful' : ''].filter(Boolean).join(' ') })),
    [
      { key: 'id', max: 14 },
      { key: 'name', max: 32 },
      { key: 'label', max: 20 },
      { key: 'tp', align: 'right' },
      { key: 'fp', align: 'right' },
      { key: 'fn', align: 'right' },
      { key: 'precision', header: 'P', align: 'right' },
      { key: 'recall', header: 'R', align: 'right' },
      { key: 'f1', header: 'F1', align: 'right' },
      { key: 'label_recall', header: 'label R', align: 'right' },
      { key: 'label_f1', header: 'label F1', align: 'right' },
      { key: 'support', align: 'right' },
      { key: 'fired', align: 'right' },
      { key: 'wilson_lower', header: 'wilson', align: 'right' },
      { key: 'marginal_f1', header: 'marginal', align: 'right', format: signed },
      { key: 'conflict', header: 'conflicts', align: 'right', format: (v) => fmt((v as MetricsResult['rules'][number]['conflict']).examples) },
      { key: 'flags' },
    ],
  );
  out.line();
  const dead = r.rules.filter((x) => x.dead).length;
  const harmful = r.rules.filter((x) => x.harmful).length;
  out.line(`${fmt(dead)} dead, ${fmt(harmful)} harmful${r.stamped ? `; validated precision stamped on ${fmt(r.stamped)} rules` : ''} (metrics run ${r.run_id}, ${fmtMs(r.elapsed_ms)})`);
  for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
}

/** `metrics`: per-rule metrics. */
export function register(program: Command, ctx: CliContext): void {
  measureOptions(common(program.command('metrics')))
    .description(
      'per-rule metrics: each rule alone (TP, FP, FN, precision, recall and F1 over all gold, label recall and label F1 over its own label, ' +
        'support, fired, Wilson bound), dead and harmful rules, ' +
        'samples, overlaps and conflicts; stamps validated precision from dev and caches the metrics',
    )
    .action(async (opts: MeasureOptions) => {
      const result = await ctx.withDataset(opts, (d) =>
        withProgress(ctx.io, opts.json, 'running rules', (onProgress) => d.metrics({ split: opts.split, onProgress })),
      );
      ctx.emit(opts, result, renderMetrics);
    });
}
