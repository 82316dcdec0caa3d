import type { Command } from 'commander';
import { type CliContext, common, type CommonOptions, usage } from '../context.js';

/** `tui`: the terminal workbench (Ink), on the workspace and dataset of `--db` / `--dataset`. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('tui'))
    .description('terminal workbench: rules with their metrics, examples, corrections, feedback, prune, eval, learn')
    .option('--matchers <file>', 'a JS module registering the custom matchers the task config names (as for eval)')
    .action(async (opts: CommonOptions & { matchers?: string }) => {
      if (opts.json) throw usage('tui is interactive and has no --json output: use `metrics`, `rank` or `eval` with --json');
      if (!process.stdin.isTTY) {
        throw usage('tui needs an interactive terminal (stdin is not a TTY): run it in a terminal, or use the other commands in scripts');
      }
      // React's development build doubles the cost of every redraw; the workbench is an end-user
      // program, so it runs the production build unless the caller chose otherwise. Set before
      // React is first loaded, which happens just below: the other commands never load it.
      process.env.NODE_ENV ??= 'production';
      // Ink reads CI / CONTINUOUS_INTEGRATION when it is first loaded and, if either is set,
      // draws nothing until exit. An interactive terminal was confirmed above, so a CI variable
      // left in the user's (or a CI runner's) environment must not blank the workbench.
      hideCiFromInk(process.env);
      const { runTui } = await import('../../../tui/run.js');
      ctx.exitCode = await runTui({
        ...(opts.db ? { db: opts.db } : {}),
        ...(opts.dataset ? { dataset: opts.dataset } : {}),
        ...(opts.matchers ? { matchers: opts.matchers } : {}),
        env: ctx.io.env,
        cwd: ctx.io.cwd,
      });
    });
}

/** Unsets the variables by which Ink decides it is running in CI (it then draws nothing live). */
function hideCiFromInk(env: NodeJS.ProcessEnv): void {
  for (const key of ['CI', 'CONTINUOUS_INTEGRATION']) delete env[key];
}
