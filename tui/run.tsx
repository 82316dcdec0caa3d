import { render } from 'ink';
import { Workspace } from '../src/service/index.js';
import { InlineJobRunner } from './jobs/inline-runner.js';
import type { JobRunner } from './jobs/job-runner.js';
import { WorkerJobRunner, workerScript } from './jobs/worker-runner.js';
import { themeFromEnv } from './theme.js';
import { Workbench, type OpenDataset } from './workbench.js';

export interface RunTuiOptions {
  readonly db?: string;
  readonly dataset?: string;
  /** A user matcher module (`--matchers`), resolved against `cwd`; every job scores with it. */
  readonly matchers?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
  readonly stderr?: NodeJS.WriteStream;
}

const ALT_SCREEN_ON = '\u001b[?1049h';
const ALT_SCREEN_OFF = '\u001b[?1049l';

/**
 * Opens the workbench on a workspace and resolves with the exit code when the user quits (130
 * after Ctrl-C). The dataset is resolved first, so a missing workspace or an ambiguous dataset
 * is a normal CLI error (exit 2), not a screen. In a real terminal it draws on the alternate
 * screen and gives the terminal back as it was, whatever happens.
 */
export async function runTui(opts: RunTuiOptions = {}): Promise<number> {
  const env = opts.env ?? process.env;
  const stdin = opts.stdin ?? process.stdin;
  const stdout = opts.stdout ?? process.stdout;
  const ws = Workspace.open({ db: opts.db, env, ...(opts.cwd ? { cwd: opts.cwd } : {}) });
  let jobs: JobRunner | undefined;
  let code = 0;
  const tty = stdout.isTTY === true;
  try {
    const data = ws.dataset(opts.dataset, { matchers: opts.matchers });
    const dataset = data.name;
    // Loaded once here, so a missing or broken module is a CLI error, not an error on every screen.
    const matchers = (await data.matchersModule())?.path;
    jobs = makeRunner(ws, dataset, matchers);
    const open = (name: string): OpenDataset => {
      const other = ws.dataset(name, { matchers: opts.matchers });
      return { data: other, jobs: makeRunner(ws, other.name, matchers) };
    };
    if (tty) stdout.write(ALT_SCREEN_ON);
    const instance = render(
      // One row is left free: a frame as tall as the terminal makes Ink clear and redraw the
      // whole screen on every change, which flickers.
      <Workbench
        ws={ws}
        first={{ data, jobs }}
        open={open}
        onOpen={(o) => (jobs = o.jobs)}
        theme={themeFromEnv(env)}
        spareRows={tty ? 1 : 0}
        onExitCode={(c) => (code = c)}
      />,
      // The app takes Ctrl-C itself, to close its jobs and exit 130.
      { stdin, stdout, stderr: opts.stderr ?? process.stderr, exitOnCtrlC: false, patchConsole: true },
    );
    await instance.waitUntilExit();
    return code;
  } finally {
    jobs?.close();
    ws.close();
    if (tty) stdout.write(ALT_SCREEN_OFF);
  }
}

/** Worker threads when the compiled worker is there; otherwise jobs run in-process. */
function makeRunner(ws: Workspace, dataset: string, matchers: string | undefined): JobRunner {
  try {
    return new WorkerJobRunner(ws.path, dataset, workerScript(), matchers);
  } catch {
    return new InlineJobRunner(ws, dataset, matchers);
  }
}
