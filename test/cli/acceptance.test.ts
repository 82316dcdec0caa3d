import { describe, expect, test } from 'vitest';
import { shared, sharedMissing } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runCli, succeeding } from './helpers.js';

interface Stats {
  examples: number;
  spans: number | null;
  splits: { train: number; dev: number; test: number };
  label_count: number;
  labels: Record<string, number>;
  by_split: Record<string, { examples: number; spans: number | null; labels: Record<string, number> }>;
}

/** The acceptance counts, through the CLI, on the shared public datasets. */
describe.skipIf(sharedMissing)('importing the shared datasets (acceptance)', () => {
  const tmp = useTempDir();
  const cli = async (...args: string[]) => runCli([...args, '--db', tmp.path('w.db')], { cwd: tmp.dir() });
  const stats = async (dataset: string) => json<Stats>(await cli('stats', '--dataset', dataset, '--json'));
  const ok = succeeding(cli);

  test('TAB: 127 documents and 7,341 spans', async () => {
    await ok('import', shared('tab/bks/TAB_test_BK=Original.json')!, '--spans', shared('tab/anonymizations/TAB_test_Manual_Entity.json')!, '--name', 'tab', '--split', 'test');
    const s = await stats('tab');
    expect(s).toMatchObject({ examples: 127, spans: 7341, splits: { train: 0, dev: 0, test: 127 }, label_count: 8 });
    expect(s.labels).toEqual({ DATETIME: 2588, ORG: 1924, PERSON: 1039, LOC: 518, DEM: 449, CODE: 331, MISC: 265, QUANTITY: 227 });
    expect(s.by_split.test!.spans).toBe(7341);
  });

  test('WNUT-17 test: 1,287 sentences and 1,079 entities', async () => {
    await ok('import', shared('wnut17/emerging.test.annotated')!, '--name', 'wnut', '--split', 'test');
    const s = await stats('wnut');
    expect(s).toMatchObject({ examples: 1287, spans: 1079, splits: { test: 1287 } });
    expect(s.labels).toEqual({ person: 429, group: 165, location: 150, 'creative-work': 142, product: 127, corporation: 66 });
  });

  test('Banking77: train 10,003 and test 3,080 rows, 77 labels, in one dataset', async () => {
    await ok('import', shared('banking77/train.csv')!, '--name', 'banking77');
    const second = await cli('import', shared('banking77/test.csv')!, '--split', 'test');
    expect(second.code).toBe(0);
    // Both CSVs generate row ids; the second file's are prefixed so they do not collide.
    expect(second.stderr).toMatch(/generated ids were prefixed with "test-"/);
    expect(json(await cli('examples', 'list', '--split', 'test', '--limit', '1', '--json')).examples).toEqual([expect.objectContaining({ id: 'test-row-1' })]);
    const s = await stats('banking77');
    expect(s).toMatchObject({ examples: 13083, spans: null, splits: { train: 10003, dev: 0, test: 3080 }, label_count: 77 });
    expect(Object.keys(s.by_split.test!.labels)).toHaveLength(77);
    expect(Object.values(s.by_split.test!.labels).every((n) => n === 40)).toBe(true);
    // Splitting dev out of train keeps the official test set and is stratified by intent.
    const split = json(await cli('split', '--dev', '0.1', '--seed', '1', '--json'));
    expect(split).toMatchObject({ kept_test: 3080, splits: { train: 9003, dev: 1000, test: 3080 } });
    const after = await stats('banking77');
    expect(Object.keys(after.by_split.dev!.labels)).toHaveLength(77);
  });

  test('TREC test: 500 questions', async () => {
    await ok('import', shared('trec/TREC_10.label')!, '--name', 'trec', '--split', 'test');
    const s = await stats('trec');
    expect(s).toMatchObject({ examples: 500, splits: { test: 500 } });
    expect(s.labels).toEqual({ DESC: 138, NUM: 113, ENTY: 94, LOC: 81, HUM: 65, ABBR: 9 });
  });

  test('Restaurant-8k test: 3,731 examples', async () => {
    await ok('import', shared('restaurant8k/test.json')!, '--name', 'r8k', '--split', 'test');
    const s = await stats('r8k');
    expect(s).toMatchObject({ examples: 3731, splits: { test: 3731 } });
    expect(s.labels).toEqual({ people: 983, time: 853, date: 802, last_name: 426, first_name: 413 });
  });

  test('SROIE: 626 receipts as a transformation task', async () => {
    await ok('import', shared('sroie')!, '--name', 'sroie');
    const s = await stats('sroie');
    expect(s).toMatchObject({ examples: 626, spans: null, splits: { train: 626 } });
    expect(json(await cli('datasets', '--json')).datasets).toEqual([expect.objectContaining({ name: 'sroie', type: 'transformation' })]);
  });
});
