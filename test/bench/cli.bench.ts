/**
 * Command-line start-up: wall time of whole `rulewright` processes on the bundled demo data,
 * against a bare `node -e 0` in the same run. Every command pays Node's start plus loading the
 * CLI's modules; the heavy ones (the openai SDK, XRegExp) load only when a command needs them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './bench-support.js';
import type { BenchResult } from './run-all.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = join(ROOT, 'bin', 'rulewright.js');
const RUNS = 7;

function wallMs(args: readonly string[], cwd: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'rulewright-cli-bench-'));
  try {
    const cli = (...a: string[]) => [BIN, ...a, '--db', join(dir, 'w.db')];
    wallMs(cli('init', '--name', 'b77', '--type', 'classification'), dir);
    wallMs(cli('import', join(ROOT, 'datasets', 'banking77-5.jsonl')), dir);
    wallMs(cli('rules', 'import', join(ROOT, 'rules', 'banking77.json')), dir);
    const node = median(Array.from({ length: RUNS }, () => wallMs(['-e', '0'], dir)));
    const cases: [string, string[]][] = [
      ['--version', [BIN, '--version']],
      ['stats --json', cli('stats', '--json')],
      ['eval --json', cli('eval', '--json')],
      ['rank --json', cli('rank', '--json')],
    ];
    const rows = cases.map(([name, args]) => {
      const ms = median(Array.from({ length: RUNS }, () => wallMs(args, dir)));
      return { case: name, 'wall ms': ms, 'node -e 0 ms': node, 'rulewright ms': ms - node };
    });
    return {
      name: 'start-up and short commands, whole processes',
      rows,
      notes: [
        `median of ${RUNS} processes each; the bundled Banking77-5 demo (300 examples) with rules/banking77.json`,
        'rulewright ms = wall - node -e 0: loading the CLI and doing the work',
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
