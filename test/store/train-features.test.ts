import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { Store } from '../../src/store/index.js';
import { storeWithDataset } from '../helpers/store.js';
import { useTempDir } from '../helpers/temp.js';

const FEATURES = [
  { key: '0:refund', docs: Int32Array.from([0, 2]) },
  { key: '2:my refund', docs: Int32Array.from([2]) },
  { key: '0:card', docs: Int32Array.from([1]) },
];

describe('the kept train index', () => {
  const tmp = useTempDir();
  const open = () => storeWithDataset(tmp.path('w.db'));

  test('gives back the features asked for, in build order, and all of them', () => {
    const { s, id } = open();
    expect(s.trainFeatures.state(id)).toBeUndefined();
    expect(s.trainFeatures.replace(id, 'fp1', 3, FEATURES)).toBe(true);
    expect(s.trainFeatures.state(id)).toEqual({ fingerprint: 'fp1', docs: 3 });
    expect(s.trainFeatures.lookup(id, ['0:card', '0:nothing', '0:refund', '0:card'], 3)).toEqual([
      { key: '0:refund', id: 0, docs: Int32Array.from([0, 2]) },
      { key: '0:card', id: 2, docs: Int32Array.from([1]) },
    ]);
    expect(s.trainFeatures.all(id, 3).map((f) => f.key)).toEqual(['0:refund', '2:my refund', '0:card']);
    s.close();
  });

  test('a new index replaces the old one whole, and goes with its dataset', () => {
    const { s, id } = open();
    s.trainFeatures.replace(id, 'fp1', 3, FEATURES);
    s.trainFeatures.replace(id, 'fp2', 2, [{ key: '0:card', docs: Int32Array.from([0, 1]) }]);
    expect(s.trainFeatures.state(id)).toEqual({ fingerprint: 'fp2', docs: 2 });
    expect(s.trainFeatures.all(id, 2)).toEqual([{ key: '0:card', id: 0, docs: Int32Array.from([0, 1]) }]);
    s.datasets.delete(id);
    const raw = new Database(tmp.path('w.db'), { readonly: true });
    expect(raw.prepare('SELECT (SELECT count(*) FROM train_features) + (SELECT count(*) FROM train_features_state) AS n').get()).toEqual({ n: 0 });
    raw.close();
    s.close();
  });

  test.each([
    ['not a whole number of documents', Buffer.from([1, 0, 0])],
    ['documents out of order', Buffer.from([2, 0, 0, 0, 1, 0, 0, 0])],
    ['a document beyond the train split', Buffer.from([9, 0, 0, 0])],
  ])('a row with %s is reported corrupt, naming the feature', (_, blob) => {
    const { s, id } = open();
    s.trainFeatures.replace(id, 'fp1', 3, FEATURES);
    s.db.prepare("UPDATE train_features SET docs = ? WHERE key = '0:card'").run(blob);
    expect(() => s.trainFeatures.lookup(id, ['0:card'], 3)).toThrow(/train feature "0:card" of dataset \d+ is corrupt/);
    s.close();
  });

  test('a workspace opened read-only keeps nothing and says so', () => {
    open().s.close();
    const ro = Store.open(tmp.path('w.db'), { readonly: true });
    expect(ro.trainFeatures.replace(1, 'fp1', 3, FEATURES)).toBe(false);
    expect(ro.trainFeatures.state(1)).toBeUndefined();
    ro.close();
  });
});
