import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { BIN, runBinWithin, runCliAt, testEnv } from './helpers.js';

/**
 * Inputs that are not regular files, through the real binary with a writer that may never stop:
 * each bad one ends with exit 2 at its first error while the writer is still writing (a kill
 * timer fails a hang), leaving no import pending and no row written.
 */

/** Longer than any prompt exit takes, on a loaded machine too; a hang is killed here. */
const KILL_MS = 30_000;

const row = (id: string, text = 'where is my card') => `${JSON.stringify({ id, text, label: 'card' })}\n`;

/** Writes `chunk` to stdin for as long as it is read, like `yes` or `cat /dev/zero`. */
const endless = (chunk: string | Buffer) => (stdin: Writable) => {
  const pump = (): void => {
    while (!stdin.destroyed && stdin.write(chunk));
    if (!stdin.destroyed) stdin.once('drain', pump);
  };
  pump();
};

/** Writes `text` to stdin once and closes it. */
const once = (text: string | Buffer) => (stdin: Writable) => stdin.end(text);

describe('import from a stream: read as it comes, bounded, and nothing left behind', () => {
  const tmp = useTempDir();
  let dir = '';

  /** What the workspace holds: imports in progress, datasets, and every example's id. */
  const state = () => {
    const db = new Database(join(dir, 'w.db'), { readonly: true });
    try {
      return {
        pending: db.prepare('SELECT count(*) FROM imports').pluck().get(),
        datasets: db.prepare('SELECT name FROM datasets ORDER BY name').pluck().all(),
        examples: db.prepare('SELECT id FROM examples ORDER BY rowid').pluck().all(),
      };
    } finally {
      db.close();
    }
  };
  const bin = (args: string[], feed?: (stdin: Writable) => void) => runBinWithin(KILL_MS, [...args, '--db', 'w.db'], { cwd: dir, ...(feed ? { feed } : {}) });

  beforeEach(async () => {
    dir = tmp.dir();
    writeFileSync(join(dir, 'seed.jsonl'), row('a') + row('b'));
    for (const args of [['init', '--name', 'd', '--type', 'classification'], ['import', 'seed.jsonl']]) {
      expect((await runCliAt(dir, [...args, '--db', 'w.db'])).code).toBe(0);
    }
  });

  const SEEDED = { pending: 0, datasets: ['d'], examples: ['a', 'b'] };

  test.each([
    ['zeros without end (cat /dev/zero |)', endless(Buffer.alloc(1 << 16)), ['import', '-'], 'stdin:1: this is a binary file (a NUL byte at byte offset 0)'],
    ['a valid row repeated without end (yes ROW |)', endless(row('n1')), ['import', '-'], 'stdin:2: duplicate id "n1" (first used at stdin:1); ids must be unique within a file'],
    ['a valid row repeated without end, into a new dataset', endless(row('n1')), ['import', '-', '--name', 'fresh'], 'stdin:2: duplicate id "n1"'],
    ['one line without end', endless('x'.repeat(1 << 16)), ['import', '-'], 'stdin:1: line longer than 16777216 bytes (16 MiB)'],
    ['CSV rows then a stray quote, without end', (s: Writable) => (s.write('text,label\nfine,card\nwh"ere,card\n'), endless('more,card\n')(s)), ['import', '-'], 'stdin:3: a quote (") inside field 1'],
    ['JSONL rows then a broken line, without end', (s: Writable) => (s.write(row('n1') + '{"id": oops}\n'), endless(row('n2'))(s)), ['import', '-'], 'stdin:2: invalid JSON'],
    ['an id the dataset has, after more rows than a batch', once(Array.from({ length: 6000 }, (_, i) => row(`m${i}`)).join('') + row('a')), ['import', '-'], 'stdin:6001: duplicate id "a": the dataset already has an example with this id'],
    ['invalid UTF-8 on a later line', once(Buffer.concat([Buffer.from(row('n1')), Buffer.from('{"id":"n2","text":"caf'), Buffer.from([0xe9]), Buffer.from('","label":"card"}\n')])), ['import', '-'], 'stdin:2: invalid UTF-8 at byte offset 75 (byte 0xE9, byte 23 of the line)'],
  ])('%s: exit 2 at the first error while input keeps coming', async (_what, feed, args, fragment) => {
    const r = await bin(args, feed);
    expect(r.killed).toBe(false);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(fragment);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.stdout).toBe('');
    expect(state()).toEqual(SEEDED);
  });

  test('a stream is read as it comes: good rows and a JSON document on stdin import', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => row(`s${i}`)).join('');
    const streamed = await bin(['import', '-'], once(rows));
    expect(streamed.code, streamed.stderr).toBe(0);
    const doc = JSON.stringify([{ id: 9, data: { text: 'refund please' }, annotations: [{ result: [{ type: 'choices', value: { choices: ['refund'] } }] }] }], null, 2);
    const r = await bin(['import', '-', '--name', 'ls'], once(doc));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = state();
    expect(s.examples).toHaveLength(2 + 12_000 + 1);
    expect(s.pending).toBe(0);
  });

  test('a FIFO: a bad one fails at its line with no pending import, a good one imports', async () => {
    expect(spawnSync('mkfifo', [join(dir, 'p')]).status).toBe(0);
    const feedFifo = (text: string, forever: boolean) => {
      const w = createWriteStream(join(dir, 'p'));
      w.on('error', () => undefined);
      if (forever) endless(text)(w);
      else w.end(text);
    };
    const bad = bin(['import', 'p']);
    feedFifo(row('n1'), true);
    const r = await bad;
    expect(r.killed).toBe(false);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('p:2: duplicate id "n1" (first used at p:1)');
    expect(state()).toEqual(SEEDED);

    const good = bin(['import', 'p']);
    feedFifo(row('f1') + row('f2'), false);
    const g = await good;
    expect(g.code, g.stderr).toBe(0);
    expect(state().examples).toEqual(['a', 'b', 'f1', 'f2']);
  });

  test('process substitution (/dev/fd/N) is read once, not found empty', async () => {
    writeFileSync(join(dir, 'more.jsonl'), row('c'));
    const child = spawn('bash', ['-c', `"${process.execPath}" "${BIN}" import <(cat more.jsonl) --db w.db`], { cwd: dir, env: testEnv() });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(state().examples).toEqual(['a', 'b', 'c']);
  });

  test('UTF-16 on stdin: the hint, pasted into the same pipe, imports it', async () => {
    const u16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(row('u1'), 'utf16le')]);
    const r = await bin(['import', '-'], once(u16));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('stdin: the input is UTF-16 (little-endian, with a byte-order mark), not UTF-8: convert it on its way in');
    const hint = /`([^`]+)`/.exec(r.stderr)?.[1];
    expect(hint).toBe('iconv -f UTF-16 -t UTF-8 | rulewright import - --db w.db');
    expect(state()).toEqual(SEEDED);
    // `rulewright` as a user's shell finds it
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'rulewright'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(dir, 'bin', 'rulewright'), 0o755);
    const sh = spawnSync('sh', ['-c', hint!], { cwd: dir, input: u16, env: testEnv({ PATH: `${join(dir, 'bin')}:${process.env.PATH}` }), encoding: 'utf8' });
    expect(sh.status, sh.stderr).toBe(0);
    expect(state().examples).toEqual(['a', 'b', 'u1']);
  });
});
