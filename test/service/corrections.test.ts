import { describe, expect, test } from 'vitest';
import { Example, Task } from '../../src/core/schemas/index.js';
import { addCorrection, listCorrections } from '../../src/service/corrections.js';
import { splitDataset } from '../../src/service/split.js';
import { Store } from '../../src/store/index.js';
import { codeAndMessage, rejected } from '../helpers/errors.js';
import { useTempDir } from '../helpers/temp.js';
import { intentStore, rule } from './learn-fixtures.js';

const failure = async (fn: () => unknown): Promise<string> => codeAndMessage(await rejected(fn));

describe('corrections', () => {
  const tmp = useTempDir();

  test('by example id: records what the rules produced, what was expected and the note; the correction trains', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    store.rules.insert(datasetId, rule({ id: 'hello', format: 'lexicon', terms: ['hello'], output: { label: 'greet' } }));
    const r = addCorrection(store, { exampleId: 'd-r2', expectedLabel: 'refund', note: 'money back means refund' });
    expect(r.correction).toMatchObject({ id: 'c1', example_id: 'd-r2', text: 'I would like my money back', produced: { label: null }, expected: { label: 'refund' }, note: 'money back means refund' });
    expect(r.example_id).toBe('correction-c1');
    expect(r.notes).toEqual(['example d-r2 stays in dev; its corrected copy joins train']);
    expect(store.examples.get(datasetId, 'correction-c1')).toMatchObject({ split: 'train', source: 'correction', label: 'refund', text: 'I would like my money back' });
    expect(store.examples.get(datasetId, 'd-r2')!.split).toBe('dev');
    expect(listCorrections(store).corrections.map((c) => c.id)).toEqual(['c1']);
    store.close();
  });

  test('by text: runs the current rules and notes when they are already right', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    store.rules.insert(datasetId, rule({ id: 'hello', format: 'lexicon', terms: ['hello'], output: { label: 'greet' } }));
    const wrong = addCorrection(store, { text: 'hello, I want a refund', expectedLabel: 'REFUND' });
    expect(wrong.correction).toMatchObject({ id: 'c1', example_id: null, produced: { label: 'greet' }, expected: { label: 'refund' } });
    expect(wrong.already_right).toBe(false);
    const right = addCorrection(store, { text: 'hello you', expectedLabel: 'greet' });
    expect(right.correction.id).toBe('c2');
    expect(right.already_right).toBe(true);
    expect(right.notes).toContain('the current rules already produce the expected output');
    store.close();
  });

  test('corrections are never held out: a re-split keeps them in train', () => {
    const { store, datasetId } = intentStore(tmp.path('w.db'));
    for (let i = 0; i < 5; i++) addCorrection(store, { text: `cancel number ${i}`, expectedLabel: 'cancel' });
    splitDataset(store, { dev: 0.5, test: 0.4, seed: 7 });
    expect(store.examples.list(datasetId, { source: 'correction' }).map((e) => e.split)).toEqual(['train', 'train', 'train', 'train', 'train']);
    store.close();
  });

  test('span tasks: expected spans by offsets or by text, checked against the text', async () => {
    const store = Store.open(tmp.path('n.db'), { create: true });
    const d = store.datasets.insert(Task.parse({ name: 'ner', type: 'ner', labels: ['PER', 'LOC'] }));
    store.transaction(() => store.examples.insertMany(d.id, [Example.parse({ id: 'a', text: 'Ann met Bob in Paris', spans: [{ start: 0, end: 3, label: 'PER' }] })]));
    store.rules.insert(d.id, rule({ id: 'caps', pattern: '\\b[A-Z][a-z]+\\b', output: { label: 'PER' } }));
    const r = addCorrection(store, { exampleId: 'a', expectedSpans: [{ text: 'Bob', label: 'PER' }, { start: 0, end: 3, label: 'PER' }, { text: 'Paris', label: 'LOC' }] });
    expect(r.correction.expected.spans).toEqual([
      { start: 0, end: 3, label: 'PER', text: 'Ann' },
      { start: 8, end: 11, label: 'PER', text: 'Bob' },
      { start: 15, end: 20, label: 'LOC', text: 'Paris' },
    ]);
    expect(r.correction.produced.spans!.map((s) => s.text)).toEqual(['Ann', 'Bob', 'Paris']);
    expect(await failure(() => addCorrection(store, { exampleId: 'a', expectedSpans: [{ text: 'Carol', label: 'PER' }] }))).toMatch(/^BAD_INPUT: span text "Carol" does not occur/);
    expect(await failure(() => addCorrection(store, { exampleId: 'a', expectedSpans: [{ start: 3, end: 99, label: 'PER' }] }))).toMatch(/^BAD_INPUT: span 3-99 is outside the text/);
    expect(await failure(() => addCorrection(store, { exampleId: 'a', expectedSpans: [{ text: 'Ann', label: 'ORG' }] }))).toMatch(/^BAD_INPUT: span label "ORG" is not a label/);
    expect(await failure(() => addCorrection(store, { exampleId: 'a', expectedSpans: 'Ann' }))).toMatch(/^BAD_INPUT: --expected-spans must be a JSON list/);
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
    expect(await failure(() => addCorrection(store, req))).toMatch(message);
    expect(store.corrections.count(datasetId)).toBe(0);
    expect(store.examples.count(datasetId, { source: 'correction' })).toBe(0);
    store.close();
  });
});
