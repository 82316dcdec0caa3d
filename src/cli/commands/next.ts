import type { Command } from 'commander';
import type { NextResult } from '../../service/index.js';
import { type CliContext, common, type CommonOptions, parse } from '../context.js';
import { commandHint } from '../hint.js';
import { type Output, plural } from '../output.js';

interface NextOptions extends CommonOptions {
  limit?: number;
}

function render(out: Output, r: NextResult, opts: NextOptions): void {
  out.line(`${out.c.bold(r.dataset)}: ${plural(r.failing, 'train example')} of ${r.train} the active rules get wrong or leave unlabelled`);
  if (!r.examples.length) {
    out.line('Nothing to fix on train: every example is right, unclaimed by other labels and by a well-supported rule');
    return;
  }
  out.line();
  out.table(r.examples, [
    { key: 'id', fit: 'keep' },
    { key: 'reason', fit: 'keep' },
    { key: 'gain', align: 'right', fit: 'keep' },
    { key: 'text', max: 50, fit: 'narrow', cut: 'end', min: 16 },
    { key: 'why', max: 80, fit: 'narrow', cut: 'end', min: 20 },
  ]);
  out.line(`Fix the first with ${commandHint(['suggest', '--example', r.examples[0]!.id], { '--db': opts.db, '--dataset': opts.dataset })}`);
}

/** `next`: which example to fix next, and why. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('next'))
    .description('the train examples whose fix would help most (errors that share a rule with other errors first, then conflicts, then weakly supported answers), each with why')
    .option('--limit <n>', 'most examples to show (default 10)', parse.atLeastOne('--limit'))
    .action(async (opts: NextOptions) => {
      const result = await ctx.withDataset(opts, (d) => d.next(opts.limit ? { limit: opts.limit } : {}));
      ctx.emit(opts, result, (out, r) => render(out, r, opts));
    });
}
