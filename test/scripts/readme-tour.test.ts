import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tourLines } from '../helpers/readme.js';
import { repoRoot } from '../helpers/shared.js';

const BIN = join(repoRoot, 'bin', 'rulewright.js');
const README = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** What each line runs: the command after `npx rulewright` (two words for `rules …`). */
function subcommand(line: string): string {
  const words = /npx rulewright (.*)$/.exec(line)?.[1]?.split(/\s+/) ?? [];
  return words[0] === 'rules' ? words.slice(0, 2).join(' ') : (words[0] ?? '');
}

/** The README's two set-up commands come first, as the issue asks. */
test('the README opens with the two set-up commands', () => {
  const first = /```sh\n([\s\S]*?)```/.exec(README)![1]!.split('\n').filter(Boolean);
  expect(first.map((l) => l.replace(/\s+#.*$/, '').trim())).toEqual(['npm ci && npm run demo', 'npm test']);
  expect(README.indexOf('npm ci && npm run demo')).toBeLessThan(README.indexOf('## '));
});

describe('the README tour, run command by command in a fresh folder', () => {
  const lines = tourLines(README);
  let dir: string;
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const k of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'RULEWRIGHT_DB', 'FORCE_COLOR']) delete env[k];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rulewright-tour-'));
    // The tour runs from the project folder; here the bundled datasets are linked in instead.
    symlinkSync(join(repoRoot, 'datasets'), join(dir, 'datasets'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('names every step the issue asks for', () => {
    const steps = lines.map(subcommand);
    for (const s of ['init', 'import', 'learn', 'tui', 'correct', 'feedback', 'learn', 'prune', 'rules export', 'extract'])
      expect(steps, s).toContain(s);
    expect(lines).toContain('npx rulewright learn --incremental');
    expect(lines.every((l) => l.startsWith('export ') || l.includes('npx rulewright '))).toBe(true);
  });

  // One test per line, in order: each builds on the workspace the previous ones left.
  test.each(lines.map((l, i) => [i + 1, l] as const))('line %d: %s', async (_n, line) => {
    const exported = /^export (\w+)=(\S+)$/.exec(line);
    if (exported) {
      env[exported[1]!] = exported[2]!;
      return;
    }
    // The repository's own CLI, never a download: `npx rulewright` is this package's bin.
    const cmd = line.replaceAll('npx rulewright', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)}`);
    if (subcommand(line) === 'tui') {
      const r = await runInTerminal(cmd, dir, env);
      expect(r.code, r.output).toBe(0);
      expect(r.output).toContain('quit');
      return;
    }
    const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
    // An example the tour points at is a training example: held-out text never reaches training or a prompt.
    const example = /--example (\S+)/.exec(line)?.[1];
    if (example) expect(JSON.parse(cli('examples', 'show', example, '--json').stdout), `${example} after the tour's split`).toMatchObject({ split: 'train' });
    const r = spawnSync('bash', ['-c', cmd], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, `${line}\n${r.stderr}`).toBe(0);
    if (line.endsWith('learn --incremental')) {
      // The tour's correction sticks: after the incremental run the rules produce what it expects.
      const list = JSON.parse(cli('corrections', 'list', '--json').stdout) as { total: number; corrections: { id: string; holds: boolean }[] };
      expect(list.total).toBeGreaterThan(0);
      expect(list.corrections.filter((c) => !c.holds).map((c) => c.id), r.stdout).toEqual([]);
    }
    expect(r.stdout.length).toBeGreaterThan(0);
    if (subcommand(line) === 'extract') expect(r.stdout).toMatch(/"id":"n1"/);
    if (subcommand(line) === 'report') expect(existsSync(join(dir, 'report.html'))).toBe(true);
  }, 120_000);
});

/**
 * Runs an interactive command in a pseudo-terminal (util-linux `script`), waits for its first
 * frame, presses `q`, and resolves with the exit code and what it drew. CI=true, as on a CI
 * runner, where Ink would draw nothing until exit unless the command undoes it.
 */
function runInTerminal(cmd: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', cmd, '/dev/null'], { cwd, env: { ...env, TERM: 'xterm-256color', COLUMNS: '140', LINES: '40', CI: 'true' } });
    let output = '';
    let pressed = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      if (!pressed && output.includes('quit')) {
        pressed = true;
        setTimeout(() => child.stdin.write('q'), 300);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
