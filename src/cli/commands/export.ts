import type { Command } from 'commander';
import { Split } from '../../core/schemas/example.js';
import { EXPORT_FORMATS, type ExportFormat, formatFromPath } from '../../service/index.js';
import { choice, type CliContext, common, type CommonOptions, usage } from '../context.js';
import { fmt } from '../output.js';

interface ExportOptions extends CommonOptions {
  format?: ExportFormat;
  split?: Split;
}

/** `export FILE`: write a dataset's examples (`-` for stdout). */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('export'))
    .description('export examples to a file (FILE "-" writes to stdout)')
    .argument('<file>', 'output file; the format defaults to its extension (.csv, .conll, else JSONL)')
    .addOption(choice('--format <format>', 'output format', EXPORT_FORMATS))
    .addOption(choice('--split <split>', 'export only this split', Split.options))
    .action(async (file: string, opts: ExportOptions) => {
      const sel = { split: opts.split };
      if (file === '-') {
        if (opts.json) throw usage('--json and FILE "-" both write to stdout: pass a file name');
        const { text } = await ctx.withDataset(opts, (d) => d.exportText({ ...sel, format: opts.format ?? 'jsonl' }));
        ctx.io.stdout.write(text);
        return;
      }
      const result = await ctx.withDataset(opts, (d) => d.exportFile(file, { ...sel, format: opts.format ?? formatFromPath(file) }));
      ctx.emit(opts, result, (out, r) => out.line(`Exported ${fmt(r.examples)} examples of ${out.c.bold(r.dataset)} to ${r.file} (${r.format})`));
    });
}
