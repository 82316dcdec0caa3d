import type { Command } from 'commander';
import type { NextExample, NextResult } from '../../service/index.js';
import { type CliContext, common, type CommonOptions, parse } from '../context.js';
import { commandHint } from '../hint.js';
import { type Output, plural } from '../output.js';

interface NextOptions extends CommonOptions {
  limit?: number;
}

/** The command that makes a rule for a row: its span for span tasks. */
function fixHint(e: NextExample, opts: NextOptions): string {
  const args = ['suggest', '--example', e.id];
  if (e.span) args.push('--span', `${e.span.start}:${e.span.end}`, '--label', e.span.label);
  return commandHint(args, { '--db': opts.db, '--dataset': opts.dataset });
}

function render(out: Output, r: NextResult, opts: NextOptions): void {
  const spans = r.examples.some((e) => e.span);
  out.line(`${out.c.bold(r.dataset)}: ${plural(r.failing, 'train example')} of ${r.train} the active rules get wrong${spans ? ' (a missed or spurious span)' : ' or leave unlabelled'}`);
  if (!r.examples.length) {
    out.line(spans ? 'Nothing to fix on train: the rules extract every gold span and nothing else' : 'Nothing to fix on train: every example is right, unclaimed by other labels and by a well-supported rule');
    return;
  }
  out.line();
  const rows = r.examples.map((e) => ({ ...e, span: e.span ? `${e.span.label} ${JSON.stringify(e.span.text)} ${e.span.start}:${e.span.end}` : '' }));
  out.table(rows, [
    { key: 'id', fit: 'keep' },
    { key: 'reason', fit: 'keep' },
    { key: 'gain', align: 'right', fit: 'keep' },
    ...(spans ? [{ key: 'span' as const, max: 40, fit: 'narrow' as const, cut: 'end' as const, min: 12 }] : []),
    { key: 'text', max: 50, fit: 'narrow', cut: 'end', min: 16 },
    { key: 'why', max: 80, fit: 'narrow', cut: 'end', min: 20 },
  ]);
  const first = r.examples.find((e) => e.reason !== 'spurious');
  if (first) out.line(`Fix the first with ${fixHint(first, opts)}`);
  else out.line(`The rules extract spans gold lacks: see ${commandHint(['rules', 'list'], { '--db': opts.db, '--dataset': opts.dataset })} to edit or reject them`);
}

/** `next`: which example to fix next, and why. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('next'))
    .description('the train examples whose fix would help most (errors that share a rule with other errors first, then conflicts, then weakly supported answers; span tasks: missed gold spans like many others first, then spans gold lacks), each with why')
    .option('--limit <n>', 'most examples to show (default 10)', parse.atLeastOne('--limit'))
    .action(async (opts: NextOptions) => {
      const result = await ctx.withDataset(opts, (d) => d.next(opts.limit ? { limit: opts.limit } : {}));
      ctx.emit(opts, result, (out, r) => render(out, r, opts));
    });
}
