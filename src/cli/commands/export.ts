import type { Command } from 'commander';
import { Split } from '../../core/schemas/example.js';
import { EXPORT_FORMATS, type ExportFormat, formatFromPath, type ReviewFormat } from '../../service/index.js';
import { choice, type CliContext, common, type CommonOptions, usage } from '../context.js';
import { fmt, plural } from '../output.js';

interface ExportOptions extends CommonOptions {
  format?: ExportFormat | ReviewFormat;
  split?: Split;
  predictions?: boolean;
}

const isReview = (f: string | undefined): f is ReviewFormat => f === 'labelstudio' || f === 'doccano';

/** `export FILE`: write a dataset's examples (`-` for stdout). */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('export'))
    .description('export examples to a file (FILE "-" writes to stdout)')
    .argument('<file>', 'output file; the format defaults to its extension (.csv, .conll, else JSONL)')
    .addOption(choice('--format <format>', 'output format (labelstudio and doccano: with --predictions)', [...EXPORT_FORMATS, 'labelstudio', 'doccano']))
    .addOption(choice('--split <split>', 'export only this split', Split.options))
    .option('--predictions', "export the active rules' predictions instead of the gold, for review in Label Studio (--format labelstudio) or Doccano (--format doccano); offsets in code points")
    .action(async (file: string, opts: ExportOptions) => {
      if (opts.predictions || isReview(opts.format)) {
        if (!opts.predictions) throw usage(`--format ${opts.format} exports predictions: add --predictions`);
        if (!isReview(opts.format)) throw usage('--predictions needs --format labelstudio or --format doccano');
        if (file === '-') throw usage('--predictions writes a file: pass a file name, e.g. review.json');
        const format = opts.format;
        const r = await ctx.withDataset(opts, (d) => d.exportPredictions(file, { format, ...(opts.split ? { split: opts.split } : {}) }));
        return ctx.emit(opts, r, (out, x) => out.line(`Exported the predictions on ${plural(x.examples, 'example')} of ${out.c.bold(x.dataset)} (${fmt(x.with_output)} with output) to ${x.file} (${x.format})`));
      }
      const sel = { split: opts.split };
      if (file === '-') {
        if (opts.json) throw usage('--json and FILE "-" both write to stdout: pass a file name');
        const { text } = await ctx.withDataset(opts, (d) => d.exportText({ ...sel, format: (opts.format as ExportFormat | undefined) ?? 'jsonl' }));
        ctx.io.stdout.write(text);
        return;
      }
      const result = await ctx.withDataset(opts, (d) => d.exportFile(file, { ...sel, format: (opts.format as ExportFormat | undefined) ?? formatFromPath(file) }));
      ctx.emit(opts, result, (out, r) => out.line(`Exported ${plural(r.examples, 'example')} of ${out.c.bold(r.dataset)} to ${r.file} (${r.format})`));
    });
}
