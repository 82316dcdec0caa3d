import { existsSync, statSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Store } from '../../src/store/index.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runBin, runCli, startBin, writeBigJsonl, writeJsonl } from './helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('workspace safety under real processes', () => {
  const tmp = useTempDir();

  test('SIGKILL in the middle of a large import leaves the workspace as it was', async () => {
    const db = tmp.path('w.db');
    expect((await runCli(['init', '--name', 'big', '--type', 'classification', '--db', db])).code).toBe(0);
    const small = writeJsonl(tmp.path('small.jsonl'), Array.from({ length: 5 }, (_, i) => ({ id: `s${i}`, text: `hello ${i}`, label: 'greet' })));
    expect((await runCli(['import', small, '--db', db])).code).toBe(0);
    const before = Store.open(db);
    const hashBefore = before.examples.hash(before.datasets.getByName('big')!.id);
    before.close();

    const big = writeBigJsonl(tmp.path('big.jsonl'), 300_000);
    const child = startBin(['import', big, '--db', db]);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    let done = false;
    void exited.then(() => (done = true));
    // The transaction is under way once uncommitted pages spill into the write-ahead log.
    const wal = `${db}-wal`;
    while (!done) {
      const walBytes = existsSync(wal) ? statSync(wal).size : 0;
      if (walBytes > 4 * 1024 * 1024) break;
      await sleep(10);
    }
    expect(done, 'the import finished before it could be killed').toBe(false);
    child.kill('SIGKILL');
    expect((await exited).signal).toBe('SIGKILL');

    const after = Store.open(db);
    expect(after.integrityCheck()).toBe('ok');
    const id = after.datasets.getByName('big')!.id;
    expect(after.examples.count(id)).toBe(5);
    expect(after.examples.hash(id)).toBe(hashBefore);
    after.close();
    // And the workspace still takes writes.
    const again = json(await runCli(['import', writeJsonl(tmp.path('more.jsonl'), [{ id: 'm1', text: 'x', label: 'greet' }]), '--db', db, '--json']));
    expect(again.examples_total).toBe(6);
  });

  test('two processes writing the same workspace both succeed', async () => {
    const db = tmp.path('w.db');
    // Two inits race on a workspace file that does not exist yet (creation and migration).
    const inits = await Promise.all([
      runBin(['init', '--name', 'one', '--type', 'classification', '--db', db]),
      runBin(['init', '--name', 'two', '--type', 'classification', '--db', db]),
    ]);
    expect(inits.map((r) => [r.code, r.stderr])).toEqual([
      [0, ''],
      [0, ''],
    ]);
    const a = writeBigJsonl(tmp.path('a.jsonl'), 60_000, 'a');
    const b = writeBigJsonl(tmp.path('b.jsonl'), 60_000, 'b');
    const runs = await Promise.all([
      runBin(['import', a, '--db', db, '--dataset', 'one']),
      runBin(['import', b, '--db', db, '--dataset', 'one']),
      runBin(['import', a, '--db', db, '--dataset', 'two']),
    ]);
    // Two imports into one dataset take turns: the one that waits says so.
    const quiet = (stderr: string) => stderr.replace(/^rulewright: warning: waiting for another import into "one" .*\n/, '');
    expect(runs.map((r) => [r.code, quiet(r.stderr)])).toEqual([
      [0, ''],
      [0, ''],
      [0, ''],
    ]);
    const s = Store.open(db);
    expect(s.examples.count(s.datasets.getByName('one')!.id)).toBe(120_000);
    expect(s.examples.count(s.datasets.getByName('two')!.id)).toBe(60_000);
    expect(s.integrityCheck()).toBe('ok');
    s.close();
  });
});
