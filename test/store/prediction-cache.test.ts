import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { Store } from '../../src/store/index.js';
import { storeWithDataset } from '../helpers/store.js';
import { useTempDir } from '../helpers/temp.js';

const KEY = { split: 'dev', ruleset_hash: 'r1', dataset_hash: 'd1' };
const CACHED = { ids: ['a', 'b'], predictions: [{ label: 'refund', rule_id: 'x' }, { label: null, rule_id: null }] };

describe('cached predictions', () => {
  const tmp = useTempDir();
  const open = () => storeWithDataset(tmp.path('w.db'));

  test.each([
    ['the same rules and data', KEY, CACHED],
    ['other rules', { ...KEY, ruleset_hash: 'r2' }, undefined],
    ['other data', { ...KEY, dataset_hash: 'd2' }, undefined],
    ['another split', { ...KEY, split: 'test' }, undefined],
  ])('come back only for %s', (_, key, expected) => {
    const { s, id } = open();
    s.predictionCache.put(id, KEY, CACHED);
    expect(s.predictionCache.get(id, key)).toEqual(expected);
    s.close();
  });

  test('a split keeps only its latest predictions, and they go with their dataset', () => {
    const { s, id } = open();
    s.predictionCache.put(id, KEY, CACHED);
    s.predictionCache.put(id, { ...KEY, ruleset_hash: 'r2' }, { ids: [], predictions: [] });
    expect(s.predictionCache.get(id, KEY)).toBeUndefined();
    s.datasets.delete(id);
    const raw = new Database(tmp.path('w.db'), { readonly: true });
    expect(raw.prepare('SELECT count(*) AS n FROM prediction_cache').get()).toEqual({ n: 0 });
    raw.close();
    s.close();
  });

  test('a workspace opened read-only keeps nothing and fails nothing', () => {
    open().s.close();
    const ro = Store.open(tmp.path('w.db'), { readonly: true });
    expect(() => ro.predictionCache.put(1, KEY, CACHED)).not.toThrow();
    expect(ro.predictionCache.get(1, KEY)).toBeUndefined();
    ro.close();
  });
});

describe('cached predictions as stored', () => {
  const tmp = useTempDir();
  const SPANS = { ids: ['a'], predictions: [{ spans: [{ start: 0, end: 2, text: 'hi', label: 'x', rule_id: 'r' }] }] };

  test.each([
    ['classification answers are kept as columns', CACHED, { ids: ['a', 'b'], labels: ['refund', null], rule_ids: ['x', null] }],
    ['span answers are kept whole', SPANS, SPANS],
  ])('%s and come back the same', (_, cached, stored) => {
    const { s, id } = storeWithDataset(tmp.path('w.db'));
    s.predictionCache.put(id, KEY, cached);
    expect(JSON.parse((s.db.prepare('SELECT predictions FROM prediction_cache').pluck().get() as string))).toEqual(stored);
    expect(s.predictionCache.get(id, KEY)).toEqual(cached);
    s.close();
  });

  test('columns of different lengths are reported corrupt', () => {
    const { s, id } = storeWithDataset(tmp.path('w.db'));
    s.predictionCache.put(id, KEY, CACHED);
    s.db.prepare('UPDATE prediction_cache SET predictions = ?').run(JSON.stringify({ ids: ['a', 'b'], labels: ['x'], rule_ids: ['r', null] }));
    expect(() => s.predictionCache.get(id, KEY)).toThrow(/cached predictions on dev of dataset \d+ is corrupt/);
    s.close();
  });
});
