/**
 * Classification cases on the shared sets, read with rulewright's own importers (src/formats), so
 * the examples are what a user who runs `import` gets:
 *
 * - `b77-77`: Banking77, all 77 classes; official train.csv / test.csv; dev = a stratified 20% of train.
 * - `trec6` / `trec50`: TREC coarse (6) and fine (50) labels; official train_5500.label / TREC_10.label
 *   (ASCII, PTB-tokenised questions); dev = a stratified 20% of train.
 * - `b77-5x5`: Banking77 on the five RuleChef classes, 5 train examples per class drawn with seed 42,
 *   NO dev rows (a few-shot user has none), tested on all official test rows of those classes.
 */
import { readDataset } from '../../../src/formats/index.js';
import { mulberry32, shuffle } from '../../../src/core/random.js';
import { Task } from '../../../src/core/schemas/task.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { shared } from '../../helpers/shared.js';
import { BENCH_SEED, carve, withSplit } from './splits.js';
import type { BenchCase } from './types.js';

/** The five Banking77 classes RuleChef benchmarks on (test/learn/induce/datasets.ts uses the same). */
const B77_FIVE = ['beneficiary_not_allowed', 'disposable_card_limits', 'exchange_rate', 'pending_card_payment', 'pending_cash_withdrawal'];

const need = (rel: string): string => {
  const p = shared(rel);
  if (!p) throw new Error(`shared dataset ${rel} not found: set RULEWRIGHT_SHARED_DATASETS`);
  return p;
};

const sortedLabels = (es: readonly Example[]): string[] => [...new Set(es.map((e) => e.label!))].sort();

function b77Rows(): { train: Example[]; test: Example[] } {
  const read = (file: string, prefix: string) => readDataset(need(`banking77/${file}`), { format: 'csv', idPrefix: prefix }).examples;
  return { train: read('train.csv', 'train-'), test: withSplit(read('test.csv', 'test-'), 'test') };
}

function classificationCase(name: string, all: { train: Example[]; test: Example[] }, notes: string[]): BenchCase {
  const { train, dev } = carve(all.train, 0.2);
  const labels = sortedLabels([...all.train, ...all.test]);
  const task = Task.parse({ name, type: 'classification', labels });
  return { name, task, train, dev, test: all.test, notes: [`${name}: official train/test; dev = stratified 20% of train (src/core/split.ts, seed ${BENCH_SEED}); ${labels.length} classes`, ...notes] };
}

export function loadB77All(): BenchCase {
  return classificationCase('b77-77', b77Rows(), []);
}

export function loadTrec(level: 'coarse' | 'fine'): BenchCase {
  const read = (file: string, prefix: string) => readDataset(need(`trec/${file}`), { format: 'trec', trecLabel: level, idPrefix: prefix }).examples;
  const name = level === 'coarse' ? 'trec6' : 'trec50';
  return classificationCase(name, { train: read('train_5500.label', 'train-'), test: withSplit(read('TREC_10.label', 'test-'), 'test') }, []);
}

/** 5 train examples per class of the five RuleChef classes (seeded shuffle per class), no dev. */
export function loadB77FewShot(perClass = 5): BenchCase {
  const all = b77Rows();
  const train: Example[] = [];
  B77_FIVE.forEach((c, i) => {
    const xs = all.train.filter((e) => e.label === c).sort((a, b) => (a.id < b.id ? -1 : 1));
    train.push(...withSplit(shuffle(xs, mulberry32(BENCH_SEED + i)).slice(0, perClass), 'train'));
  });
  const test = all.test.filter((e) => B77_FIVE.includes(e.label!));
  const task = Task.parse({ name: 'b77-5x5', type: 'classification', labels: B77_FIVE });
  return {
    name: 'b77-5x5',
    task,
    train,
    dev: [],
    test,
    notes: [`b77-5x5: ${perClass} train rows per class of ${B77_FIVE.join(', ')} (seed ${BENCH_SEED}), no dev rows; test = the ${test.length} official test rows of those classes`],
  };
}
