import { writeFileSync } from 'node:fs';
import { Example, type ExampleInput } from '../../src/core/schemas/example.js';
import type { Rule } from '../../src/core/schemas/rule.js';
import { Task } from '../../src/core/schemas/task.js';
import { Workspace } from '../../src/service/index.js';
import { Store } from '../../src/store/index.js';
import { rule } from './rules.js';

// The intent datasets the tests share. Each has a story its tests rely on: change a row and
// the figures asserted in several files move.

/** A small intent dataset with a fixed split, so which patch helps on dev is known. */
export const INTENT_ROWS: ExampleInput[] = [
  ...['I want a refund for my order', 'please refund me', 'refund my money now', 'how do I get a refund', 'refund request for order 12', 'my refund is late'].map(
    (text, i) => ({ id: `r${i}`, text, label: 'refund', split: 'train' as const }),
  ),
  ...['can I get my money back', 'give me my money back'].map((text, i) => ({ id: `rm${i}`, text, label: 'refund', split: 'train' as const })),
  ...['hello there', 'hi, how are you', 'good morning, hello', 'hey hello', 'hello, anyone there?', 'hi team'].map((text, i) => ({
    id: `g${i}`,
    text,
    label: 'greet',
    split: 'train' as const,
  })),
  ...['cancel my subscription', 'please cancel the order', 'I want to cancel', 'cancel everything', 'cancel it now', 'how to cancel my plan'].map(
    (text, i) => ({ id: `c${i}`, text, label: 'cancel', split: 'train' as const }),
  ),
  { id: 'd-r1', text: 'refund please', label: 'refund', split: 'dev' },
  { id: 'd-r2', text: 'I would like my money back', label: 'refund', split: 'dev' },
  { id: 'd-r3', text: 'money back now', label: 'refund', split: 'dev' },
  { id: 'd-g1', text: 'hello friends', label: 'greet', split: 'dev' },
  { id: 'd-g2', text: 'hi there', label: 'greet', split: 'dev' },
  { id: 'd-c1', text: 'cancel the plan', label: 'cancel', split: 'dev' },
  { id: 'd-c2', text: 'please cancel', label: 'cancel', split: 'dev' },
  { id: 't-1', text: 'refund my order', label: 'refund', split: 'test' },
];

/** A store with the dataset `intents` (INTENT_ROWS), in `path`. */
export function intentStore(path: string, rows: readonly ExampleInput[] = INTENT_ROWS): { store: Store; datasetId: number } {
  const store = Store.open(path, { create: true });
  const d = store.datasets.insert(Task.parse({ name: 'intents', type: 'classification', labels: ['refund', 'greet', 'cancel'], description: 'customer intents' }));
  store.transaction(() => store.examples.insertMany(d.id, rows.map((r) => Example.parse(r))));
  return { store, datasetId: d.id };
}

/**
 * A small intent dataset: train and dev splits, and rules with a clear story on dev: `refund`
 * is right, `card` says refund for anything with "card" (harmful), `lost` is right, `never`
 * never fires, `refund-copy` duplicates `refund`.
 */
export const CARD_ROWS = [
  { id: 't1', text: 'refund my money', label: 'refund', split: 'train' },
  { id: 't2', text: 'lost my card', label: 'lost', split: 'train' },
  { id: 'd1', text: 'refund the card payment', label: 'refund', split: 'dev' },
  { id: 'd2', text: 'card lost yesterday', label: 'lost', split: 'dev' },
  { id: 'd3', text: 'my card is lost', label: 'lost', split: 'dev' },
  { id: 'd4', text: 'please refund', label: 'refund', split: 'dev' },
  { id: 'd5', text: 'card declined', label: 'declined', split: 'dev' },
  { id: 'x1', text: 'refund refund', label: 'refund', split: 'test' },
];

export const CARD_RULES = [
  rule('refund', 'refund', 'refund', { priority: 3 }),
  rule('card', 'card', 'refund', { priority: 2 }),
  rule('lost', 'lost', 'lost', { priority: 1 }),
  rule('never', 'zebra', 'lost'),
  rule('refund-copy', 'refund', 'refund', { priority: 0 }),
];

/** A workspace with the dataset `intents` (CARD_ROWS, through the real importer) and CARD_RULES. */
export function cardWorkspace(db: string, rows: object[] = CARD_ROWS, rules: Rule[] = CARD_RULES): Workspace {
  const ws = Workspace.open({ db, create: true });
  ws.createDataset({ name: 'intents', type: 'classification' });
  const d = ws.dataset('intents');
  // Through the real importer, as a user would.
  const file = `${db}.jsonl`;
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  ws.importFile(file, { dataset: 'intents' });
  for (const r of rules) ws.store.rules.insert(d.id, r);
  return ws;
}

/**
 * Intents for scoring: four test examples, of which the refund and cancel rules get three, and
 * one dev example.
 */
export const EVAL_ROWS = [
  { id: 'q1', text: 'refund my order', label: 'refund', split: 'test' },
  { id: 'q2', text: 'I want a refund', label: 'refund', split: 'test' },
  { id: 'q3', text: 'cancel my plan', label: 'cancel', split: 'test' },
  { id: 'q4', text: 'hello there', label: 'greet', split: 'test' },
  { id: 'q5', text: 'cancel it', label: 'cancel', split: 'dev' },
];
