import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { RulewrightError } from '../../core/errors.js';
import { TaskType } from '../../core/schemas/task.js';
// The extract module alone: `--rules` never opens a workspace, so it need not load the whole service.
import { extractStream, type ExtractRuleset, rulesetFromFile, screenFileRuleset } from '../../service/extract.js';
import { choice, type CliContext, type CommonOptions } from '../context.js';
import { countProgress } from '../count-progress.js';

interface ExtractOptions extends CommonOptions {
  rules?: string;
  input?: string;
  type?: string;
  summary?: boolean;
  allowFlagged?: boolean;
}

/**
 * `extract [--rules FILE] < in.jsonl > out.jsonl`: runs rules with no LLM. With `--rules` no
 * workspace is opened (none is created); otherwise the dataset's active rules run. Input and
 * output formats, and what happens on a bad line, are described in src/service/extract.ts.
 */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('extract')
    .description('run rules over JSONL documents (stdin → stdout), no LLM; --rules FILE needs no workspace')
    .option('--db <path>', 'workspace file, when no --rules (default: $RULEWRIGHT_DB or ./rulewright.db)')
    .option('--dataset <name>', 'dataset whose active rules run, when no --rules (optional when the workspace has one)')
    .option('--json', 'accepted like everywhere; the output is always JSON lines')
    .option('--rules <file>', 'a ruleset file (rulewright or RuleChef) to run instead of the workspace rules')
    .option('--input <file>', 'read documents from this file instead of stdin')
    .addOption(choice('--type <type>', "with --rules: the task type to run as (default: the file's)", TaskType.options))
    .option('--summary', 'print a summary line on stderr at the end')
    .option('--allow-flagged', 'with --rules: run rules that can backtrack catastrophically (under the time budget) instead of skipping them')
    .action(async (opts: ExtractOptions) => {
      if (opts.type && !opts.rules) throw new RulewrightError('USAGE', '--type applies to --rules FILE; a workspace dataset runs as its own task');
      if (opts.input && opts.input !== '-' && !existsSync(opts.input)) throw new RulewrightError('NOT_FOUND', `no input file at ${opts.input}`);
      let ruleset: ExtractRuleset;
      if (opts.rules) {
        const screened = await screenFileRuleset(rulesetFromFile(opts.rules, opts.type ? { type: opts.type } : {}), { allowFlagged: !!opts.allowFlagged });
        for (const w of screened.warnings ?? []) ctx.out.warn(w);
        for (const s of screened.skipped) ctx.out.warn(s.message);
        ruleset = screened;
      } else ruleset = await ctx.withDataset(opts, (d) => d.extractRuleset());
      const fromFile = opts.input && opts.input !== '-';
      const input = fromFile ? createReadStream(opts.input!, 'utf8') : process.stdin;
      const lines = createInterface({ input, crlfDelay: Infinity });
      const stdout = ctx.io.stdout as { write(s: string): unknown; once?(event: 'drain', cb: () => void): unknown };
      const write = (chunk: string): void | Promise<void> => {
        if (stdout.write(chunk) === false && typeof stdout.once === 'function') return new Promise((resolve) => stdout.once!('drain', resolve));
      };
      const progress = countProgress(ctx.io, 'extracting', 'documents');
      try {
        const summary = await extractStream(ruleset, lines, write, {
          where: fromFile ? opts.input! : 'stdin',
          onIssue: (message) => {
            progress.clear();
            ctx.out.warn(message);
          },
          onProgress: (n) => progress.update(n),
        });
        progress.clear();
        if (opts.summary)
          ctx.io.stderr.write(
            `rulewright: ${summary.documents} documents, ${summary.outputs} outputs from ${summary.rules} rules (${summary.source}) in ${summary.elapsed_ms} ms` +
              `${summary.issues ? `; ${summary.issues} issues` : ''}\n`,
          );
      } finally {
        progress.clear();
        lines.close();
        if (fromFile) (input as ReturnType<typeof createReadStream>).destroy();
      }
    });
}
