import type { Command } from 'commander';
import { MatchMode } from '../../core/schemas/task.js';
import { type EvalResult, renderComparison, renderEvalTable } from '../../service/index.js';
import { choice, type CliContext, common, type CommonOptions } from '../context.js';
import { fmtMs, type Output } from '../output.js';
import { withProgress } from '../progress.js';

interface EvalOptions extends CommonOptions {
  split?: string;
  mode?: string;
  matchers?: string;
  compare?: string;
}

/** Issues shown in the text output before "and N more". */
const SHOWN_ISSUES = 10;

function renderEval(out: Output, r: EvalResult): void {
  out.io.stdout.write(renderEvalTable(r, out.width));
  if (r.issues.length) {
    out.line('');
    out.line(out.c.yellow(`execution issues (${r.issues.length})`));
    for (const i of r.issues.slice(0, SHOWN_ISSUES)) out.line(`  ${String(i.message)}`);
    if (r.issues.length > SHOWN_ISSUES) out.line(`  … and ${r.issues.length - SHOWN_ISSUES} more (eval --json lists them all)`);
  }
  if (r.compare) {
    out.line('');
    out.line(out.c.bold(`compared with run ${r.compare.run_id}`));
    out.io.stdout.write(renderComparison(r.compare));
  }
  out.line('');
  out.line(out.c.dim(`${r.run_id ? `run ${r.run_id} recorded` : 'not recorded (read-only workspace)'} · ${fmtMs(r.elapsed_ms)} · dataset ${r.dataset_hash.slice(0, 12)} · ruleset ${r.ruleset_hash.slice(0, 12)}`));
}

/** `eval`: task-level evaluation of the active rules, recorded as a run. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('eval'))
    .description('evaluate the active rules (default split: test, else dev, else all) and record the run')
    .addOption(choice('--split <split>', 'the split to evaluate (all for every example)', ['all', 'train', 'dev', 'test']))
    .addOption(choice('--mode <mode>', "matching mode (default: the task's)", MatchMode.options))
    .option('--matchers <module>', 'a JS module exporting `matchers` (name → function) used by the task config')
    .option('--compare <run>', 'compare with an earlier eval run (its id, or last): what moved, and whether data, rules or config changed')
    .action(async (opts: EvalOptions) => {
      const result = await ctx.withDataset(opts, (d) =>
        withProgress(ctx.io, opts.json, 'running rules', (onProgress) =>
          d.evaluate({ split: opts.split as 'all' | undefined, mode: opts.mode, compare: opts.compare, onProgress }),
        ),
      );
      ctx.emit(opts, result, renderEval);
    });
}
