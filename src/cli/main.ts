/**
 * The rulewright command line.
 *
 * How to add a command (rules, eval, metrics, rank, prune, learn, correct, feedback, extract,
 * report, tui, runs, undo, …):
 *   1. Write `src/cli/commands/<command>.ts` exporting `register(program: Command, ctx: CliContext)`.
 *      Inside, create the command with `common(program.command('name'))` so it gets `--db`,
 *      `--dataset`, `--json` and `--help`; validate option values with the `parse.*` helpers or
 *      `choice(...)` (bad values are usage errors, exit 2).
 *   2. In the action, call the service only. A command about one dataset calls its handle:
 *      `await ctx.withDataset(opts, (d) => d.method(...))` (the methods are DATASET_API's rows,
 *      src/service/dataset-api.ts); only the few that span datasets (init, import, datasets, use)
 *      take the workspace with `ctx.withWorkspace`. Then
 *      `ctx.emit(opts, result, (out, r) => { out.table(...) })`: `--json` prints the result
 *      object as one JSON document, otherwise the human renderer draws tables.
 *   3. Throw `RulewrightError` for failures (never `process.exit`): main prints
 *      `rulewright: <message>` on stderr and returns `err.exitCode`. To finish with a non-zero
 *      code without an error, set `ctx.exitCode`.
 *   4. Add the module, with its command's name, to COMMANDS in `src/cli/commands/index.ts`
 *      (modules load on demand: a run registers only the command it names).
 * Commands with subcommands (`examples list|show`) create a parent with `program.command('x')`
 * and add `common(...)` to each leaf.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { RulewrightError } from '../core/errors.js';
import { clipMessage } from './clip-message.js';
import { COMMANDS, commandsFor } from './commands/index.js';
import { CliContext } from './context.js';
import { GLOBAL_HELP, hoistGlobalOptions, whereFromArgv } from './global-options.js';
import { pasteable } from './hint.js';
import { addHelpExamples } from './help-examples.js';
import type { CliIo } from './output.js';

/**
 * Builds the program with the commands `argv` needs registered (all of them when `argv` is not
 * given; see `commandsFor`); output goes through `ctx.io`.
 */
export async function createProgram(ctx: CliContext, argv?: readonly string[]): Promise<Command> {
  const modules = await Promise.all((argv ? commandsFor(argv) : COMMANDS).map((c) => c.load()));
  const program = new Command('rulewright')
    .description('Learn readable regex and lexicon rules from labelled examples, score them, and review them.')
    .version(packageVersion(), '-v, --version')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      writeErr: (s) => ctx.io.stderr.write(s),
      outputError: (s, write) => write(`rulewright: ${clipMessage(s.replace(/^error: /, '').trimEnd())}\n`),
    })
    .addHelpText('after', GLOBAL_HELP);
  for (const m of modules) m.register(program, ctx);
  addHelpExamples(program);
  return program;
}

/**
 * Runs the CLI on `argv` (without `node` and the script) and resolves to the exit code:
 * 0 ok, 1 failed, 2 bad input or usage. Never calls `process.exit`.
 */
export async function main(argvIn: string[], io: Partial<CliIo> = {}): Promise<number> {
  // `-V` as well as `-v`: commander takes one short flag for the version.
  const argv = hoistGlobalOptions(argvIn.length === 1 && argvIn[0] === '-V' ? ['--version'] : helpAsFlag(argvIn));
  const ctx = new CliContext({
    stdout: io.stdout ?? process.stdout,
    stderr: io.stderr ?? process.stderr,
    ...(io.stdin ? { stdin: io.stdin } : {}),
    env: io.env ?? process.env,
    cwd: io.cwd ?? process.cwd(),
  });
  ctx.out.where = whereFromArgv(argv);
  try {
    const program = await createProgram(ctx, argv);
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return 2;
    }
    await program.parseAsync(argv, { from: 'user' });
    return ctx.exitCode;
  } catch (e) {
    return report(e, ctx);
  }
}

/** `help rules list` as `rules list --help`: commander's own `help` command goes one level deep only. */
function helpAsFlag(argv: string[]): string[] {
  const [first, ...rest] = argv;
  return first === 'help' && rest.length > 1 && !rest[0]!.startsWith('-') ? [...rest, '--help'] : argv;
}

function report(e: unknown, ctx: CliContext): number {
  if (e instanceof CommanderError) {
    // Commander has already printed the message (or the help / version).
    return e.exitCode === 0 ? 0 : 2;
  }
  if (e instanceof RulewrightError) {
    ctx.io.stderr.write(`rulewright: ${clipMessage(pasteable(e.message, ctx.out.where))}\n`);
    if (ctx.io.env.RULEWRIGHT_DEBUG && e.stack) ctx.io.stderr.write(`${e.stack}\n`);
    return e.exitCode;
  }
  const err = e as Error;
  ctx.io.stderr.write(`rulewright: internal error: ${clipMessage(err?.message ?? String(e))}\n`);
  if (ctx.io.env.RULEWRIGHT_DEBUG && err?.stack) ctx.io.stderr.write(`${err.stack}\n`);
  return 1;
}

let version: string | undefined;

/** The version in package.json (found upward from this file, in src/ or dist/src/). */
function packageVersion(): string {
  if (version) return version;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const p = join(dir, 'package.json');
    if (existsSync(p)) {
      const pkg = JSON.parse(readFileSync(p, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'rulewright') return (version = pkg.version ?? '0.0.0');
    }
    dir = dirname(dir);
  }
  return (version = '0.0.0');
}
