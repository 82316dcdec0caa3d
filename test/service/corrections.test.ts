import { describe, expect, test } from 'vitest';
import { Example } from '../../src/core/schemas/example.js';
import { Task } from '../../src/core/schemas/task.js';
import { addCorrection, deleteCorrection, listCorrections, showCorrection } from '../../src/service/corrections.js';
import { splitDataset } from '../../src/service/split.js';
import { Store } from '../../src/store/index.js';
import { codeAndMessage, rejected } from '../helpers/errors.js';
import { useTempDir } from '../helpers/temp.js';
import { lexiconRule, rule } from '../helpers/rules.js';
import { intentStore } from '../helpers/fixtures.js';
import { datasetContext } from '../../src/service/dataset-context.js';

const failure = async (fn: () => unknown): Promise<string> => codeAndMessage(await rejected(fn));

describe('corrections', () => {
  const tmp = useTempDir();

  test('by example id: records what the rules produced, what was expected and the note; the correction trains', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    store.rules.insert(datasetId, lexiconRule('hello', ['hello'], 'greet'));
    const r = addCorrection(datasetContext(store), { exampleId: 'rm0', expectedLabel: 'refund', note: 'money back means refund' });
    expect(r.correction).toMatchObject({ id: 'c1', example_id: 'rm0', text: 'can I get my money back', produced: { label: null }, expected: { label: 'refund' }, note: 'money back means refund' });
    expect(r.correction).toMatchObject({ moved_from: null, contradicts_gold: false });
    expect([r.example_id, r.moved, r.warnings]).toEqual(['correction-c1', null, []]);
    expect(store.examples.get(datasetId, 'correction-c1')).toMatchObject({ split: 'train', source: 'correction', label: 'refund', text: 'can I get my money back' });
    expect(listCorrections(datasetContext(store)).corrections.map((c) => c.id)).toEqual(['c1']);
    store.close();
  });

  test.each([
    ['d-r2', 'dev'],
    ['t-1', 'test'],
  ])('a %s example (%s) is refused without --move-to-train, naming the flag in a command that works when pasted', async (id, split) => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const e = await rejected(() => addCorrection(datasetContext(store), { exampleId: id, expectedLabel: 'refund', note: "it's money back" }));
    expect(codeAndMessage(e)).toMatch(new RegExp(`^BAD_INPUT: example ${id} is in ${split}, held out from training`));
    expect(e.exitCode).toBe(2);
    expect(e.message).toContain(`\`rulewright correct --example ${id} --expected-label refund --note 'it'\\''s money back' --move-to-train\``);
    expect(store.corrections.count(datasetId)).toBe(0);
    expect(store.examples.count(datasetId, { source: 'correction' })).toBe(0);
    expect(store.examples.get(datasetId, id)!.split).toBe(split);
    store.close();
  });

  test('with moveToTrain a held-out example moves to train visibly: the split sizes change and the correction records it', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    const r = addCorrection(datasetContext(store), { exampleId: 'd-r2', expectedLabel: 'refund', moveToTrain: true });
    expect(r.moved).toEqual({ example_id: 'd-r2', from: 'dev', splits_before: { train: 20, dev: 7, test: 1 }, splits_after: { train: 22, dev: 6, test: 1 } });
    expect(r.notes).toContain('moved example d-r2 from dev to train: dev 7 → 6, train 20 → 22 (with the corrected copy)');
    expect(r.correction.moved_from).toBe('dev');
    expect(store.examples.get(datasetId, 'd-r2')!.split).toBe('train');
    expect(store.examples.countsBy(datasetId, 'split')).toEqual({ train: 22, dev: 6, test: 1 });
    // A later re-split keeps the corrected example in train with its correction.
    splitDataset(datasetContext(store), { dev: 0.5, test: 0.3, seed: 3 });
    expect(store.examples.get(datasetId, 'd-r2')!.split).toBe('train');
    store.close();
  });

  test('an expected output that contradicts the gold is flagged on the correction, with a warning', () => {
    const { store } = intentStore(tmp.path('w.db'));
    const r = addCorrection(datasetContext(store), { exampleId: 'r0', expectedLabel: 'cancel' });
    expect(r.correction.contradicts_gold).toBe(true);
    expect(r.warnings).toEqual([
      'the expected output contradicts the gold of example r0 ({"label":"refund"}): the correction trains on what you expect ' +
        'while the example keeps its gold; if the gold is wrong, fix it in the source file and import it again',
    ]);
    expect(listCorrections(datasetContext(store)).corrections[0]).toMatchObject({ id: 'c1', contradicts_gold: true });
    // Agreeing with the gold (label case aside) is no contradiction.
    expect(addCorrection(datasetContext(store), { exampleId: 'r1', expectedLabel: 'REFUND' }).correction.contradicts_gold).toBe(false);
    store.close();
  });

  test('list, show and delete: each correction says whether it holds under the current rules', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    addCorrection(datasetContext(store), { text: 'hello, I want a refund', expectedLabel: 'refund' });
    addCorrection(datasetContext(store), { text: 'hello you', expectedLabel: 'greet' });
    const before = listCorrections(datasetContext(store));
    expect(before.corrections.map((c) => [c.id, c.holds, c.produced_now.label])).toEqual([
      ['c1', false, null],
      ['c2', false, null],
    ]);
    // A rule arrives: c2 holds now, c1 gets greet where refund is expected.
    store.rules.insert(datasetId, lexiconRule('hello', ['hello'], 'greet'));
    const after = listCorrections(datasetContext(store));
    expect([after.total, after.holding]).toEqual([2, 1]);
    expect(after.corrections.map((c) => [c.id, c.holds, c.produced_now.label])).toEqual([
      ['c1', false, 'greet'],
      ['c2', true, 'greet'],
    ]);
    expect(showCorrection(datasetContext(store), 'c2').correction).toMatchObject({ id: 'c2', holds: true, text: 'hello you' });
    expect(deleteCorrection(datasetContext(store), 'c1')).toMatchObject({ deleted: 'c1', example_id: 'correction-c1' });
    expect(store.examples.get(datasetId, 'correction-c1')).toBeUndefined();
    expect(listCorrections(datasetContext(store)).corrections.map((c) => c.id)).toEqual(['c2']);
    store.close();
  });

  test.each([
    ['show', (store: Store) => showCorrection(datasetContext(store), 'c9')],
    ['delete', (store: Store) => deleteCorrection(datasetContext(store), 'c9')],
  ])('%s of an unknown correction is NOT_FOUND and names the list command', async (_name, fn) => {
    const { store } = intentStore(tmp.path('w.db'));
    expect(await failure(() => fn(store))).toBe('NOT_FOUND: no correction "c9" in dataset "intents": see `rulewright corrections list`');
    store.close();
  });

  test('by text: runs the current rules and notes when they are already right', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    store.rules.insert(datasetId, lexiconRule('hello', ['hello'], 'greet'));
    const wrong = addCorrection(datasetContext(store), { text: 'hello, I want a refund', expectedLabel: 'REFUND' });
    expect(wrong.correction).toMatchObject({ id: 'c1', example_id: null, produced: { label: 'greet' }, expected: { label: 'refund' } });
    expect(wrong.already_right).toBe(false);
    const right = addCorrection(datasetContext(store), { text: 'hello you', expectedLabel: 'greet' });
    expect(right.correction.id).toBe('c2');
    expect(right.already_right).toBe(true);
    expect(right.notes).toContain('the current rules already produce the expected output');
    store.close();
  });

  test('corrections are never held out: a re-split keeps them in train', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    for (let i = 0; i < 5; i++) addCorrection(datasetContext(store), { text: `cancel number ${i}`, expectedLabel: 'cancel' });
    splitDataset(datasetContext(store), { dev: 0.5, test: 0.4, seed: 7 });
    expect(store.examples.list(datasetId, { source: 'correction' }).map((e) => e.split)).toEqual(['train', 'train', 'train', 'train', 'train']);
    store.close();
  });

  test('span tasks: expected spans by offsets or by text, checked against the text', async () => {
    const store = Store.open(tmp.path('n.db'), { create: true });
    const d = store.datasets.insert(Task.parse({ name: 'ner', type: 'ner', labels: ['PER', 'LOC'] }));
    store.transaction(() => store.examples.insertMany(d.id, [Example.parse({ id: 'a', text: 'Ann met Bob in Paris', spans: [{ start: 0, end: 3, label: 'PER' }] })]));
    store.rules.insert(d.id, rule('caps', '\\b[A-Z][a-z]+\\b', 'PER'));
    const r = addCorrection(datasetContext(store), { exampleId: 'a', expectedSpans: [{ text: 'Bob', label: 'PER' }, { start: 0, end: 3, label: 'PER' }, { text: 'Paris', label: 'LOC' }] });
    expect(r.correction.expected.spans).toEqual([
      { start: 0, end: 3, label: 'PER', text: 'Ann' },
      { start: 8, end: 11, label: 'PER', text: 'Bob' },
      { start: 15, end: 20, label: 'LOC', text: 'Paris' },
    ]);
    expect(r.correction.produced.spans!.map((s) => s.text)).toEqual(['Ann', 'Bob', 'Paris']);
    expect(await failure(() => addCorrection(datasetContext(store), { exampleId: 'a', expectedSpans: [{ text: 'Carol', label: 'PER' }] }))).toMatch(/^BAD_INPUT: span text "Carol" does not occur/);
    expect(await failure(() => addCorrection(datasetContext(store), { exampleId: 'a', expectedSpans: [{ start: 3, end: 99, label: 'PER' }] }))).toMatch(/^BAD_INPUT: span 3-99 is outside the text/);
    expect(await failure(() => addCorrection(datasetContext(store), { exampleId: 'a', expectedSpans: [{ text: 'Ann', label: 'ORG' }] }))).toMatch(/^BAD_INPUT: span label "ORG" is not a label/);
    expect(await failure(() => addCorrection(datasetContext(store), { exampleId: 'a', expectedSpans: 'Ann' }))).toMatch(/^BAD_INPUT: --expected-spans must be a JSON list/);
    expect(store.corrections.count(d.id)).toBe(1);
    store.close();
  });

  test.each([
    [{ expectedLabel: 'refund' }, /^USAGE: say what to correct/],
    [{ exampleId: 'r1', text: 'x', expectedLabel: 'refund' }, /^USAGE: say what to correct/],
    [{ exampleId: 'nope', expectedLabel: 'refund' }, /^NOT_FOUND: no example "nope"/],
    [{ text: 'x' }, /^USAGE: .* pass --expected-label LABEL/],
    [{ text: 'x', expectedLabel: 'complaint' }, /^BAD_INPUT: expected label "complaint" is not a label of task "intents": use one of refund, greet, cancel/],
  ])('refuses %j and stores nothing', async (req, message) => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    expect(await failure(() => addCorrection(datasetContext(store), req))).toMatch(message);
    expect(store.corrections.count(datasetId)).toBe(0);
    expect(store.examples.count(datasetId, { source: 'correction' })).toBe(0);
    store.close();
  });
});
