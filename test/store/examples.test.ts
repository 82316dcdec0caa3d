import { describe, expect, test } from 'vitest';
import { Example, type ExampleInput } from '../../src/core/schemas/example.js';
import { datasetHash, exampleContentHash } from '../../src/store/fingerprint.js';
import { DuplicateIdError } from '../../src/store/examples.js';
import { storeWithDataset } from '../helpers/store.js';
import { useTempDir } from '../helpers/temp.js';

const ex = (v: ExampleInput) => Example.parse(v);

describe('ExamplesRepo', () => {
  const tmp = useTempDir();
  const open = () => storeWithDataset(tmp.path('w.db'), 'ner');
  const rows = [
    ex({ id: 'a', text: 'Ann met Bob', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }] }),
    ex({ id: 'b', text: 'in Oslo', spans: [{ start: 3, end: 7, label: 'LOC' }], split: 'dev' }),
    ex({ id: 'c', text: 'nothing here', spans: [], source: 'observed' }),
  ];

  test('round-trips examples in import order', () => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows));
    expect(s.examples.list(id)).toEqual(rows);
    expect(s.examples.get(id, 'b')).toEqual(rows[1]);
    expect(s.examples.get(id, 'zz')).toBeUndefined();
    s.close();
  });

  test.each([
    [{ split: 'dev' as const }, ['b']],
    [{ source: 'observed' as const }, ['c']],
    [{ label: 'PER' }, ['a']],
    [{ label: 'nope' }, []],
    [{ limit: 1, offset: 1 }, ['b']],
  ])('filters and pages %j', (filter, ids) => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows));
    expect(s.examples.list(id, filter).map((e) => e.id)).toEqual(ids);
    s.close();
  });

  test('a duplicate of an existing id rejects the batch and writes nothing', () => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows.slice(0, 1)));
    const batch = [ex({ id: 'new', text: 'x' }), ex({ id: 'a', text: 'again' })];
    let err: unknown;
    try {
      s.transaction(() => s.examples.insertMany(id, batch));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DuplicateIdError);
    expect(err).toMatchObject({ exampleId: 'a', index: 1, firstIndex: null, exitCode: 2 });
    expect(s.examples.count(id)).toBe(1);
    s.close();
  });

  test('a duplicate within the batch names the first use', () => {
    const { s, id } = open();
    const batch = [ex({ id: 'x', text: '1' }), ex({ id: 'y', text: '2' }), ex({ id: 'x', text: '3' })];
    expect(() => s.transaction(() => s.examples.insertMany(id, batch))).toThrow(
      expect.objectContaining({ exampleId: 'x', index: 2, firstIndex: 0 }),
    );
    expect(s.examples.count(id)).toBe(0);
    s.close();
  });

  test('a corrupt row is a STORE error naming the example', () => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows));
    s.db.prepare("UPDATE examples SET body = '{\"text\": 5}' WHERE id = 'b'").run();
    expect(() => s.examples.get(id, 'b')).toThrow(expect.objectContaining({ code: 'STORE', message: expect.stringMatching(/example "b".*corrupt/) }));
    s.db.prepare("UPDATE examples SET body = 'not json' WHERE id = 'a'").run();
    expect(() => s.examples.list(id)).toThrow(/example "a".*not JSON/);
    s.close();
  });

  test('setSplits touches only changed rows and changes the hash', () => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows));
    const before = s.examples.hash(id);
    const changed = s.transaction(() => s.examples.setSplits(id, new Map([['a', 'train'], ['b', 'test']])));
    expect(changed).toBe(1);
    expect(s.examples.get(id, 'b')?.split).toBe('test');
    expect(s.examples.hash(id)).not.toBe(before);
    s.close();
  });

  test('counts spans and labels per split, in SQL', () => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows));
    expect(s.examples.spanCountsBySplit(id)).toEqual(
      expect.arrayContaining([
        { split: 'train', label: 'PER', n: 2 },
        { split: 'dev', label: 'LOC', n: 1 },
      ]),
    );
    expect(s.examples.unlabeledBySplit(id)).toEqual({ train: 1 });
    expect(s.examples.countsBy(id, 'source')).toEqual({ gold: 2, observed: 1 });
    s.close();
  });

  test('iterate streams every example', () => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows));
    expect([...s.examples.iterate(id, { split: 'train' })].map((e) => e.id)).toEqual(['a', 'c']);
    s.close();
  });

  test.each([
    // batch size, filter → the ids of each batch
    [{ rows: 1 }, {}, [['a'], ['b'], ['c']]],
    [{ rows: 2 }, {}, [['a', 'b'], ['c']]],
    [{ rows: 3 }, {}, [['a', 'b', 'c']]],
    [{ rows: 1 }, { split: 'train' as const }, [['a'], ['c']]],
    [{ rows: 10 }, { split: 'test' as const }, []],
    // A long document makes a batch of its own; a batch always takes at least one.
    [{ rows: 10, chars: 1 }, {}, [['a'], ['b'], ['c']]],
    [{ rows: 10, chars: 90 }, {}, [['a'], ['b', 'c']]],
  ])('batches of %j (%j) give every example once, in import order', (size, filter, ids) => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows));
    const batches = [...s.examples.batches(id, filter, size)];
    expect(batches.map((b) => b.map((e) => e.id))).toEqual(ids);
    expect(batches.flat()).toEqual(s.examples.list(id, filter));
    s.close();
  });

  test('batches hold no cursor in between (the connection stays usable) and leave out rows added meanwhile', () => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows));
    const it = s.examples.batches(id, {}, { rows: 1 });
    const first = it.next().value as Example[];
    s.transaction(() => s.examples.insertMany(id, [ex({ id: 'late', text: 'added while reading', spans: [] })]));
    expect([first, ...it].flat().map((e) => e.id)).toEqual(['a', 'b', 'c']);
    s.close();
  });

  test('the streamed SQL hash equals datasetHash of the rows, per split too', () => {
    const { s, id } = open();
    s.transaction(() => s.examples.insertMany(id, rows));
    const all = rows.map((e) => ({ hash: exampleContentHash(e), split: e.split }));
    expect(s.examples.hash(id)).toBe(datasetHash(all));
    expect(s.examples.hash(id, 'dev')).toBe(datasetHash(all.filter((r) => r.split === 'dev')));
    s.close();
  });

  test('short classification rows get the same columns as the general encoding, in any key order', () => {
    const { s, id } = open();
    const shapes: Example[] = [
      { id: 'k1', text: 'hi "there" \u2603', label: 'greet', split: 'train', source: 'gold' },
      { label: 'bye', id: 'k2', text: 'bye', split: 'dev', source: 'gold' },
      { id: 'k3', text: 'none', label: null, split: 'train', source: 'gold' },
      { id: 'k4', text: 'empty', label: '', split: 'test', source: 'correction' },
      { id: 'k5', text: 'no label', split: 'train', source: 'gold' },
      { id: 'k6', label: 'no text', split: 'train', source: 'gold' },
      { id: 'k7', text: undefined, label: 'undefined text', split: 'train', source: 'gold' },
      { id: 'k8', text: 't', label: 'x', split: 'train', source: 'gold', meta: { a: 1 } },
    ];
    s.transaction(() => s.examples.insertMany(id, shapes));
    const stored = s.db.prepare('SELECT id, labels, body, hash FROM examples WHERE dataset_id = ? ORDER BY seq').all(id);
    expect(stored).toEqual(
      shapes.map((e) => {
        const { id: eid, split: _s, source: _o, ...body } = e;
        const labels = typeof e.label === 'string' && e.label !== '' ? [e.label] : [];
        return { id: eid, labels: JSON.stringify(labels), body: JSON.stringify(body), hash: exampleContentHash(e) };
      }),
    );
    expect(s.examples.list(id)).toEqual(shapes.map((e) => ex(JSON.parse(JSON.stringify(e)) as ExampleInput)));
    s.close();
  });

  test('a duplicate inside one multi-row statement is reported at its own index, the rows before it kept', () => {
    const { s, id } = open();
    const batch = Array.from({ length: 150 }, (_, i) => ex({ id: `r${i}`, text: 'x', label: 'l' }));
    batch.splice(100, 0, ex({ id: 'r97', text: 'again', label: 'l' }));
    let err: unknown;
    s.transaction(() => {
      try {
        s.examples.insertMany(id, batch, undefined, undefined, { importId: 1, baseSeq: -1, offset: 1000 });
      } catch (e) {
        err = e;
      }
    });
    expect(err).toMatchObject({ exampleId: 'r97', index: 1100, firstIndex: 97 });
    expect(s.db.prepare('SELECT count(*) FROM examples').pluck().get()).toBe(100);
    s.close();
  });

  test('batches of any size keep their order and call onProgress every `every` rows', () => {
    const { s, id } = open();
    const batch = Array.from({ length: 203 }, (_, i) => ex({ id: `r${i}`, text: `t${i}` }));
    const calls: number[] = [];
    s.transaction(() => s.examples.insertMany(id, batch, (done) => calls.push(done), 50));
    expect(calls).toEqual([50, 100, 150, 200, 203]);
    expect(s.examples.list(id).map((e) => e.id)).toEqual(batch.map((e) => e.id));
    expect(s.examples.hash(id)).toBe(datasetHash(batch.map((e) => ({ hash: exampleContentHash(e), split: e.split }))));
    s.close();
  });
});
