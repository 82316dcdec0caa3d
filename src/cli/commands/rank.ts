import type { Command } from 'commander';
import { orNone } from '../../core/none.js';
import type { RankResultView } from '../../service/index.js';
import { type CliContext, common } from '../context.js';
import { fmt, fmtMs, type Output, plural, ratio } from '../output.js';
import { commandHint, whereFlags } from '../hint.js';
import { withProgress } from '../progress.js';
import { csvOrJson, type MeasureOptions, measureOptions, tableFormatOption } from './metrics.js';

const signed = (v: unknown) => orNone(v as number | null | undefined, (x) => `${x > 0 ? '+' : ''}${x.toFixed(4)}`);

/** The ranking, best first, for people. */
export function renderRank(out: Output, r: RankResultView, opts: MeasureOptions = {}): void {
  out.line(`${out.c.bold(r.dataset)}: ensemble F1 ${ratio(r.f1)} on ${r.split} (${plural(r.n, 'example')}, ${r.mode} matching)`);
  out.line();
  out.table(
    r.rules.map((x) => ({ ...x, flags: [x.dead ? 'dead' : '', x.harmful ? out.c.red('harmful') : ''].filter(Boolean).join(' ') })),
    [
      { key: 'rank', align: 'right', fit: 'keep' },
      { key: 'id' },
      { key: 'name', max: 36, fit: 'narrow', cut: 'middle', min: 16 },
      { key: 'label', max: 20, fit: 'narrow', cut: 'middle', min: 14 },
      { key: 'solo_f1', header: 'solo F1', align: 'right', format: ratio, fit: 'keep' },
      { key: 'marginal_f1', header: 'marginal F1', align: 'right', format: signed, fit: 'keep' },
      { key: 'solo_precision', header: 'solo P', align: 'right', format: ratio },
      { key: 'support', align: 'right' },
      { key: 'flags', fit: 'keep' },
    ],
  );
  out.line();
  const harmful = r.rules.filter((x) => x.harmful).length;
  out.line(
    `${fmt(harmful)} harmful, ${fmt(r.rules.filter((x) => x.dead).length)} dead; leave-one-out re-scored ${plural(r.rescored, 'example')} ` +
      `(rank run ${r.run_id}, ${fmtMs(r.elapsed_ms)})`,
  );
  for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
  if (harmful) out.line(`Next: ${commandHint(['prune'], { '--split': opts.split, ...whereFlags(opts), '--matchers': opts.matchers })} shows what removing them gains`);
}

/** `rank`: solo and leave-one-out marginal F1. */
export function register(program: Command, ctx: CliContext): void {
  tableFormatOption(measureOptions(common(program.command('rank'))))
    .description('rank the rules by exact leave-one-out marginal F1 (ensemble F1 minus F1 without the rule), with each rule\'s solo F1')
    .action(async (opts: MeasureOptions) => {
      const csv = csvOrJson(opts);
      const result = await ctx.withDataset(opts, async (d) => {
        const r = await withProgress(ctx.io, opts.json || csv, 'running rules', (onProgress) => d.rank({ split: opts.split, onProgress, table: csv }));
        return csv ? (r.table_csv ?? '') : r;
      });
      if (typeof result === 'string') return void ctx.io.stdout.write(result);
      ctx.emit(opts, result, (out, r) => renderRank(out, r, opts));
    });
}
