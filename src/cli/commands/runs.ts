import type { Command } from 'commander';
import { RunKind, unreadableLabel } from '../../core/schemas/run.js';
import { choice, type CliContext, common, type CommonOptions, parse } from '../context.js';
import { type CompactOutcome, type RecordedVerdict, renderEvalTable } from '../../service/index.js';
import { fmt, fmtMs, type Output, plural } from '../output.js';

const shown = (v: unknown): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : v === null || v === undefined ? '(none)' : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
};

/**
 * An eval run's per-example outcomes, each followed by the matcher verdicts recorded for it: why a
 * matcher said no (or yes), flagged when lexical or when it could not judge the pair.
 */
function renderOutcomes(out: Output, result: { outcomes?: CompactOutcome[]; verdicts?: RecordedVerdict[]; verdict_count?: number }): void {
  const outcomes = result.outcomes ?? [];
  const verdicts = result.verdicts ?? [];
  const byExample = new Map<string, RecordedVerdict[]>();
  for (const v of verdicts) {
    const list = byExample.get(v.example_id);
    if (list) list.push(v);
    else byExample.set(v.example_id, [v]);
  }
  out.line('');
  out.line(out.c.bold(`outcomes (${plural(outcomes.length, 'example')})`));
  for (const [id, tp, fp, fn, exact] of outcomes) {
    out.line(`  ${id}  tp ${fmt(tp)} fp ${fmt(fp)} fn ${fmt(fn)}  ${exact ? out.c.green('exact') : out.c.red('wrong')}`);
    for (const v of byExample.get(id) ?? []) {
      const flags = [v.lexical_fallback ? 'lexical, not semantic' : '', v.matcher_issue ? `not judged: ${v.matcher_issue}` : ''].filter(Boolean);
      const verdict = v.passed ? out.c.green('passed') : out.c.red('failed');
      out.line(
        `      ${v.field}  ${verdict}  gold ${shown(v.gold)}  predicted ${shown(v.predicted)}${flags.length ? `  [${flags.join('; ')}]` : ''}`,
      );
      out.line(`        ${out.c.dim('why:')} ${v.reason}`);
    }
  }
  const total = result.verdict_count ?? verdicts.length;
  if (total > verdicts.length) out.line(out.c.dim(`  ${fmt(total - verdicts.length)} more matcher verdicts were not kept (the run keeps ${fmt(verdicts.length)}, failures first)`));
  else if (!result.verdicts) out.line(out.c.dim('  this run was recorded before matcher verdicts were kept: run eval again to see why each matcher said no'));
}

/** `runs list` and `runs show ID`. */
export function register(program: Command, ctx: CliContext): void {
  const runs = program.command('runs').description('recorded eval, metrics, rank, prune and learn runs');

  common(runs.command('list'))
    .description('recorded runs, newest first')
    .addOption(choice('--kind <kind>', 'only runs of this kind', RunKind.options))
    .option('--limit <n>', 'at most this many (0: all)', parse.wholeNumber('--limit'), 20)
    .action(async (opts: CommonOptions & { kind?: string; limit: number }) => {
      const result = await ctx.withDataset(opts, (d) => d.listRuns({ kind: opts.kind, ...(opts.limit > 0 ? { limit: opts.limit } : {}) }));
      ctx.emit(opts, result, (out, r) => {
        if (!r.runs.length) {
          out.line('No runs yet: rulewright eval records one.');
          return;
        }
        out.table(
          r.runs.map((x) => ({
            ...x,
            ...(x.unreadable ? { kind: unreadableLabel(x) } : {}),
            dataset_hash: x.dataset_hash.slice(0, 10),
            ruleset_hash: x.ruleset_hash.slice(0, 10),
          })),
          [
            { key: 'id' },
            { key: 'kind' },
            { key: 'created_at', header: 'when' },
            { key: 'split' },
            { key: 'mode' },
            { key: 'n' },
            { key: 'f1', header: 'F1' },
            { key: 'macro_f1', header: 'macro F1' },
            { key: 'dataset_hash', header: 'data' },
            { key: 'ruleset_hash', header: 'rules' },
            { key: 'elapsed_ms', header: 'ms', format: (v) => fmt(Math.round(v as number)) },
          ],
        );
        for (const x of r.runs) if (x.unreadable) out.line(out.c.dim(x.unreadable));
      });
    });

  common(runs.command('show'))
    .description('one recorded run: its config and result')
    .argument('<id>', 'run id, or last')
    .option('--outcomes', 'include the per-example outcomes of an eval run')
    .action(async (id: string, opts: CommonOptions & { outcomes?: boolean }) => {
      const result = await ctx.withDataset(opts, (d) => d.showRun(id, { outcomes: !!opts.outcomes }));
      ctx.emit(opts, result, (out, r) => {
        out.kv([
          ['run', 'unreadable' in r ? `${unreadableLabel(r)} on ${r.dataset}` : `${r.id} (${r.kind}) on ${r.dataset}`],
          ['when', r.created_at],
          ['dataset hash', r.dataset_hash],
          ['ruleset hash', r.ruleset_hash],
          ['elapsed', fmtMs(r.elapsed_ms)],
          ...(r.outcomes_n !== null ? ([['outcomes', `${plural(r.outcomes_n, 'example')}${opts.outcomes ? '' : ' (--outcomes to list them)'}`]] as const) : []),
        ]);
        out.line('');
        if ('unreadable' in r) {
          out.line(`it was recorded by another version and cannot be read: ${r.unreadable}`);
          return;
        }
        if (r.kind === 'eval') {
          const m = r.config.matchers_module;
          out.line(`config: split ${r.config.split}, mode ${r.config.mode}${m?.path ? `, matchers ${m.path}` : ''}`);
          out.line('');
          out.io.stdout.write(renderEvalTable(r.result.report, out.width));
          if (opts.outcomes) renderOutcomes(out, r.result);
          return;
        }
        out.line(out.c.bold('config'));
        out.line(JSON.stringify(r.config, null, 2));
        out.line(out.c.bold('result'));
        out.line(JSON.stringify(r.result, null, 2));
      });
    });
}
