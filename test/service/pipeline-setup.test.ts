import { describe, expect, test } from 'vitest';
import { Example, type ExampleInput } from '../../src/core/schemas/example.js';
import { Task } from '../../src/core/schemas/task.js';
import { resolveSplit } from '../../src/service/pipeline-setup.js';
import { Store } from '../../src/store/index.js';
import { useTempDir } from '../helpers/temp.js';

function workspace(path: string, rows: readonly ExampleInput[]) {
  const store = Store.open(path, { create: true });
  const dataset = store.datasets.insert(Task.parse({ name: 'pii', type: 'ner', labels: ['PER', 'LOC'] }));
  store.transaction(() => store.examples.insertMany(dataset.id, rows.map((r) => Example.parse(r))));
  return { store, dataset };
}

describe('resolveSplit', () => {
  const tmp = useTempDir();
  test.each([
    // rows' splits, purpose, requested → split label, note
    [['train', 'dev', 'test'], 'eval', undefined, 'test', null],
    [['train', 'dev'], 'eval', undefined, 'dev', 'no test split: evaluated on dev'],
    [['train'], 'eval', undefined, 'all', 'no test or dev split: evaluated on all examples'],
    [['train', 'dev', 'test'], 'measure', undefined, 'dev', null],
    [['train', 'test'], 'measure', undefined, 'all', 'no dev split: measured on all examples'],
    [['train', 'dev', 'test'], 'eval', 'all', 'all', null],
    [['train', 'dev', 'test'], 'measure', 'train', 'train', null],
  ] as const)('splits %j, %s, asked %s → %s', (splits, purpose, requested, label, note) => {
    const { store, dataset } = workspace(tmp.path('w.db'), splits.map((s, i) => ({ id: `e${i}`, text: 'x', spans: [], split: s })));
    const r = resolveSplit(store, dataset, requested, purpose);
    expect(r).toEqual({ label, split: label === 'all' ? null : label, note });
    store.close();
  });

  test('an explicit split without examples is a BAD_INPUT error', () => {
    const { store, dataset } = workspace(tmp.path('w.db'), [{ id: 'e', text: 'x', spans: [] }]);
    expect(() => resolveSplit(store, dataset, 'dev')).toThrow(expect.objectContaining({ code: 'BAD_INPUT', message: expect.stringMatching(/no dev examples.*--split all/) }));
    store.close();
  });
});
