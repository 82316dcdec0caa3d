import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Example } from '../../src/core/schemas/example.js';
import { readDataset } from '../../src/formats/index.js';
import { shared, sharedMissing } from '../helpers/shared.js';

const path = (rel: string): string => shared(rel) as string;

function countBy(values: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
const spanLabels = (examples: Example[]) => countBy(examples.flatMap((e) => (e.spans ?? []).map((s) => s.label)));
const spanCount = (examples: Example[]) => examples.reduce((n, e) => n + (e.spans?.length ?? 0), 0);

describe.skipIf(sharedMissing)('shared datasets import with their published counts', () => {
  test('TAB folder: 127 documents, 7,341 spans, per-label counts of the README', () => {
    const d = readDataset(path('tab'));
    expect(d.format).toBe('tab');
    expect(d.taskType).toBe('ner');
    expect(d.examples).toHaveLength(127);
    expect(spanCount(d.examples)).toBe(7341);
    expect(spanLabels(d.examples)).toEqual({ DATETIME: 2588, ORG: 1924, PERSON: 1039, LOC: 518, DEM: 449, CODE: 331, MISC: 265, QUANTITY: 227 });
    expect(d.warnings).toEqual([]);
    const doc = d.examples.find((e) => e.id === '001-61807');
    const first = doc?.spans?.find((s) => s.label === 'CODE');
    expect(doc?.text?.slice(first?.start, first?.end)).toBe('36110/97');
  });

  test('TAB reference tab_gold.jsonl imports as native JSONL with the same spans as the folder', () => {
    const folder = readDataset(path('tab'));
    const gold = readDataset(path('rulechef-benchmarks/reference/tab_gold.jsonl'));
    expect(gold.format).toBe('jsonl');
    expect(gold.taskType).toBe('ner');
    expect(gold.examples).toEqual(folder.examples);
  });

  test.each([
    ['wnut17/emerging.test.annotated', 1287, { person: 429, location: 150, group: 165, corporation: 66, product: 127, 'creative-work': 142 }],
    ['wnut17/emerging.dev.conll', 1009, { person: 470, location: 74, group: 39, corporation: 34, product: 114, 'creative-work': 105 }],
    ['wnut17/wnut17train.conll', 3394, { person: 660, location: 548, group: 264, corporation: 221, product: 142, 'creative-work': 140 }],
  ])('WNUT-17 %s: %i sentences and the README entity counts', (rel, sentences, entities) => {
    const d = readDataset(path(rel));
    expect(d.format).toBe('conll');
    expect(d.examples).toHaveLength(sentences);
    expect(spanLabels(d.examples)).toEqual(entities);
    expect(d.warnings).toEqual([]);
    for (const e of d.examples.slice(0, 50)) for (const s of e.spans ?? []) expect(e.text?.slice(s.start, s.end).trim()).toBe(e.text?.slice(s.start, s.end));
  });

  test.each([
    ['banking77/train.csv', 10003],
    ['banking77/test.csv', 3080],
  ])('Banking77 %s: %i rows, 77 labels', (rel, rows) => {
    const d = readDataset(path(rel));
    expect(d.format).toBe('csv');
    expect(d.taskType).toBe('classification');
    expect(d.examples).toHaveLength(rows);
    const categories = JSON.parse(readFileSync(path('banking77/categories.json'), 'utf8')) as string[];
    expect(d.labels).toEqual([...categories].sort());
    if (rows === 3080) expect(new Set(Object.values(countBy(d.examples.map((e) => e.label as string))))).toEqual(new Set([40]));
  });

  test.each([
    ['trec/TREC_10.label', 500, { ENTY: 94, HUM: 65, DESC: 138, NUM: 113, LOC: 81, ABBR: 9 }, 42],
    ['trec/train_5500.label', 5452, { ENTY: 1250, HUM: 1223, DESC: 1162, NUM: 896, LOC: 835, ABBR: 86 }, 50],
  ])('TREC %s: %i questions with the README coarse and fine label counts', (rel, n, coarse, fine) => {
    const d = readDataset(path(rel));
    expect(d.format).toBe('trec');
    expect(d.examples).toHaveLength(n);
    expect(countBy(d.examples.map((e) => e.label as string))).toEqual(coarse);
    expect(readDataset(path(rel), { trecLabel: 'fine' }).labels).toHaveLength(fine);
  });

  test.each([
    ['restaurant8k/test.json', 3731, 1352, { people: 983, time: 853, date: 802, first_name: 413, last_name: 426 }],
    ['restaurant8k/train_0.json', 8198, 2975, { people: 2164, time: 1972, date: 1721, first_name: 887, last_name: 891 }],
  ])('Restaurant-8k %s: %i examples, %i negatives, README slot counts', (rel, n, negatives, slots) => {
    const d = readDataset(path(rel));
    expect(d.format).toBe('restaurant8k');
    expect(d.examples).toHaveLength(n);
    expect(d.examples.filter((e) => e.spans?.length === 0)).toHaveLength(negatives);
    expect(spanLabels(d.examples)).toEqual(slots);
    if (n === 3731) expect(d.examples[0]).toEqual({ id: 'r1', text: '13', spans: [{ start: 0, end: 2, label: 'time' }], meta: { requested_slots: ['time'] }, split: 'train', source: 'gold' });
  });

  test('SROIE: 626 receipts, one without address, one with an empty total', () => {
    const d = readDataset(path('sroie'));
    expect(d.format).toBe('sroie');
    expect(d.taskType).toBe('transformation');
    expect(d.textField).toBe('text');
    expect(d.examples).toHaveLength(626);
    expect(d.examples.filter((e) => !('address' in (e.output ?? {})))).toHaveLength(1);
    expect(d.examples.filter((e) => e.output?.total === '')).toHaveLength(1);
    expect(d.examples.reduce((n, e) => n + (e.input?.lines as string[]).length, 0)).toBe(33626);
    const first = d.examples[0];
    expect(first?.id).toBe('000');
    expect((first?.input?.lines as string[]).slice(0, 2)).toEqual(['TAN WOON YANN', 'BOOK TA .K(TAMAN DAYA) SDN BND']);
    expect(first?.output).toEqual({ company: 'BOOK TA .K (TAMAN DAYA) SDN BHD', date: '25/12/2018', address: 'NO.53 55,57 & 59, JALAN SAGU 18, TAMAN DAYA, 81100 JOHOR BAHRU, JOHOR.', total: '9.00' });
  });

  test.each([
    ['rulechef-benchmarks/reference/banking77_gold.jsonl', 'jsonl', 'classification', 200],
    ['rulechef-benchmarks/benchmarks/results/sample_traffic_banking77.jsonl', 'traffic', 'classification', 200],
    ['rulechef-benchmarks/examples/data/demo_ner_bulk.jsonl', 'rulechef', 'ner', 20],
  ])('RuleChef file %s reads as %s', (rel, format, taskType, n) => {
    const d = readDataset(path(rel));
    expect([d.format, d.taskType, d.examples.length]).toEqual([format, taskType, n]);
  });

  test('traffic examples are observed and their truth matches the reference gold', () => {
    const traffic = readDataset(path('rulechef-benchmarks/benchmarks/results/sample_traffic_banking77.jsonl')).examples;
    const gold = readDataset(path('rulechef-benchmarks/reference/banking77_gold.jsonl')).examples;
    expect(traffic.every((e) => e.source === 'observed')).toBe(true);
    expect(traffic.map((e) => [e.text, e.truth?.label])).toEqual(gold.map((e) => [e.text, e.label]));
  });
});
