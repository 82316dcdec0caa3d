import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { linkSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { cardWorkspace, CARD_ROWS } from '../helpers/fixtures.js';
import { useTempDir } from '../helpers/temp.js';
import { BIN, runBinWithin, runCliAt, testEnv } from './helpers.js';

/** Lines of a JSONL export, one per example. */
const rowsOf = (text: string) => text.trim().split('\n').filter(Boolean);

describe('output paths', () => {
  const tmp = useTempDir();
  /** A seeded workspace `w.db` in a fresh folder; returns the folder. */
  const seeded = (): string => {
    cardWorkspace(tmp.path('w.db')).close();
    return tmp.dir();
  };
  const stillAWorkspace = async (dir: string, db = 'w.db') => {
    const r = await runCliAt(dir, ['stats', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${CARD_ROWS.length} examples`);
  };
  /** A shell script run with a kill timer: a writer or reader that hangs fails the test, not the suite. */
  const shell = (dir: string, script: string) =>
    spawnSync('bash', ['-c', script], { cwd: dir, env: testEnv({ RW: `${process.execPath} ${BIN}` }), encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });

  /** `name` made a link to `to` in `dir`; returns `name`. */
  const link = (dir: string, to: string, name: string) => {
    symlinkSync(to, join(dir, name));
    return name;
  };
  test.each<{ what: string; out: (dir: string) => string; db?: string; is?: string }>([
    { what: 'its absolute path', out: (dir) => join(dir, 'w.db') },
    { what: 'a symbolic link to it', out: (dir) => link(dir, 'w.db', 'link.db') },
    {
      what: 'a hard link to it',
      out: (dir) => {
        linkSync(join(dir, 'w.db'), join(dir, 'hard.db'));
        return 'hard.db';
      },
    },
    { what: 'a path through a linked folder', out: (dir) => `${link(dir, dir, 'here')}/w.db` },
    { what: 'a dangling link to its -wal', out: (dir) => link(dir, 'w.db-wal', 'wal-link'), is: "the workspace's write-ahead log" },
    { what: 'its real name, with --db a link to it', out: (dir) => (link(dir, 'w.db', 'db-link') && 'w.db'), db: 'db-link' },
  ])('the workspace by $what is refused, exit 2, and left whole', async ({ out: make, db = 'w.db', is = 'the workspace' }) => {
    const dir = seeded();
    const out = make(dir);
    for (const args of [['export', out], ['rules', 'export', out], ['report', '--out', out]]) {
      const r = await runCliAt(dir, [...args, '--db', db]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`rulewright: refusing to write ${out}: it is ${is} (`);
      expect(r.stderr).toContain('choose another output file');
    }
    expect(lstatSync(join(dir, 'w.db')).isFile()).toBe(true);
    await stillAWorkspace(dir);
  });

  test('a descriptor open on the workspace (/dev/fd/3) is refused, exit 2', () => {
    const dir = seeded();
    const r = shell(dir, '$RW export /dev/fd/3 --db w.db 3>>w.db');
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('refusing to write /dev/fd/3: it is the workspace (');
    return stillAWorkspace(dir);
  });

  test('a FIFO with a reader gets every row, and stays a FIFO', async () => {
    const dir = seeded();
    execFileSync('mkfifo', ['p.jsonl'], { cwd: dir });
    const reader = spawn('sh', ['-c', 'exec timeout -s KILL 30 cat p.jsonl > out.jsonl'], { cwd: dir });
    const read = new Promise<number | null>((resolve) => reader.on('close', resolve));
    const r = await runBinWithin(30_000, ['export', 'p.jsonl', '--db', 'w.db'], { cwd: dir });
    expect(r.killed).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(await read).toBe(0);
    expect(rowsOf(readFileSync(join(dir, 'out.jsonl'), 'utf8'))).toHaveLength(CARD_ROWS.length);
    expect(statSync(join(dir, 'p.jsonl')).isFIFO()).toBe(true);
  });

  test('/dev/full is exit 1 naming the device, which stays a device', async () => {
    const dir = seeded();
    const r = await runBinWithin(30_000, ['export', '/dev/full', '--db', 'w.db'], { cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toBe('rulewright: cannot write /dev/full: no space left on the device (ENOSPC); free some space or write to another disk\n');
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  test.each(['export', 'rules export', 'report --out'])('%s to /dev/null succeeds and leaves the device', async (cmd) => {
    const dir = seeded();
    const r = await runBinWithin(30_000, [...cmd.split(' '), '/dev/null', '--db', 'w.db'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  test('a pipe on /dev/fd/N gets every row', () => {
    const dir = seeded();
    const r = shell(dir, 'set -o pipefail; timeout -s KILL 30 $RW export /dev/fd/3 --db w.db 3>&1 >/dev/null | gzip > out.jsonl.gz');
    expect(r.status, r.stderr).toBe(0);
    expect(rowsOf(gunzipSync(readFileSync(join(dir, 'out.jsonl.gz'))).toString())).toHaveLength(CARD_ROWS.length);
  });

  test('export >(gzip > x.gz) gets every row', () => {
    const dir = seeded();
    const r = shell(dir, 'timeout -s KILL 30 $RW export >(gzip > x.gz) --db w.db && wait $!');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Exported \d+ examples of .* to \/dev\/fd\/\d+ \(jsonl\)\n$/);
    expect(rowsOf(gunzipSync(readFileSync(join(dir, 'x.gz'))).toString())).toHaveLength(CARD_ROWS.length);
  });

  test('/dev/stdout redirected to a file gets the rows, then the summary after them', () => {
    const dir = seeded();
    const r = shell(dir, 'timeout -s KILL 30 $RW export /dev/stdout --db w.db > out.txt');
    expect(r.status, r.stderr).toBe(0);
    const lines = rowsOf(readFileSync(join(dir, 'out.txt'), 'utf8'));
    expect(lines).toHaveLength(CARD_ROWS.length + 1);
    expect(lines.at(-1)).toMatch(/^Exported \d+ examples/);
  });

  test.each([
    ['export', ['export', 'out.jsonl'], 'card'],
    ['rules export', ['rules', 'export', 'out.jsonl'], '"rules"'],
    ['report --out', ['report', '--out', 'out.jsonl'], '<html'],
  ])('%s writes through a symbolic link, which stays a link', async (_what, args, content) => {
    const dir = seeded();
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real/target'), 'old');
    symlinkSync('real/target', join(dir, 'out.jsonl'));
    const r = await runCliAt(dir, [...args, '--db', 'w.db']);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(dir, 'out.jsonl')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real/target'), 'utf8')).toContain(content);
  });
});
