import type { Command } from 'commander';
import { orNone } from '../../core/none.js';
import type { RankResultView } from '../../service/index.js';
import { type CliContext, common } from '../context.js';
import { fmt, fmtMs, type Output } from '../output.js';
import { withProgress } from '../progress.js';
import { type MeasureOptions, measureOptions } from './metrics.js';

const signed = (v: unknown) => orNone(v as number | null | undefined, (x) => `${x > 0 ? '+' : ''}${x.toFixed(4)}`);

/** The ranking, best first, for people. */
export function renderRank(out: Output, r: RankResultView): void {
  out.line(`${out.c.bold(r.dataset)}: ensemble F1 ${fmt(r.f1)} on ${r.split} (${fmt(r.n)} examples, ${r.mode} matching)`);
  out.line();
  out.table(
    r.rules.map((x) => ({ ...x, flags: [x.dead ? 'dead' : '', x.harmful ? out.c.red('harmful') : ''].filter(Boolean).join(' ') })),
    [
      { key: 'rank', align: 'right' },
      { key: 'id', max: 14 },
      { key: 'name', max: 36 },
      { key: 'label', max: 20 },
      { key: 'solo_f1', header: 'solo F1', align: 'right' },
      { key: 'marginal_f1', header: 'marginal F1', align: 'right', format: signed },
      { key: 'solo_precision', header: 'solo P', align: 'right' },
      { key: 'support', align: 'right' },
      { key: 'flags' },
    ],
  );
  out.line();
  const harmful = r.rules.filter((x) => x.harmful).length;
  out.line(
    `${fmt(harmful)} harmful, ${fmt(r.rules.filter((x) => x.dead).length)} dead; leave-one-out re-scored ${fmt(r.rescored)} examples ` +
      `(rank run ${r.run_id}, ${fmtMs(r.elapsed_ms)})${harmful ? '; `rulewright prune` shows what removing them gains' : ''}`,
  );
  for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
}

/** `rank`: solo and leave-one-out marginal F1. */
export function register(program: Command, ctx: CliContext): void {
  measureOptions(common(program.command('rank')))
    .description('rank the rules by exact leave-one-out marginal F1 (ensemble F1 minus F1 without the rule), with each rule\'s solo F1')
    .action(async (opts: MeasureOptions) => {
      const result = await ctx.withDataset(opts, (d) =>
        withProgress(ctx.io, opts.json, 'running rules', (onProgress) => d.rank({ split: opts.split, onProgress })),
      );
      ctx.emit(opts, result, renderRank);
    });
}
