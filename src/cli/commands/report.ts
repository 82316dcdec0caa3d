import type { Command } from 'commander';
import type { ReportResult, SplitChoice } from '../../service/index.js';
import { choice, type CliContext, common, type CommonOptions, parse } from '../context.js';
import { fmt, type Output } from '../output.js';

interface ReportOptions extends CommonOptions {
  out: string;
  split?: SplitChoice;
  matchers?: string;
  samples?: number;
}

/** Where the report went and its headline figures, for people. */
export function renderReport(out: Output, r: ReportResult): void {
  out.line(`Wrote ${out.c.bold(r.file)} (${fmt(Math.round(r.bytes / 1024))} KiB, ${fmt(Math.round(r.elapsed_ms))} ms)`);
  const n = (v: number, noun: string) => `${fmt(v)} ${noun}${v === 1 ? '' : 's'}`;
  out.line(
    `${r.dataset}: F1 ${fmt(r.f1)} (macro ${fmt(r.macro_f1)}) on ${r.split} (${n(r.n, 'example')}); ` +
      `${n(r.rules, 'rule')}, ${fmt(r.measured)} measured on ${r.rules_split} (${fmt(r.dead)} dead, ${fmt(r.harmful)} harmful)`,
  );
  out.line(`plots: ${r.plots.join(', ')}${r.learn_run_id === null ? ' (no learning run yet)' : ` (learning curve of learn run ${r.learn_run_id})`}`);
  for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
}

/** `report --out FILE.html`: the self-contained HTML report. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('report'))
    .description(
      'write one self-contained HTML report (no network): summary and per-class metrics, rule cards sorted by marginal F1 with ' +
        'their true and false positives highlighted, filters and search, and plots; changes nothing in the workspace',
    )
    .requiredOption('--out <file>', 'the HTML file to write (its folder is created), e.g. report.html')
    .addOption(
      choice('--split <split>', 'one split for everything (default: evaluation on test, else dev, else all; rules measured on dev, else all)', ['all', 'train', 'dev', 'test']),
    )
    .option('--matchers <file>', 'a JS module registering custom matchers named by the task config')
    .option('--samples <n>', 'true positives, false positives and misses shown per rule (default 8)', parse.wholeNumber('--samples'))
    .action(async (opts: ReportOptions) => {
      const result = await ctx.withDataset(opts, (d) => d.report({ out: opts.out, split: opts.split, samples: opts.samples }));
      ctx.emit(opts, result, renderReport);
    });
}
