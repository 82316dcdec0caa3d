import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, test } from 'vitest';
import { processAlive } from '../../src/store/imports.js';
import { Store } from '../../src/store/index.js';
import { useTempDir } from '../helpers/temp.js';

/** A pid that no process has any more. */
const deadPid = (): number => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

const iso = (ms: number) => new Date(ms).toISOString();

describe('whether the process that wrote a row is still there', () => {
  test.each([
    ['a running process, since it started', () => process.pid, () => iso(Date.now()), true],
    ['a pid whose process exited', deadPid, () => iso(Date.now()), false],
    ['a pid reused by a process started a day after the row', () => process.pid, () => iso(Date.now() - 86_400_000), false],
  ] as const)('%s', (_what, pid, since, alive) => {
    expect(processAlive(pid(), since())).toBe(alive);
  });
});

describe('named locks between processes', () => {
  const tmp = useTempDir();

  test('a lock is held until released; one whose process is gone is taken over', () => {
    const store = Store.open(tmp.path('w.db'), { create: true });
    expect(store.locks.tryAcquire('learn:1')).toBeNull();
    expect(store.locks.tryAcquire('learn:1')).toMatchObject({ name: 'learn:1', pid: process.pid, host: hostname() });
    expect(store.locks.tryAcquire('learn:2')).toBeNull();
    store.locks.release('learn:1');
    store.db.prepare('UPDATE locks SET pid = ? WHERE name = ?').run(deadPid(), 'learn:2');
    expect(store.locks.tryAcquire('learn:2')).toBeNull();
    expect(store.db.prepare('SELECT name, pid FROM locks ORDER BY name').raw().all()).toEqual([['learn:2', process.pid]]);
    store.close();
  });
});
