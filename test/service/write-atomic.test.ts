import fs, { chmodSync, linkSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { describe, expect, test } from 'vitest';
import { writeFileAtomic } from '../../src/service/write-atomic.js';
import { thrown } from '../helpers/errors.js';
import { useTempDir } from '../helpers/temp.js';

/** Runs `fn` with every fs.writeSync failing as a full disk does, after `before` bytes went through. */
function withFullDisk<T>(fn: () => T, before = 0): T {
  const real = fs.writeSync;
  let left = before;
  fs.writeSync = ((fd: number, buf: Buffer, offset?: number, length?: number) => {
    if (left <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const n = real(fd, buf, offset, Math.min(length ?? buf.length, left));
    left -= n;
    return n;
  }) as typeof fs.writeSync;
  // Named imports of a built-in module see a patched function only once synced.
  syncBuiltinESMExports();
  try {
    return fn();
  } finally {
    fs.writeSync = real;
    syncBuiltinESMExports();
  }
}

describe('writeFileAtomic', () => {
  const tmp = useTempDir();

  test.each([
    ['nothing was there', null],
    ['an old file was there', 'old rows\n'],
  ])('a full disk is exit 1 naming the file and leaves no partial file when %s', (_what, old) => {
    const out = tmp.path('out.jsonl');
    if (old !== null) writeFileSync(out, old);
    const e = thrown(() => withFullDisk(() => writeFileAtomic(out, 'x'.repeat(100_000)), 4096));
    expect(e.exitCode).toBe(1);
    expect(e.message).toBe(`cannot write ${out}: no space left on the device (ENOSPC); free some space or write to another disk`);
    expect(readdirSync(tmp.dir())).toEqual(old === null ? [] : ['out.jsonl']);
    if (old !== null) expect(readFileSync(out, 'utf8')).toBe(old);
  });

  test('a regular file is replaced whole and keeps its permissions', () => {
    const out = tmp.path('out.jsonl');
    writeFileSync(out, 'old\n');
    chmodSync(out, 0o600);
    writeFileAtomic(out, 'new\n');
    expect(readFileSync(out, 'utf8')).toBe('new\n');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readdirSync(tmp.dir())).toEqual(['out.jsonl']);
  });

  test('a chain of symbolic links is written through to the file, and every link kept', () => {
    mkdirSync(tmp.path('real'));
    writeFileSync(tmp.path('real/rules.json'), 'old');
    symlinkSync('real/rules.json', tmp.path('a'));
    symlinkSync(tmp.path('a'), tmp.path('b'));
    writeFileAtomic(tmp.path('b'), 'new');
    expect(readFileSync(tmp.path('real/rules.json'), 'utf8')).toBe('new');
    expect(readlinkSync(tmp.path('b'))).toBe(tmp.path('a'));
    expect(readlinkSync(tmp.path('a'))).toBe('real/rules.json');
  });

  test('a hard link keeps its name and gets the new text', () => {
    writeFileSync(tmp.path('one'), 'old');
    linkSync(tmp.path('one'), tmp.path('two'));
    writeFileAtomic(tmp.path('two'), 'new');
    expect(readFileSync(tmp.path('two'), 'utf8')).toBe('new');
  });

  test('a dangling link creates the file it points to, and the folder when asked', () => {
    symlinkSync('made/out.jsonl', tmp.path('link'));
    expect(thrown(() => writeFileAtomic(tmp.path('link'), 'x')).message).toBe(`cannot write ${tmp.path('link')}: the folder ${tmp.path('made')} does not exist; create it or choose another path`);
    writeFileAtomic(tmp.path('link'), 'x', { createFolder: true });
    expect(readFileSync(tmp.path('made/out.jsonl'), 'utf8')).toBe('x');
    expect(readlinkSync(tmp.path('link'))).toBe('made/out.jsonl');
  });

  test('a loop of links, a folder and an unopened descriptor are refused with exit 2', () => {
    symlinkSync('loop2', tmp.path('loop1'));
    symlinkSync('loop1', tmp.path('loop2'));
    mkdirSync(tmp.path('dir'));
    const messages = [tmp.path('loop1'), tmp.path('dir'), '/dev/fd/999'].map((p) => thrown(() => writeFileAtomic(p, 'x')));
    expect(messages.map((e) => e.exitCode)).toEqual([2, 2, 2]);
    expect(messages.map((e) => e.message.replace(tmp.dir(), 'T'))).toEqual([
      'cannot write T/loop1: too many symbolic links (a loop?); pass the file they should lead to',
      'cannot write T/dir: it is a folder; pass a file path (a new or regular file, a FIFO, a character device such as /dev/null, or /dev/fd/N)',
      'cannot write /dev/fd/999: no such open file descriptor; /dev/fd/N names one the shell opened for this command, e.g. with >(gzip > out.gz)',
    ]);
  });

  test('a character device is written in place and stays a device', () => {
    writeFileAtomic('/dev/null', 'x'.repeat(1000));
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
});
