import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../helpers/shared.js';
import { importDemo } from './fixtures.js';
import { useTempWorkspace } from './harness.js';

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [join(repoRoot, 'bin', 'rulewright.js'), ...args], { encoding: 'utf8', input: '', env: { ...process.env, ...env } });

describe('rulewright tui (command line)', () => {
  const tmp = useTempWorkspace();

  test.each([
    [['tui', '--json'], /tui is interactive and has no --json output/],
    [['tui'], /tui needs an interactive terminal \(stdin is not a TTY\)/],
  ])('%j is a usage error (exit 2) that says why', (args, message) => {
    const ws = importDemo(tmp.open());
    const r = cli([...args, '--db', ws.path]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  test('is listed in the help with --db and --dataset', () => {
    const r = cli(['tui', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('terminal workbench');
    expect(r.stdout).toContain('--db <path>');
    expect(r.stdout).toContain('--dataset <name>');
  });
});
