import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { join } from 'node:path';
import { expect } from 'vitest';
import { main } from '../../src/cli/main.js';
import { repoRoot } from '../helpers/shared.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment CLI tests run with: no colour, no workspace from the caller's shell. */
export function testEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.RULEWRIGHT_DB;
  delete env.FORCE_COLOR;
  return { ...env, ...extra };
}

/** Runs `main` in-process with captured stdout and stderr. */
export async function runCli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: opts.env ?? testEnv(),
    cwd: opts.cwd ?? process.cwd(),
  });
  return { code, stdout, stderr };
}

/** `run`, also expecting each call to succeed quietly: exit 0 and nothing on stderr. */
export function succeeding<A extends unknown[]>(run: (...args: A) => Promise<CliRun>): (...args: A) => Promise<CliRun> {
  return async (...args: A) => {
    const r = await run(...args);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return r;
  };
}

/** Parses the single JSON document a `--json` run printed. */
export function json<T = Record<string, unknown>>(run: CliRun): T {
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

export const BIN = join(repoRoot, 'bin', 'rulewright.js');

/** Starts the real binary (`node bin/rulewright.js ...`); its stdin is empty unless `stdin: 'pipe'`. */
export function startBin(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; stdin?: 'pipe' } = {}): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? repoRoot, env: opts.env ?? testEnv(), stdio: [opts.stdin ?? 'ignore', 'pipe', 'pipe'] });
}

/**
 * The real binary, killed after `ms`: a hang fails the test instead of stalling the suite.
 * `feed` writes its stdin (a pipe then), and may go on for as long as the binary reads.
 */
export function runBinWithin(
  ms: number,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; feed?: (stdin: Writable) => void } = {},
): Promise<{ code: number | null; stdout: string; stderr: string; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = startBin(args, { ...opts, ...(opts.feed ? { stdin: 'pipe' as const } : {}) });
    if (opts.feed) {
      // the binary may stop reading and exit while the feed still writes
      child.stdin!.on('error', () => undefined);
      opts.feed(child.stdin!);
    }
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, ms);
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, killed });
    });
  });
}

/** Runs the real binary to completion. */
export function runBin(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = startBin(args, opts);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
}

/**
 * Runs `main` in-process as a shell in `cwd` would start it. File arguments resolve against the
 * process's own folder, so the run moves there and back (the forks pool allows `chdir`; tests of
 * a file run one at a time). Far cheaper than `runBin`, for tests not about the binary itself.
 */
export async function runCliAt(cwd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<CliRun> {
  const back = process.cwd();
  process.chdir(cwd);
  try {
    return await runCli(args, { cwd, env });
  } finally {
    process.chdir(back);
  }
}

/** Writes rows as JSONL. */
export function writeJsonl(path: string, rows: readonly object[]): string {
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

/** Writes `n` short classification rows (`{id, text, label}`) as JSONL, quickly. */
export function writeBigJsonl(path: string, n: number, idPrefix = 'r'): string {
  const chunks: string[] = [];
  for (let i = 0; i < n; i++) {
    chunks.push(`{"id":"${idPrefix}${i}","text":"how do I change the pin of card number ${i}","label":"intent_${i % 50}"}\n`);
  }
  writeFileSync(path, chunks.join(''));
  return path;
}
