import type { Command } from 'commander';
import { RulewrightError } from '../../core/errors.js';
import { ExampleSource, Split } from '../../core/schemas/example.js';
import { TaskType } from '../../core/schemas/task.js';
import { FORMAT_NAMES, type FormatName, type ImportFileOptions, type ImportResult, STDIN } from '../../service/index.js';
import { shellWord } from '../../core/shell-word.js';
import { choice, type CliContext, common, type CommonOptions, parse, usage } from '../context.js';
import { fmt } from '../output.js';
import { progressReporter } from '../progress.js';
import { withStdinFd } from '../std-file.js';

interface ImportCliOptions extends CommonOptions {
  format?: FormatName;
  split?: Split;
  source?: ExampleSource;
  name?: string;
  type?: string;
  labels?: string[];
  description?: string;
  textCol?: string;
  labelCol?: string;
  idCol?: string;
  delimiter?: string;
  relaxQuotes?: boolean;
  spans?: string;
  idPrefix?: string;
  trecLabel?: 'coarse' | 'fine';
}

/** `import FILE`: add examples, all or nothing. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('import'))
    .description('import examples from a file (all or nothing; errors name FILE:LINE)')
    .argument('<file>', 'file (or folder, for SROIE) to import; - reads stdin')
    .addOption(choice('--format <format>', 'file format (default: detected from the content)', FORMAT_NAMES))
    .addOption(choice('--split <split>', 'split for rows that do not name one (default train)', Split.options))
    .addOption(choice('--source <source>', 'source of the rows (default gold)', ['gold', 'observed']))
    .option('--name <name>', 'create this dataset if it does not exist (type from --type or the file)')
    .addOption(choice('--type <type>', 'task type of a dataset created with --name', TaskType.options))
    .option('--labels <a,b,...>', 'declared labels of a dataset created with --name', parse.list)
    .option('--description <text>', 'description of a dataset created with --name')
    .option('--text-col <column>', 'CSV: the text column (default text)')
    .option('--label-col <column>', 'CSV: the label column (default label, else category)')
    .option('--id-col <column>', 'CSV: the id column (default id, when present)')
    .option('--delimiter <char>', 'CSV: the field delimiter (default: from the header)')
    .option('--relax-quotes', 'CSV: read a quote inside a field that does not start with one as text')
    .option('--spans <file>', 'TAB: the gold spans file that goes with the texts file')
    .option('--id-prefix <prefix>', 'prefix for generated ids (default: the file name when the dataset already has examples)')
    .addOption(choice('--trec-label <level>', 'TREC: coarse (NUM) or fine (NUM:dist) labels', ['coarse', 'fine']))
    .action(async (file: string, opts: ImportCliOptions, cmd: Command) => {
      for (const flag of ['type', 'labels', 'description'] as const) {
        if (opts[flag] !== undefined && !opts.name) throw usage(`--${flag} describes a new dataset: pass it with --name NAME`);
      }
      const csv = {
        ...(opts.textCol ? { text: opts.textCol } : {}),
        ...(opts.labelCol ? { label: opts.labelCol } : {}),
        ...(opts.idCol ? { id: opts.idCol } : {}),
        ...(opts.delimiter ? { delimiter: opts.delimiter } : {}),
        ...(opts.relaxQuotes ? { relaxQuotes: true } : {}),
      };
      const progress = progressReporter(ctx.io, opts.json, 'importing');
      const req: ImportFileOptions = {
        ...(opts.dataset ? { dataset: opts.dataset } : {}),
        ...(opts.name
          ? {
              create: {
                name: opts.name,
                ...(opts.type ? { type: opts.type } : {}),
                ...(opts.labels ? { labels: opts.labels } : {}),
                ...(opts.description !== undefined ? { description: opts.description } : {}),
              },
            }
          : {}),
        ...(opts.format ? { format: opts.format } : {}),
        ...(opts.split ? { split: opts.split } : {}),
        ...(opts.source ? { source: opts.source } : {}),
        ...(Object.keys(csv).length ? { csv } : {}),
        ...(opts.spans ? { spansFile: opts.spans } : {}),
        ...(opts.idPrefix !== undefined ? { idPrefix: opts.idPrefix } : {}),
        ...(opts.trecLabel ? { trecLabel: opts.trecLabel } : {}),
        onProgress: (p) => progress.update(p),
        onWait: (note) => ctx.out.warn(note),
      };
      let result: ImportResult;
      try {
        const run = (path: string, stdinFd?: number) =>
          ctx.withWorkspace(opts, (ws) => ws.importFile(path, stdinFd === undefined ? req : { ...req, stdinFd }), !!opts.name);
        result = file === STDIN ? await withStdinFd(ctx.io, (fd) => run(STDIN, fd)) : await run(file);
      } catch (e) {
        throw withOwnCommand(e, file, cmd.parent?.args ?? []);
      } finally {
        progress.stop();
      }
      if (!opts.json) for (const w of result.warnings) ctx.out.warn(w);
      ctx.emit(opts, result, (out, r) => {
        const spans = r.spans === null ? '' : ` and ${fmt(r.spans)} spans`;
        out.line(
          `Imported ${fmt(r.imported)} examples${spans} into ${out.c.bold(r.dataset)}${r.created ? ' (new dataset)' : ''} ` +
            `from ${r.format} in ${(r.elapsed_ms / 1000).toFixed(2)} s`,
        );
        out.line(`train ${fmt(r.splits.train)} · dev ${fmt(r.splits.dev)} · test ${fmt(r.splits.test)} · ${fmt(r.labels.length)} labels · dataset now ${fmt(r.examples_total)} examples`);
        if (r.rulechef)
          out.line(
            `with ${fmt(r.rulechef.corrections)} corrections, ${fmt(r.rulechef.feedback)} feedback and ${fmt(r.rulechef.rules)} rules` +
              (r.rulechef.rejected_rules.length ? ` (${r.rulechef.rejected_rules.length} rejected: rulewright rules list --status rejected)` : ''),
          );
      });
    });
}

const PIPED_INTO = '| rulewright import -`';

/**
 * A stream's conversion hint pipes into `rulewright import -`: with the options this run was
 * given (the workspace, the dataset, --name, …), so the command does the same import when pasted.
 */
function withOwnCommand(e: unknown, file: string, argv: readonly string[]): unknown {
  if (!(e instanceof RulewrightError) || !e.message.includes(PIPED_INTO)) return e;
  const at = argv.indexOf(file, argv.indexOf('import') + 1);
  const words = argv.map((a, i) => (i === at ? STDIN : a));
  return new RulewrightError(e.code, e.message.replace(PIPED_INTO, `| rulewright ${words.map(shellWord).join(' ')}\``), e.details);
}
