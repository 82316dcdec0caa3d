/**
 * Span and field cases on the shared sets, read with rulewright's own importers (src/formats):
 *
 * - `r8k`: Restaurant-8k slots; train = train_0.json (the full training set; train_1..8 are nested
 *   subsets of it), test = test.json; dev = a stratified 20% of train; `exact` matching; each
 *   example keeps its requested slot in `meta.requested_slots`, as the importer stores it.
 * - `wnut17`: WNUT-17, official train / dev / test CoNLL files; `exact` matching.
 * - `tab`: TAB's 127 ECHR documents with only CODE, DATETIME and QUANTITY kept as gold, split by
 *   document 60/20/20 (stratified, seed 42: TAB's own train/dev splits are not shared); `text`
 *   matching, as test/bench/induce.bench.ts compares with RuleChef.
 * - `sroie`: SROIE's 626 receipts as a transformation task (OCR lines joined by newlines ->
 *   company, date, address, total; exact values), split 60/20/20 (stratified by filled fields,
 *   seed 42): the shared receipts are the competition's training set only.
 */
import { readDataset } from '../../../src/formats/index.js';
import { Task } from '../../../src/core/schemas/task.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { shared } from '../../helpers/shared.js';
import { BENCH_SEED, carve, withSplit } from './splits.js';
import type { BenchCase } from './types.js';

const TAB_FORMAT_LABELS = ['CODE', 'DATETIME', 'QUANTITY'];

const need = (rel: string): string => {
  const p = shared(rel);
  if (!p) throw new Error(`shared dataset ${rel} not found: set RULEWRIGHT_SHARED_DATASETS`);
  return p;
};

const spanLabels = (es: readonly Example[]): string[] => [...new Set(es.flatMap((e) => (e.spans ?? []).map((s) => s.label)))].sort();

export function loadRestaurant8k(): BenchCase {
  const read = (file: string, prefix: string) => readDataset(need(`restaurant8k/${file}`), { format: 'restaurant8k', idPrefix: prefix }).examples;
  const pool = read('train_0.json', 'train-');
  const test = withSplit(read('test.json', 'test-'), 'test');
  const { train, dev } = carve(pool, 0.2);
  const task = Task.parse({ name: 'r8k', type: 'extraction', labels: spanLabels([...pool, ...test]), matching: { mode: 'exact' } });
  const withSlot = pool.filter((e) => e.meta?.requested_slots !== undefined).length;
  return {
    name: 'r8k',
    task,
    train,
    dev,
    test,
    notes: [`r8k: train_0 (full train) / test; dev = stratified 20% of train (seed ${BENCH_SEED}); exact offsets; ${withSlot} train rows keep meta.requested_slots`],
  };
}

export function loadWnut17(): BenchCase {
  const read = (file: string, prefix: string, split: Example['split']) => withSplit(readDataset(need(`wnut17/${file}`), { format: 'conll', taskType: 'ner', idPrefix: prefix }).examples, split);
  const train = read('wnut17train.conll', 'train-', 'train');
  const dev = read('emerging.dev.conll', 'dev-', 'dev');
  const test = read('emerging.test.annotated', 'test-', 'test');
  const task = Task.parse({ name: 'wnut17', type: 'ner', labels: spanLabels([...train, ...dev, ...test]), matching: { mode: 'exact' } });
  return { name: 'wnut17', task, train, dev, test, notes: ['wnut17: official train / dev / test; exact offsets'] };
}

/** TAB's documents (texts and all gold spans) as the importer reads the shared folder. */
export function loadTabDocuments(): Example[] {
  return readDataset(need('tab'), { format: 'tab' }).examples;
}

export function loadTabFormat(): BenchCase {
  const docs = loadTabDocuments().map((e) => ({ ...e, spans: (e.spans ?? []).filter((s) => TAB_FORMAT_LABELS.includes(s.label)) }));
  const { train, dev, test } = carve(docs, 0.2, 0.2);
  const task = Task.parse({ name: 'tab', type: 'ner', labels: TAB_FORMAT_LABELS });
  return { name: 'tab', task, train, dev, test, notes: [`tab: 127 documents, CODE/DATETIME/QUANTITY gold only, split by document 60/20/20 (stratified, seed ${BENCH_SEED}); text matching`] };
}

const SROIE_FIELDS = ['company', 'date', 'address', 'total'];

export function loadSroie(): BenchCase {
  const receipts = readDataset(need('sroie'), { format: 'sroie' }).examples;
  const { train, dev, test } = carve(receipts, 0.2, 0.2);
  const task = Task.parse({ name: 'sroie', type: 'transformation', labels: SROIE_FIELDS, text_field: 'text' });
  return { name: 'sroie', task, train, dev, test, notes: [`sroie: 626 receipts, input.text = OCR lines joined by newlines, fields ${SROIE_FIELDS.join('/')} compared exactly; split 60/20/20 (stratified by filled fields, seed ${BENCH_SEED})`] };
}
