import type { Command } from 'commander';
import { FeedbackStatus } from '../../core/schemas/feedback.js';
import type { DatasetHandle } from '../../service/index.js';
import { choice, type CliContext, common, type CommonOptions, usage } from '../context.js';

interface AddOptions extends CommonOptions {
  rule?: string;
  example?: string;
}

interface ListOptions extends CommonOptions {
  status?: FeedbackStatus;
}

/**
 * `feedback TEXT [--rule ID | --example ID]`, `feedback list [--status S]`, `feedback dismiss ID`,
 * `feedback reopen ID`.
 * The parent command also takes the common options, so leaves read them with `optsWithGlobals`
 * (commander gives an option to the parent when both define it).
 */
export function register(program: Command, ctx: CliContext): void {
  const feedback = common(program.command('feedback'))
    .description(
      'give plain-English feedback on the task, a rule (--rule) or an example (--example); `feedback list`, `feedback dismiss ID`, `feedback reopen ID`',
    )
    .argument('[text...]', 'the feedback, e.g. "amounts with a currency sign are missed"')
    .option('--rule <id>', 'feedback about this rule')
    .option('--example <id>', 'feedback about this example')
    .action(async (words: string[], opts: AddOptions) => {
      const text = words.join(' ').trim();
      if (!text) throw usage('give the feedback text, e.g. `rulewright feedback "dates like 3 May 2021 are missed"`, or use `feedback list`');
      if (opts.rule !== undefined && opts.example !== undefined) throw usage('feedback is about one thing: pass --rule ID or --example ID, not both');
      const result = await ctx.withDataset(opts, (d) => d.addFeedback({ text, rule: opts.rule, example: opts.example }));
      ctx.emit(opts, result, (out, r) => {
        const f = r.feedback;
        const about = f.level === 'task' ? 'the task' : `${f.level} ${f.target_id}`;
        out.line(`Recorded feedback ${out.c.bold(f.id)} on ${about} in ${r.dataset}; the next \`rulewright learn\` reads it`);
      });
    });

  common(feedback.command('list'))
    .description('list feedback with its status')
    .addOption(choice('--status <status>', 'only this status', FeedbackStatus.options))
    .action(async (_opts: ListOptions, cmd: Command) => {
      const opts = cmd.optsWithGlobals<ListOptions>();
      const result = await ctx.withDataset(opts, (d) => d.listFeedback({ status: opts.status }));
      ctx.emit(opts, result, (out, r) => {
        out.table(
          r.feedback.map((f) => ({
            id: f.id,
            status: f.status,
            about: f.level === 'task' ? 'task' : `${f.level} ${f.target_id}`,
            run: f.applied_run_id,
            // Open after a run read it: which run, and why nothing it prompted was accepted.
            last: f.status === 'open' && f.not_applied ? `run ${f.not_applied.run_id}: ${f.not_applied.reason}` : '',
            text: f.text,
          })),
          [
            { key: 'id' },
            { key: 'status' },
            { key: 'about', max: 30 },
            { key: 'run', header: 'applied by run' },
            { key: 'last', header: 'not applied by', max: 60 },
            { key: 'text', max: 80, fit: 'narrow', min: 20 },
          ],
        );
        out.line(out.c.dim(`${r.counts.open} open, ${r.counts.applied} applied, ${r.counts.dismissed} dismissed`));
      });
    });

  // Status changes: one subcommand each, the same shape.
  const changes = [
    ['dismiss', 'dismiss feedback: learning stops reading it (it stays listed)', (d: DatasetHandle, id: string) => d.dismissFeedback(id), 'Dismissed', ''],
    ['reopen', 'open dismissed or applied feedback again: the next learning run reads it', (d: DatasetHandle, id: string) => d.reopenFeedback(id), 'Reopened', ': the next `learn` reads it'],
  ] as const;
  for (const [name, description, change, done, after] of changes)
    common(feedback.command(name))
      .description(description)
      .argument('<id>', 'the feedback id (see `feedback list`)')
      .action(async (id: string, _opts: CommonOptions, cmd: Command) => {
        const opts = cmd.optsWithGlobals<CommonOptions>();
        const result = await ctx.withDataset(opts, (d) => change(d, id));
        ctx.emit(opts, result, (out, r) => out.line(`${done} feedback ${out.c.bold(r.feedback.id)} in ${r.dataset}${after}`));
      });
}
