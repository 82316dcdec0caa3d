import type { Command } from 'commander';
import { renderEvalTable } from '../../core/eval/render-table.js';
import { EvalReport, RunKind } from '../../core/schemas/index.js';
import { choice, type CliContext, common, type CommonOptions, parse } from '../context.js';
import { fmt, fmtMs } from '../output.js';

/** `runs list` and `runs show ID`. */
export function register(program: Command, ctx: CliContext): void {
  const runs = program.command('runs').description('recorded eval, metrics, rank, prune and learn runs');

  common(runs.command('list'))
    .description('recorded runs, newest first')
    .addOption(choice('--kind <kind>', 'only runs of this kind', RunKind.options))
    .option('--limit <n>', 'at most this many (0: all)', parse.wholeNumber('--limit'), 20)
    .action(async (opts: CommonOptions & { kind?: string; limit: number }) => {
      const result = await ctx.withWorkspace(opts, (ws) =>
        ws.listRuns({ ...(opts.dataset ? { dataset: opts.dataset } : {}), ...(opts.kind ? { kind: opts.kind } : {}), ...(opts.limit > 0 ? { limit: opts.limit } : {}) }),
      );
      ctx.emit(opts, result, (out, r) => {
        if (!r.runs.length) {
          out.line('No runs yet: rulewright eval records one.');
          return;
        }
        out.table(
          r.runs.map((x) => ({ ...x, dataset_hash: x.dataset_hash.slice(0, 10), ruleset_hash: x.ruleset_hash.slice(0, 10) })),
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
      });
    });

  common(runs.command('show'))
    .description('one recorded run: its config and result')
    .argument('<id>', 'run id, or last')
    .option('--outcomes', 'include the per-example outcomes of an eval run')
    .action(async (id: string, opts: CommonOptions & { outcomes?: boolean }) => {
      const result = await ctx.withWorkspace(opts, (ws) =>
        ws.showRun(id, { ...(opts.dataset ? { dataset: opts.dataset } : {}), ...(opts.outcomes ? { outcomes: true } : {}) }),
      );
      ctx.emit(opts, result, (out, r) => {
        out.kv([
          ['run', `${r.id} (${r.kind}) on ${r.dataset}`],
          ['when', r.created_at],
          ['dataset hash', r.dataset_hash],
          ['ruleset hash', r.ruleset_hash],
          ['elapsed', fmtMs(r.elapsed_ms)],
          ...(r.outcomes_n !== null ? ([['outcomes', `${fmt(r.outcomes_n)} examples${opts.outcomes ? '' : ' (--outcomes to list them)'}`]] as const) : []),
        ]);
        out.line('');
        const report = r.kind === 'eval' ? EvalReport.safeParse(r.result.report) : undefined;
        if (report?.success) {
          const m = r.config.matchers_module as { path?: string } | null | undefined;
          out.line(`config: split ${String(r.config.split)}, mode ${String(r.config.mode)}${m?.path ? `, matchers ${m.path}` : ''}`);
          out.line('');
          out.io.stdout.write(renderEvalTable(report.data));
          return;
        }
        out.line(out.c.bold('config'));
        out.line(JSON.stringify(r.config, null, 2));
        out.line(out.c.bold('result'));
        out.line(JSON.stringify(r.result, null, 2));
      });
    });
}
