import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, test } from 'vitest';
import type { Example } from '../../src/core/schemas/example.js';
import { retryBusy } from '../../src/store/db.js';
import { Store } from '../../src/store/index.js';
import { makeTask, useTempDir } from '../helpers/temp.js';

const ex = (id: string): Example => ({ id, text: `text ${id}`, label: 'x', split: 'train', source: 'gold' }) as Example;

/** A pid that no process has any more. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('imports in progress', () => {
  const tmp = useTempDir();

  function seeded(): { store: Store; id: number } {
    const store = Store.open(tmp.path('w.db'), { create: true });
    const d = store.transaction(() => store.datasets.insert(makeTask({ name: 'd', type: 'classification' })));
    store.transaction(() => store.examples.insertMany(d.id, [ex('a'), ex('b')]));
    return { store, id: d.id };
  }

  test('rows of an unfinished import are invisible to every read until it finishes', () => {
    const { store, id } = seeded();
    const hashBefore = store.examples.hash(id);
    const imp = store.imports.begin('d');
    store.transaction(() => store.imports.attach(imp, id, false));
    const base = store.examples.maxSeq(id);
    store.transaction(() => store.examples.insertMany(id, [ex('c'), ex('d')], undefined, undefined, { importId: imp, baseSeq: base, offset: 0 }));
    expect(store.imports.written(imp)).toBe(2);
    expect(store.examples.count(id)).toBe(2);
    expect(store.examples.list(id).map((e) => e.id)).toEqual(['a', 'b']);
    expect([...store.examples.iterate(id)].map((e) => e.id)).toEqual(['a', 'b']);
    expect(store.examples.get(id, 'c')).toBeUndefined();
    expect(store.examples.hash(id)).toBe(hashBefore);
    expect(store.examples.splitRows(id).map((r) => r.id)).toEqual(['a', 'b']);
    expect(store.examples.countsBy(id, 'split')).toEqual({ train: 2 });
    expect(store.datasets.list().map((d) => d.examples)).toEqual([2]);
    store.transaction(() => store.imports.finish(imp));
    expect(store.examples.list(id).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(store.datasets.list().map((d) => d.examples)).toEqual([4]);
    store.close();
  });

  test('a dataset an import creates is hidden until it finishes, and its name is taken meanwhile', () => {
    const { store } = seeded();
    const imp = store.imports.begin('fresh');
    const d = store.transaction(() => {
      const rec = store.datasets.insert(makeTask({ name: 'fresh', type: 'ner' }), imp);
      store.imports.attach(imp, rec.id, true);
      return rec;
    });
    expect(store.datasets.names()).toEqual(['d']);
    expect(store.datasets.getByName('fresh')).toBeUndefined();
    expect(() => store.transaction(() => store.datasets.insert(makeTask({ name: 'fresh', type: 'ner' })))).toThrow(
      expect.objectContaining({ code: 'CONFLICT', message: expect.stringContaining('is being created by an import that has not finished') }),
    );
    store.transaction(() => store.imports.finish(imp));
    expect(store.datasets.getByName('fresh')?.id).toBe(d.id);
    store.close();
  });

  test('abort removes what the import wrote, its dataset included', () => {
    const { store, id } = seeded();
    const imp = store.imports.begin('new');
    store.transaction(() => {
      const rec = store.datasets.insert(makeTask({ name: 'new', type: 'classification' }), imp);
      store.imports.attach(imp, rec.id, true);
      store.examples.insertMany(rec.id, [ex('x'), ex('y')], undefined, undefined, { importId: imp, baseSeq: -1, offset: 0 });
    });
    store.imports.abort(imp);
    expect(store.imports.pending()).toEqual([]);
    expect(store.db.prepare('SELECT count(*) FROM examples').pluck().get()).toBe(2);
    expect(store.db.prepare('SELECT name FROM datasets').pluck().all()).toEqual(['d']);
    expect(store.examples.count(id)).toBe(2);
    store.close();
  });

  test('an import left by a process that is gone is cleaned up by the next one', () => {
    const { store, id } = seeded();
    const imp = store.imports.begin('d');
    store.transaction(() => {
      store.imports.attach(imp, id, false);
      store.examples.insertMany(id, [ex('c')], undefined, undefined, { importId: imp, baseSeq: 1, offset: 0 });
    });
    store.db.prepare('UPDATE imports SET pid = ?, host = ? WHERE id = ?').run(deadPid(), hostname(), imp);
    expect(store.imports.isStale(store.imports.get(imp)!)).toBe(true);
    const next = store.imports.begin('d');
    expect(next).not.toBe(imp);
    expect(store.imports.get(imp)).toBeUndefined();
    expect(store.db.prepare('SELECT count(*) FROM examples WHERE id = ?').pluck().get('c')).toBe(0);
    store.close();
  });

  test('an import of a live process on this host is not stale; one silent for long on another host is', () => {
    const { store } = seeded();
    const imp = store.imports.begin('d');
    const row = store.imports.get(imp)!;
    expect(store.imports.isStale({ ...row, pid: process.ppid })).toBe(false);
    expect(store.imports.isStale({ ...row, host: 'elsewhere', heartbeat_at: new Date(Date.now() - 60_000).toISOString() })).toBe(false);
    expect(store.imports.isStale({ ...row, host: 'elsewhere', heartbeat_at: '2000-01-01T00:00:00.000Z' })).toBe(true);
    store.close();
  });
});

describe('retryBusy', () => {
  const tmp = useTempDir();

  test('a write that meets a busy workspace is tried again instead of losing the work', () => {
    const store = Store.open(tmp.path('w.db'), { create: true });
    let calls = 0;
    const value = retryBusy(store.db, () => {
      if (++calls < 3) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      return 'written';
    });
    expect([value, calls]).toEqual(['written', 3]);
    expect(() => retryBusy(store.db, () => { throw Object.assign(new Error('no'), { code: 'SQLITE_CONSTRAINT' }); })).toThrow('no');
    store.close();
  });
});
