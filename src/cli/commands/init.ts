import type { Command } from 'commander';
import { MatchMode, TaskType } from '../../core/schemas/task.js';
import { choice, type CliContext, common, type CommonOptions, parse, usage } from '../context.js';
import { commandHint } from '../hint.js';

interface InitOptions extends CommonOptions {
  name?: string;
  type: string;
  labels?: string[];
  description?: string;
  mode?: string;
  textField?: string;
}

/** `init`: create a dataset (and the workspace file if new). */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('init'))
    .description('create a dataset (and the workspace file if it does not exist)')
    .option('--name <name>', 'dataset name (or pass --dataset)')
    .addOption(choice('--type <type>', 'task type', TaskType.options).makeOptionMandatory())
    .option('--labels <a,b,...>', 'the labels (span labels, classes, or output fields)', parse.list)
    .option('--description <text>', 'what the task is, in plain English')
    .addOption(choice('--mode <mode>', 'span matching mode (default text)', MatchMode.options))
    .option('--text-field <field>', 'transformation: the input field rules read (default text)')
    .action(async (opts: InitOptions) => {
      const name = opts.name ?? opts.dataset;
      if (!name) throw usage('init needs a dataset name: pass --name NAME');
      if (opts.name && opts.dataset && opts.name !== opts.dataset) throw usage('--name and --dataset disagree: pass one of them');
      const result = await ctx.withWorkspace(
        opts,
        (ws) =>
          ws.createDataset(
            {
              name,
              type: opts.type,
              ...(opts.labels ? { labels: opts.labels } : {}),
              ...(opts.description !== undefined ? { description: opts.description } : {}),
              ...(opts.mode ? { mode: opts.mode } : {}),
              ...(opts.textField ? { text_field: opts.textField } : {}),
            },
            // Whoever creates a dataset goes on to work on it: the commands after `init` (import,
            // learn) would otherwise stop at "has 2 datasets" once a workspace has a second one.
            { current: true },
          ),
        true,
      );
      ctx.emit(opts, result, (out, r) => {
        out.line(`Created dataset ${out.c.bold(r.name)} (${r.type}) in ${r.workspace}`);
        if (r.labels.length) out.line(`labels: ${r.labels.join(', ')}`);
        out.line(`Next: ${commandHint(['import', 'FILE'], { '--dataset': r.name, '--db': opts.db })}`);
      });
    });
}
