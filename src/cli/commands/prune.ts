import { type Command, InvalidArgumentError } from 'commander';
import { orNone } from '../../core/none.js';
import type { PruneResultView } from '../../service/index.js';
import { type CliContext, common } from '../context.js';
import { fmt, fmtMs, type Output, plural } from '../output.js';
import { commandHint, whereFlags } from '../hint.js';
import { withProgress } from '../progress.js';
import { type MeasureOptions, measureOptions } from './metrics.js';

interface PruneOptions extends MeasureOptions {
  apply?: boolean;
  dead?: boolean;
  deadOnDev?: boolean;
  duplicates?: boolean;
  tolerance?: number;
}

const f1 = (v: number | null) => orNone(v, (x) => x.toFixed(4));

/** The plan (or what was applied), step by step, for people; hints repeat the options `opts` ran with. */
export function renderPrune(out: Output, r: PruneResultView, opts: PruneOptions = {}): void {
  // `--apply` with nothing to remove applied nothing, but it was no dry run either.
  const head = r.applied ? out.c.bold('applied') : opts.apply ? out.c.bold('nothing applied') : out.c.yellow('dry run');
  out.line(`${head} · ${out.c.bold(r.dataset)} · judged on ${r.split} (${plural(r.n, 'example')}, ${r.mode} matching)`);
  if (r.steps.length) {
    out.line();
    out.table(
      r.steps.map((s) => ({ ...s, why: s.reason === 'duplicate' ? `duplicate of ${s.duplicate_of}` : s.reason })),
      [
        { key: 'step', align: 'right' },
        { key: 'rule_id', header: 'rule', fit: 'keep' },
        { key: 'name', max: 36, fit: 'narrow', cut: 'middle', min: 16 },
        { key: 'why', fit: 'narrow' },
        { key: 'f1_before', header: 'F1 before', align: 'right', format: (v) => f1(v as number | null) },
        { key: 'f1_after', header: 'F1 after', align: 'right', format: (v) => f1(v as number | null) },
        { key: 'gain', align: 'right', format: (v) => orNone(v as number | null, (x) => `${x >= 0 ? '+' : ''}${x.toFixed(4)}`) },
        { key: 'decided_by', header: 'decided by', align: 'right', format: (v) => `${fmt(v as number)} of ${fmt(r.n)}` },
      ],
    );
  }
  out.line();
  const decided = r.removed.length ? `, decided by ${fmt(r.decided_by)} of ${plural(r.n, `${r.split} example`)}` : '';
  out.line(`F1 ${f1(r.f1_before)} → ${f1(r.f1_after)} with ${plural(r.removed.length, 'rule')} removed${decided} (prune run ${r.run_id}, ${fmtMs(r.elapsed_ms)})`);
  for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
  const where = { ...whereFlags(opts), '--matchers': opts.matchers };
  if (r.applied) out.line(`Next: ${commandHint(['undo'], { '--op': r.op_id, ...whereFlags(opts) })} restores them`);
  else if (!opts.apply && r.removed.length)
    out.line(
      `Next: ${commandHint(['prune', '--apply'], { '--dead': opts.dead, '--dead-on-dev': opts.deadOnDev, '--duplicates': opts.duplicates, '--tolerance': opts.tolerance, '--split': opts.split, ...where })} ` +
        `disables ${plural(r.removed.length, 'rule')}`,
    );
}

const tolerance = (v: string): number => {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('--tolerance must be a number ≥ 0, e.g. 0.001');
  return n;
};

/** `prune`: greedy pruning, a dry run unless --apply. */
export function register(program: Command, ctx: CliContext): void {
  measureOptions(common(program.command('prune')))
    .description(
      'greedy pruning: remove the rule whose removal raises F1 most, recompute, repeat while F1 rises (judged on dev when there is one); ' +
        'a dry run unless --apply, which disables the rules (undo restores them)',
    )
    .option('--apply', 'disable the removed rules (one transaction, recorded; `rulewright undo` restores them)')
    .option('--dead', 'also remove rules that never fire (on the split and on train: a rule dead on dev with true positives on train is kept and named)')
    .option('--dead-on-dev', 'with --dead: also remove rules dead on the split that fire right on train')
    .option('--duplicates', 'also remove exact duplicates (same pattern, flags, dialect and output), keeping the first')
    .option('--tolerance <t>', 'remove a rule only when F1 rises by more than this (default 0: any rise)', tolerance)
    .action(async (opts: PruneOptions) => {
      const result = await ctx.withDataset(opts, (d) =>
        withProgress(ctx.io, opts.json, 'running rules', (onProgress) =>
          d.prune({ split: opts.split, apply: !!opts.apply, dead: !!opts.dead, deadOnDev: !!opts.deadOnDev, duplicates: !!opts.duplicates, tolerance: opts.tolerance, onProgress }),
        ),
      );
      ctx.emit(opts, result, (out, r) => renderPrune(out, r, opts));
    });
}
