/**
 * The Python runtime (python/) driven from tests: `python3` with the package on PYTHONPATH, killed
 * after a time limit. Tests that need it skip with `pythonMissing` (or `rayMissing`) as the reason.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Rule } from '../../src/core/schemas/rule.js';
import { Workspace } from '../../src/service/index.js';
import { json, runCli } from '../cli/helpers.js';
import { repoRoot } from './shared.js';

const PYTHON = process.env.PYTHON ?? 'python3';
const env = (): NodeJS.ProcessEnv => ({ ...process.env, PYTHONPATH: join(repoRoot, 'python'), PYTHONDONTWRITEBYTECODE: '1' });

function missing(modules: string, why: string): string | undefined {
  const r = spawnSync(PYTHON, ['-c', `import ${modules}`], { encoding: 'utf8', timeout: 60_000, env: env() });
  if (r.error) return `${PYTHON} cannot be started (${r.error.message}): ${why}`;
  return r.status === 0 ? undefined : `${PYTHON} cannot import ${modules}: ${why}`;
}

/** Why the Python runtime's tests cannot run here, or undefined when they can. */
export const pythonMissing = missing('regex', 'install it with `pip install regex` (.ci/run does)');

/** Why the Ray tests cannot run here, or undefined when they can. */
export const rayMissing = pythonMissing ?? missing('ray, pyarrow, pandas', 'install them with `pip install ray pyarrow pandas` (.ci/run does)');

/** Runs `python3 ARGS` with the runtime importable; throws with stderr when it fails or overruns `timeoutMs`. */
export function runPython(args: string[], opts: { input?: string; timeoutMs?: number } = {}): string {
  const r = spawnSync(PYTHON, args, {
    encoding: 'utf8',
    env: env(),
    input: opts.input,
    timeout: opts.timeoutMs ?? 60_000,
    killSignal: 'SIGKILL',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`python3 ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** What `rules export --for python --json` reports. */
export interface PythonExportResult {
  rules: number;
  refused: { id: string; name: string; reason: string }[];
}

/**
 * A workspace with one dataset of `type` (gold examples from `gold`, if given) holding `rules`,
 * exported with `rules export --for python`. Rules are inserted as stored rules: `rules import`
 * screens every pattern for ReDoS (~20 s for Banking77), which is not what these tests are about.
 */
export async function exportedWorkspace(
  tmp: { dir: () => string; path: (name: string) => string },
  opts: { type: string; rules: readonly Rule[]; gold?: string; taskArgs?: readonly string[] },
) {
  const db = tmp.path('ws.db');
  const cli = (...args: string[]) => runCli([...args, '--db', db], { cwd: tmp.dir() });
  expect((await cli('init', '--name', 'd', '--type', opts.type)).code).toBe(0);
  if (opts.gold) expect((await cli('import', opts.gold)).code).toBe(0);
  if (opts.taskArgs?.length) expect((await cli('task', 'set', ...opts.taskArgs)).code).toBe(0);
  const ws = Workspace.open({ db });
  for (const r of opts.rules) ws.store.rules.insert(ws.dataset().id, r);
  ws.close();
  const file = tmp.path('rules.python.json');
  const exported = json<PythonExportResult>(await cli('rules', 'export', file, '--for', 'python', '--json'));
  return { db, cli, file, exported };
}
