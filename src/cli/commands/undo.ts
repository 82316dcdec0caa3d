import type { Command } from 'commander';
import type { UndoResult } from '../../service/index.js';
import { type CliContext, common, type CommonOptions, parse } from '../context.js';
import { fmt, type Output } from '../output.js';

interface UndoOptions extends CommonOptions {
  op?: number;
}

/** What was restored, for people. */
export function renderUndo(out: Output, r: UndoResult): void {
  out.line(`undid ${r.kind} op ${r.op_id} in ${out.c.bold(r.dataset)}: ${fmt(r.restored.length)} rule${r.restored.length === 1 ? '' : 's'} restored`);
  for (const c of r.restored) out.line(`  ${c.rule_id}: ${c.from} → ${c.to}`);
  for (const s of r.skipped) out.warn(`${s.rule_id} not restored: ${s.reason}`);
}

/** `undo`: restores the rules of the last applied prune. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('undo'))
    .description('restore the rules the last applied prune disabled (or those of --op ID)')
    .option('--op <id>', 'the prune op to undo (default: the last one not undone)', parse.wholeNumber('--op'))
    .action(async (opts: UndoOptions) => {
      const result = await ctx.withDataset(opts, (d) => d.undo({ op: opts.op }));
      ctx.emit(opts, result, renderUndo);
    });
}
