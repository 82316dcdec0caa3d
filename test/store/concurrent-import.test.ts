import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Store } from '../../src/store/index.js';
import { json, runBin, runCli, startBin, writeBigJsonl, writeJsonl, type CliRun } from '../cli/helpers.js';
import { useTempDir } from '../helpers/temp.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the real binary and collects its output; `done` tells whether it has exited yet. */
function background(args: string[], cwd: string): { result: Promise<CliRun>; done: () => boolean; kill: () => void } {
  const child = startBin(args, { cwd });
  let stdout = '';
  let stderr = '';
  let exited = false;
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const result = new Promise<CliRun>((resolve) =>
    child.on('close', (code, signal) => {
      exited = true;
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    }),
  );
  return { result, done: () => exited, kill: () => child.kill('SIGKILL') };
}

/** Waits until the import running into `db` has committed at least `rows` rows (still hidden). */
async function untilCommitted(db: string, rows: number, running: () => boolean): Promise<void> {
  for (;;) {
    if (!running()) throw new Error('the import ended before it had committed a batch');
    const s = Store.open(db, { readonly: true });
    try {
      const written = s.imports.pending().reduce((n, id) => n + s.imports.written(id), 0);
      if (written >= rows) return;
    } finally {
      s.close();
    }
    await sleep(20);
  }
}

describe('a long import and other processes', () => {
  const tmp = useTempDir();

  async function seeded(db: string): Promise<void> {
    const seed = writeJsonl(tmp.path('seed.jsonl'), ['a', 'b', 'c'].map((id) => ({ id, text: `change the pin of card ${id}`, label: 'intent_1' })));
    for (const args of [
      ['init', '--name', 'd', '--type', 'classification'],
      ['import', seed],
      ['rules', 'add', '--name', 'pin', '--pattern', 'pin', '--label', 'intent_1'],
    ]) {
      const r = await runCli([...args, '--db', db], { cwd: tmp.dir() });
      expect(r.stderr).toBe('');
    }
  }

  test('eval and rank in another process finish while the import runs, on the rows committed before it', async () => {
    const db = tmp.path('w.db');
    await seeded(db);
    const big = writeBigJsonl(tmp.path('big.jsonl'), 300_000);
    const imp = background(['import', big, '--db', db], tmp.dir());
    await untilCommitted(db, 10_000, () => !imp.done());

    const ev = json<{ n: number; micro: { tp: number } }>(await runBin(['eval', '--db', db, '--json'], { cwd: tmp.dir() }));
    const rank = json<{ rules: { id: string }[] }>(await runBin(['rank', '--db', db, '--json'], { cwd: tmp.dir() }));
    // Neither waited for the import to end: before, their run record waited on its lock (and failed after 10 s).
    expect(imp.done()).toBe(false);
    expect(ev.n).toBe(3);
    expect(ev.micro.tp).toBe(3);
    expect(rank.rules.map((r) => r.id)).toEqual(['pin']);

    const r = await imp.result;
    expect(r.code, r.stderr).toBe(0);
    const s = Store.open(db);
    const d = s.datasets.getByName('d')!;
    expect(s.examples.count(d.id)).toBe(300_003);
    expect(s.runs.list(d.id).map((run) => run.kind).sort()).toEqual(['eval', 'rank']);
    s.close();
  });

  test('two imports of the same file into one dataset at once end as two imports one after the other would', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `change the pin of card ${i},intent_${i % 5}`);
    const csv = tmp.path('cards.csv');
    writeFileSync(csv, `text,label\n${rows.join('\n')}\n`);
    const seqDb = tmp.path('seq.db');
    const conDb = tmp.path('con.db');
    for (const db of [seqDb, conDb]) expect((await runCli(['init', '--name', 'd', '--type', 'classification', '--db', db])).code).toBe(0);

    const one = json<{ examples_total: number }>(await runCli(['import', csv, '--db', seqDb, '--json']));
    const two = json<{ examples_total: number; warnings: string[] }>(await runCli(['import', csv, '--db', seqDb, '--json']));
    expect([one.examples_total, two.examples_total]).toEqual([20_000, 40_000]);

    const both = await Promise.all([runBin(['import', csv, '--db', conDb, '--json']), runBin(['import', csv, '--db', conDb, '--json'])]);
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    // Generated ids (row-1, …) of the second are prefixed as they are when run one after the other.
    expect(both.map((r) => json<{ warnings: string[] }>(r).warnings.length).sort()).toEqual([0, 1]);

    const hash = (db: string) => {
      const s = Store.open(db);
      const d = s.datasets.getByName('d')!;
      const out = [s.examples.count(d.id), s.examples.hash(d.id)];
      s.close();
      return out;
    };
    expect(hash(conDb)).toEqual(hash(seqDb));
  });

  test('kill -9 after some batches were committed leaves nothing visible, and the next import cleans up', async () => {
    const db = tmp.path('w.db');
    await seeded(db);
    const before = Store.open(db);
    const hashBefore = before.examples.hash(before.datasets.getByName('d')!.id);
    before.close();
    const big = writeBigJsonl(tmp.path('big.jsonl'), 300_000);
    const imp = background(['import', big, '--db', db], tmp.dir());
    await untilCommitted(db, 20_000, () => !imp.done());
    imp.kill();
    expect((await imp.result).code).toBe(128);

    const s = Store.open(db);
    const id = s.datasets.getByName('d')!.id;
    expect(s.integrityCheck()).toBe('ok');
    expect(s.examples.count(id)).toBe(3);
    expect(s.examples.hash(id)).toBe(hashBefore);
    expect(s.imports.pending()).toHaveLength(1);
    s.close();

    const more = json<{ examples_total: number }>(await runCli(['import', writeJsonl(tmp.path('more.jsonl'), [{ id: 'm1', text: 'x', label: 'intent_1' }]), '--db', db, '--json']));
    expect(more.examples_total).toBe(4);
    const after = Store.open(db);
    expect(after.imports.pending()).toEqual([]);
    expect(after.db.prepare('SELECT count(*) FROM examples').pluck().get()).toBe(4);
    after.close();
  });
});
