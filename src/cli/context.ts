import { type Command, InvalidArgumentError, Option } from 'commander';
import type { z } from 'zod';
import { RulewrightError } from '../core/errors.js';
import { existsSync, rmSync } from 'node:fs';
import type { DatasetHandle, Workspace } from '../service/index.js';
import { type CliIo, Output } from './output.js';

/** Options every command has. */
export interface CommonOptions {
  db?: string;
  dataset?: string;
  json?: boolean;
  wide?: boolean;
}

/** Adds `--db`, `--dataset`, `--json` and `--wide` to a command. */
export function common(cmd: Command): Command {
  return cmd
    .option('--db <path>', 'workspace file (default: $RULEWRIGHT_DB or ./rulewright.db)')
    .option('--dataset <name>', 'dataset to use (default: the only one, or the current one: see `rulewright use`)')
    .option('--json', 'print one JSON document on stdout instead of tables')
    .option('--wide', 'show every table column in full, whatever the terminal width');
}

/** What a command's `register` gets: the io, output helpers, and workspace access. */
export class CliContext {
  /** Set by commands that finish without throwing but should not exit 0. */
  exitCode = 0;
  readonly out: Output;

  constructor(readonly io: CliIo) {
    this.out = new Output(io);
  }

  /**
   * Opens the workspace named by `--db` / `$RULEWRIGHT_DB` / `./rulewright.db`, runs `fn`, and
   * closes it whatever happens. `create` makes a missing workspace file (init, import --name).
   */
  async withWorkspace<T>(opts: CommonOptions, fn: (ws: Workspace) => T | Promise<T>, create = false): Promise<T> {
    // Loaded here, not at the top: `--version`, `--help` and `extract --rules` never open a workspace.
    const { resolveDbPath, Workspace } = await import('../service/index.js');
    const path = resolveDbPath(opts.db, this.io.env, this.io.cwd);
    const existed = existsSync(path);
    const ws = Workspace.open({ db: opts.db, create, env: this.io.env, cwd: this.io.cwd });
    let failed = true;
    try {
      const result = await fn(ws);
      failed = false;
      return result;
    } catch (e) {
      throw ws.explain(e);
    } finally {
      const empty = failed && !existed && ws.listDatasets().length === 0;
      ws.close();
      // A command that was to create the workspace and failed (e.g. `import --name` of a
      // malformed file) leaves nothing behind, not even an empty workspace file.
      if (empty) for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
    }
  }

  /**
   * Opens the workspace and, once, the dataset the command names (`--dataset`, else the only or
   * the current one; `--matchers` for the commands that score), and runs `fn` with the handle. The handle
   * reads cwd and env from the workspace, which has them from the io.
   */
  withDataset<T>(opts: Pick<CommonOptions, 'db' | 'dataset'> & { matchers?: string }, fn: (d: DatasetHandle) => T | Promise<T>): Promise<T> {
    return this.withWorkspace(opts, async (ws) => {
      const d = ws.dataset(opts.dataset, { matchers: opts.matchers });
      const result = await fn(d);
      // With several datasets, a table says which one it is about (the current one may not be the one the user thinks).
      if (ws.datasetNames().length > 1) this.out.title = `dataset: ${d.name}`;
      return result;
    });
  }

  /** Prints a result: as JSON with `--json`, else with the command's human renderer. */
  emit<T>(opts: CommonOptions, result: T, human: (out: Output, result: T) => void): void {
    if (opts.json) return this.out.json(result);
    this.out.wide = !!opts.wide;
    human(this.out, result);
  }
}

/** Commander option parsers that turn bad values into usage errors (exit 2). */
export const parse = {
  fraction(name: string) {
    return (v: string): number => {
      const n = Number(v);
      if (v.trim() === '' || !Number.isFinite(n) || n < 0 || n >= 1) throw new InvalidArgumentError(`${name} must be a fraction in [0, 1), e.g. 0.2`);
      return n;
    };
  },
  wholeNumber(name: string) {
    return (v: string): number => {
      const n = Number(v);
      if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`${name} must be a whole number ≥ 0`);
      return n;
    };
  },
  /** A count that must be at least one (how many to show, which one to take). */
  atLeastOne(name: string) {
    return (v: string): number => {
      const n = Number(v);
      if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError(`${name} takes a whole number of 1 or more, not "${v}"`);
      return n;
    };
  },
  /** A number the schema accepts (its message says the range), e.g. a time budget. */
  bySchema(name: string, schema: z.ZodType<number | undefined>) {
    return (v: string): number => {
      const r = schema.safeParse(v.trim() === '' ? Number.NaN : Number(v));
      if (!r.success || r.data === undefined) throw new InvalidArgumentError(`${name} ${r.error?.issues[0]?.message ?? 'is invalid'}`);
      return r.data;
    };
  },
  list(v: string): string[] {
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  },
};

/** An option restricted to some values (commander reports others as a usage error). */
export function choice(flags: string, description: string, values: readonly string[]): Option {
  return new Option(flags, description).choices(values as string[]);
}

/** A usage error raised inside an action (exit 2). */
export function usage(message: string): RulewrightError {
  return new RulewrightError('USAGE', message);
}
