import type { Command } from 'commander';
import type { ReportResult, SplitChoice } from '../../service/index.js';
import { choice, type CliContext, common, type CommonOptions, parse, usage } from '../context.js';
import { fmt, type Output } from '../output.js';
import { withStdoutFile } from '../std-file.js';

interface ReportOptions extends CommonOptions {
  out: string;
  split?: SplitChoice;
  matchers?: string;
  samples?: number;
  compare?: string;
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
  if (r.compare_run_id !== null) out.line(`what changed: against eval run ${r.compare_run_id}`);
  for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
}

/** `report --out FILE.html`: the self-contained HTML report. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('report'))
    .description(
      'write one self-contained HTML report (no network): summary and per-class metrics, rule cards sorted by marginal F1 with ' +
        'their true and false positives highlighted, filters and search, and plots; changes nothing in the workspace',
    )
    .requiredOption('--out <file>', 'the HTML file to write (its folder is created), e.g. report.html; - writes the HTML to stdout')
    .addOption(
      choice('--split <split>', 'one split for everything (default: evaluation on test, else dev, else all; rules measured on dev, else all)', ['all', 'train', 'dev', 'test']),
    )
    .option('--matchers <file>', 'a JS module registering custom matchers named by the task config')
    .option('--samples <n>', 'true positives, false positives and misses shown per rule (default 8; fewer past 500 rules)', parse.wholeNumber('--samples'))
    .option('--compare <run>', 'add "what changed" since an earlier eval run (its id, or last): rules added, removed and edited, examples fixed and broken, the F1 change')
    .action(async (opts: ReportOptions) => {
      const write = (out: string) => ctx.withDataset(opts, (d) => d.report({ out, split: opts.split, samples: opts.samples, ...(opts.compare !== undefined ? { compare: opts.compare } : {}) }));
      if (opts.out !== '-') return ctx.emit(opts, await write(opts.out), renderReport);
      if (opts.json) throw usage('--json and --out - both write to stdout: pass a file name to --out');
      // Stdout carries the HTML alone, so it can be piped or redirected whole.
      await withStdoutFile(ctx.io, 'report.html', write);
    });
}
