import type { Command } from 'commander';
import { answerText, type CorrectionStatus } from '../../service/index.js';
import { type CliContext, common, type CommonOptions } from '../context.js';
import type { Output } from '../output.js';

const input = (c: CorrectionStatus) => c.text ?? JSON.stringify(c.input ?? {});

function renderOne(out: Output, c: CorrectionStatus): void {
  out.line(`Correction ${out.c.bold(c.id)}: ${c.holds ? out.c.green('holds') : out.c.red('does not hold')} under the current rules`);
  out.kv([
    ['input', input(c)],
    ...(c.example_id ? ([['example', `${c.example_id}${c.moved_from ? ` (moved from ${c.moved_from} to train)` : ''}`]] as const) : []),
    ['expected', answerText(c.expected)],
    ['rules now', answerText(c.produced_now)],
    ['when made', answerText(c.produced)],
    ...(c.note ? ([['note', c.note]] as const) : []),
    ...(c.contradicts_gold ? ([['flag', "the expected output contradicts the example's gold"]] as const) : []),
    ['created', c.created_at],
  ]);
}

/**
 * `corrections list`, `corrections show ID`, `corrections delete ID`: the corrections made with
 * `correct`, each with whether it holds now (the active rules produce what was expected).
 */
export function register(program: Command, ctx: CliContext): void {
  const corrections = common(program.command('corrections')).description(
    'list, show or delete corrections, each with whether it holds under the current rules: `corrections list`, `corrections show ID`, `corrections delete ID`',
  );

  common(corrections.command('list'))
    .description('every correction, oldest first, and whether the current rules produce what it expects')
    .action(async (_opts: CommonOptions, cmd: Command) => {
      const opts = cmd.optsWithGlobals<CommonOptions>();
      const result = await ctx.withDataset(opts, (d) => d.listCorrections());
      ctx.emit(opts, result, (out, r) => {
        out.table(
          r.corrections.map((c) => ({
            id: c.id,
            holds: c.holds ? 'yes' : 'no',
            example: c.example_id ?? '',
            expected: answerText(c.expected),
            now: answerText(c.produced_now),
            flags: [c.contradicts_gold ? 'contradicts gold' : '', c.moved_from ? `moved from ${c.moved_from}` : ''].filter(Boolean).join(', '),
            input: input(c),
          })),
          [{ key: 'id' }, { key: 'holds' }, { key: 'example', max: 16 }, { key: 'expected', max: 30 }, { key: 'now', header: 'rules now', max: 30 }, { key: 'flags' }, { key: 'input', max: 50 }],
        );
        out.line(out.c.dim(`${r.holding} of ${r.total} corrections hold under the current rules in ${r.dataset}`));
        for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
      });
    });

  common(corrections.command('show'))
    .description('one correction: its input, what was expected, what the rules produce now and when it was made')
    .argument('<id>', 'the correction id (see `corrections list`)')
    .action(async (id: string, _opts: CommonOptions, cmd: Command) => {
      const opts = cmd.optsWithGlobals<CommonOptions>();
      const result = await ctx.withDataset(opts, (d) => d.showCorrection(id));
      ctx.emit(opts, result, (out, r) => {
        renderOne(out, r.correction);
        for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
      });
    });

  common(corrections.command('delete'))
    .description('delete a correction and the training example it became')
    .argument('<id>', 'the correction id (see `corrections list`)')
    .action(async (id: string, _opts: CommonOptions, cmd: Command) => {
      const opts = cmd.optsWithGlobals<CommonOptions>();
      const result = await ctx.withDataset(opts, (d) => d.deleteCorrection(id));
      ctx.emit(opts, result, (out, r) => {
        out.line(`Deleted correction ${out.c.bold(r.deleted)} and its training example ${r.example_id} from ${r.dataset}`);
        for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
      });
    });
}
