import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { BIN, type CliRun, runCli, testEnv, writeJsonl } from './helpers.js';

/**
 * A workspace this process may not write. Root ignores file permissions, so as root the binary
 * runs without the capabilities that let it (setpriv drops CAP_DAC_OVERRIDE from its bounding
 * set): it is still root, owns the files, and is refused exactly as their owner would be.
 */
const DROP = ['--bounding-set=-dac_override,-dac_read_search'];
const asOwner: string[] | null =
  process.getuid?.() !== 0 ? [] : spawnSync('setpriv', [...DROP, 'true']).status === 0 ? ['setpriv', ...DROP] : null;

function runBound(args: string[], cwd: string): Promise<CliRun> {
  const [cmd, ...pre] = [...asOwner!, process.execPath, BIN, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd!, pre, { cwd, env: testEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const PLACES = [
  { what: 'a read-only workspace file', lock: (dir: string) => chmodSync(join(dir, 'ws', 'w.db'), 0o444), fix: /`(chmod u\+w \S+w\.db(?: \S+)*)`/ },
  { what: 'a workspace in a read-only folder', lock: (dir: string) => chmodSync(join(dir, 'ws'), 0o555), fix: /`(chmod u\+w \S+ws)`/ },
] as const;

const READS = [['stats'], ['rules', 'list'], ['rules', 'show', 'card'], ['examples', 'list'], ['runs', 'list'], ['report', '--out', '../report.html']];

describe.skipIf(asOwner === null)('a workspace that cannot be written (as its owner, without root privileges)', () => {
  const tmp = useTempDir();

  async function seeded(): Promise<string> {
    const dir = tmp.dir();
    const db = join(dir, 'ws', 'w.db');
    const data = writeJsonl(join(dir, 'd.jsonl'), ['a', 'b', 'c'].map((id) => ({ id, text: `card ${id}`, label: 'card' })));
    for (const args of [['import', data, '--name', 'd'], ['rules', 'add', '--name', 'card', '--pattern', 'card', '--label', 'card']]) {
      expect((await runCli([...args, '--db', db])).code).toBe(0);
    }
    return dir;
  }

  test.each(PLACES)('$what: commands that only read work, eval says it records no run, and nothing is written', async (place) => {
    const dir = await seeded();
    const before = readFileSync(join(dir, 'ws', 'w.db'));
    place.lock(dir);
    for (const args of READS) {
      const r = await runBound([...args, '--db', 'w.db'], join(dir, 'ws'));
      expect([args.join(' '), r.code, r.stderr]).toEqual([args.join(' '), 0, '']);
    }
    const ev = await runBound(['eval', '--json', '--db', 'w.db'], join(dir, 'ws'));
    expect(ev.code, ev.stderr).toBe(0);
    const result = JSON.parse(ev.stdout) as { run_id: number; micro: { tp: number }; notes: string[] };
    expect(result).toMatchObject({ run_id: 0, micro: { tp: 3 } });
    expect(result.notes.at(-1)).toMatch(/^this run was not recorded: .*make (it|them) writable with `chmod u\+w /);
    chmodSync(join(dir, 'ws'), 0o755);
    expect(readFileSync(join(dir, 'ws', 'w.db')).equals(before)).toBe(true);
    if (place.what.includes('folder')) expect(readdirSync(join(dir, 'ws'))).toEqual(['w.db']);
  });

  test.each(PLACES)('$what: a command that writes says which to make writable, and the pasted hint lets it', async (place) => {
    const dir = await seeded();
    place.lock(dir);
    const add = ['rules', 'add', '--name', 'more', '--pattern', 'lost', '--label', 'card', '--db', 'w.db'];
    for (const args of [add, ['metrics', '--db', 'w.db'], ['learn', '--offline', '--db', 'w.db']]) {
      const r = await runBound(args, join(dir, 'ws'));
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.stderr).toMatch(/this command writes to the workspace \(stats, rules list, .* eval works and records no run\)/);
      expect(r.stderr).toMatch(place.fix);
    }
    const r = await runBound(add, join(dir, 'ws'));
    const hint = place.fix.exec(r.stderr)![1]!;
    const [cmd, ...pre] = [...asOwner!, 'sh', '-c', hint];
    expect(spawnSync(cmd!, pre, { cwd: join(dir, 'ws') }).status).toBe(0);
    const again = await runBound(add, join(dir, 'ws'));
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(dir, 'ws', 'w.db'))).toBe(true);
  });
});
