import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { useTempDir } from '../helpers/temp.js';

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

const nerRows = [
  { id: 'd1', text: 'Ann met Bob in Oslo', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 15, end: 19, label: 'LOC' }] },
  { id: 'd2', text: 'Oslo is cold', spans: [{ start: 0, end: 4, label: 'LOC' }], split: 'test' },
  { id: 'd3', text: 'nothing', spans: [] },
];

describe('Workspace', () => {
  const tmp = useTempDir();
  const file = (name: string, content: string) => {
    writeFileSync(tmp.path(name), content);
    return tmp.path(name);
  };
  const open = () => Workspace.open({ db: tmp.path('w.db'), create: true });

  test('creates, lists and resolves datasets', () => {
    const ws = open();
    expect(() => ws.dataset().summary()).toThrow(expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringMatching(/no datasets yet/) }));
    const created = ws.createDataset({ name: 'pii', type: 'ner', labels: ['PER', 'LOC'], description: 'people and places' });
    expect(created).toMatchObject({ name: 'pii', type: 'ner', labels: ['PER', 'LOC'], examples: 0, workspace: tmp.path('w.db') });
    expect(ws.dataset().summary().name).toBe('pii');
    ws.createDataset({ name: 'intents', type: 'classification' });
    expect(() => ws.dataset().summary()).toThrow(expect.objectContaining({ code: 'USAGE', message: expect.stringMatching(/intents, pii.*--dataset/) }));
    expect(() => ws.dataset('nope').summary()).toThrow(/the datasets are intents, pii/);
    expect(ws.listDatasets().map((d) => d.name)).toEqual(['intents', 'pii']);
    expect(() => ws.createDataset({ name: 'pii', type: 'ner' })).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    expect(() => ws.createDataset({ name: 'x', type: 'regexes' })).toThrow(/unknown task type "regexes"/);
    ws.close();
  });

  test('imports JSONL, creating the dataset on the fly, and reports counts', () => {
    const ws = open();
    const r = ws.importFile(file('a.jsonl', jsonl(nerRows)), { create: { name: 'pii' } });
    expect(r).toMatchObject({ dataset: 'pii', created: true, format: 'jsonl', task_type: 'ner', imported: 3, spans: 4, splits: { train: 2, dev: 0, test: 1 }, labels: ['LOC', 'PER'] });
    expect(ws.dataset('pii').summary().labels).toEqual(['LOC', 'PER']);
    expect(r.parse_ms + r.insert_ms).toBeLessThanOrEqual(r.elapsed_ms + 1);
    ws.close();
  });

  test('a malformed row writes nothing, not even the new dataset', () => {
    const ws = open();
    const bad = file('bad.jsonl', jsonl(nerRows) + '{"id": "d4", "text": "x", "spans": [{"start": 0, "end": 9, "label": "PER"}]}\n');
    expect(() => ws.importFile(bad, { create: { name: 'pii' } })).toThrow(expect.objectContaining({ code: 'BAD_INPUT', message: expect.stringContaining(`${bad}:4:`) }));
    expect(ws.listDatasets()).toEqual([]);
    ws.close();
  });

  test('an id already in the dataset rejects the whole import with FILE:LINE', () => {
    const ws = open();
    ws.importFile(file('a.jsonl', jsonl(nerRows)), { create: { name: 'pii' } });
    const again = file('b.jsonl', jsonl([{ id: 'new1', text: 'x', spans: [] }, { id: 'new2', text: 'y', spans: [] }]) + '\n' + jsonl([nerRows[1]!]));
    expect(() => ws.importFile(again, {})).toThrow(expect.objectContaining({ code: 'BAD_INPUT', message: expect.stringMatching(new RegExp(`^${again}:4: duplicate id "d2".*already has`)) }));
    expect(ws.dataset().stats().examples).toBe(3);
    ws.close();
  });

  test('rejects a file of another task type', () => {
    const ws = open();
    ws.createDataset({ name: 'intents', type: 'classification' });
    const f = file('a.jsonl', jsonl(nerRows));
    expect(() => ws.importFile(f, {})).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
    expect(ws.dataset().stats().examples).toBe(0);
    ws.close();
  });

  test('adds undeclared labels to the task with a warning', () => {
    const ws = open();
    ws.createDataset({ name: 'intents', type: 'classification', labels: ['refund'] });
    const r = ws.importFile(file('c.jsonl', jsonl([{ id: 'q1', text: 'money back', label: 'refund' }, { id: 'q2', text: 'hello', label: 'greet' }])), {});
    expect(r.new_labels).toEqual(['greet']);
    expect(r.warnings.join(' ')).toMatch(/greet/);
    expect(ws.dataset().summary().labels).toEqual(['refund', 'greet']);
    ws.close();
  });

  test('export then import into a new dataset gives the same hash', () => {
    const ws = open();
    ws.importFile(file('a.jsonl', jsonl(nerRows)), { create: { name: 'pii' } });
    ws.dataset('pii').split({ dev: 0.3, test: 0.3, seed: 1 });
    const out = tmp.path('out.jsonl');
    const exp = ws.dataset('pii').exportFile(out);
    expect(exp).toMatchObject({ format: 'jsonl', examples: 3 });
    const back = ws.importFile(out, { create: { name: 'copy' } });
    expect(back.dataset_hash).toBe(exp.dataset_hash);
    expect(ws.dataset('copy').datasetHash()).toBe(ws.dataset('pii').datasetHash());
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(3);
    ws.close();
  });

  test('split keeps an imported test set unless --test is given, and keeps corrections in train', () => {
    const ws = open();
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: `q${i}`, text: `t${i}`, label: i % 5 ? 'a' : 'b', ...(i < 10 ? { split: 'test' } : {}), ...(i >= 45 ? { source: 'correction' } : {}) }));
    ws.importFile(file('c.jsonl', jsonl(rows)), { create: { name: 'intents' } });
    const kept = ws.dataset().split({ dev: 0.25, seed: 3 });
    expect(kept).toMatchObject({ kept_test: 10, locked: 5, splits: { test: 10, dev: 9, train: 31 } });
    expect(ws.dataset().listExamples({ source: 'correction' }).examples.every((e) => e.split === 'train')).toBe(true);
    const again = ws.dataset().split({ dev: 0.25, seed: 3 });
    expect(again.changed).toBe(0);
    expect(again.dataset_hash).toBe(kept.dataset_hash);
    const full = ws.dataset().split({ dev: 0.2, test: 0.2, seed: 3 });
    expect(full.splits).toEqual({ train: 5 + 27, dev: 9, test: 9 });
    ws.close();
  });

  test('stats counts per split, label and source', () => {
    const ws = open();
    ws.importFile(file('a.jsonl', jsonl(nerRows)), { create: { name: 'pii' } });
    const s = ws.dataset().stats();
    expect(s).toMatchObject({
      dataset: 'pii',
      examples: 3,
      spans: 4,
      unlabeled: 1,
      splits: { train: 2, dev: 0, test: 1 },
      sources: { gold: 3, correction: 0, observed: 0 },
      label_unit: 'spans',
      labels: { LOC: 2, PER: 2 },
      by_split: { train: { examples: 2, spans: 3, labels: { PER: 2, LOC: 1 } }, test: { spans: 1, labels: { LOC: 1 } } },
    });
    ws.close();
  });

  test('stats counts classes and filled fields for other task types', () => {
    const ws = open();
    ws.importFile(file('c.jsonl', jsonl([{ id: 'q1', text: 'a', label: 'x' }, { id: 'q2', text: 'b', label: 'x' }, { id: 'q3', text: 'c', label: 'y' }])), { create: { name: 'c' } });
    ws.importFile(file('t.jsonl', jsonl([{ id: 'r1', input: { text: 'a' }, output: { date: '1', total: '' } }, { id: 'r2', input: { text: 'b' }, output: { date: '2', total: '3' } }])), { create: { name: 't' } });
    expect(ws.dataset('c').stats()).toMatchObject({ spans: null, label_unit: 'examples', labels: { x: 2, y: 1 } });
    expect(ws.dataset('t').stats()).toMatchObject({ spans: null, labels: { date: 2, total: 1 } });
    ws.close();
  });

  test('rulesetHash covers active rules only', async () => {
    const { Rule } = await import('../../src/core/schemas/rule.js');
    const ws = open();
    ws.createDataset({ name: 'pii', type: 'ner' });
    const empty = ws.dataset().rulesetHash();
    const rule = Rule.parse({ id: 'r1', name: 'city', format: 'regex', pattern: 'Oslo', output: { label: 'LOC' } });
    ws.store.rules.insert(ws.dataset().id, rule);
    const one = ws.dataset().rulesetHash();
    expect(one).not.toBe(empty);
    ws.store.rules.setStatus(ws.dataset().id, 'r1', 'disabled');
    expect(ws.dataset().rulesetHash()).toBe(empty);
    ws.close();
  });

  test('lists and shows examples', () => {
    const ws = open();
    ws.importFile(file('a.jsonl', jsonl(nerRows)), { create: { name: 'pii' } });
    expect(ws.dataset().listExamples({ label: 'LOC' })).toMatchObject({ total: 2, examples: [{ id: 'd1' }, { id: 'd2' }] });
    expect(ws.dataset().listExamples({ limit: 1, offset: 2 })).toMatchObject({ total: 3, offset: 2, limit: 1, examples: [{ id: 'd3' }] });
    expect(ws.dataset().getExample('d2')).toMatchObject({ id: 'd2', split: 'test', text: 'Oslo is cold' });
    expect(() => ws.dataset().getExample('zz')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    ws.close();
  });
});
