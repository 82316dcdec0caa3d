import { writeFileSync } from 'node:fs';
import { Rule, type RuleInput } from '../../src/core/schemas/rule.js';
import { Workspace } from '../../src/service/index.js';

/**
 * A small intent dataset: train and dev splits, and rules with a clear story on dev: `refund`
 * is right, `card` says refund for anything with "card" (harmful), `lost` is right, `never`
 * never fires, `refund-copy` duplicates `refund`.
 */
export const ROWS = [
  { id: 't1', text: 'refund my money', label: 'refund', split: 'train' },
  { id: 't2', text: 'lost my card', label: 'lost', split: 'train' },
  { id: 'd1', text: 'refund the card payment', label: 'refund', split: 'dev' },
  { id: 'd2', text: 'card lost yesterday', label: 'lost', split: 'dev' },
  { id: 'd3', text: 'my card is lost', label: 'lost', split: 'dev' },
  { id: 'd4', text: 'please refund', label: 'refund', split: 'dev' },
  { id: 'd5', text: 'card declined', label: 'declined', split: 'dev' },
  { id: 'x1', text: 'refund refund', label: 'refund', split: 'test' },
];

export const rule = (id: string, pattern: string, label: string, extra: Partial<RuleInput> = {}): Rule =>
  Rule.parse({ id, name: id, format: 'regex', pattern, output: { label }, ...extra });

export const RULES = [
  rule('refund', 'refund', 'refund', { priority: 3 }),
  rule('card', 'card', 'refund', { priority: 2 }),
  rule('lost', 'lost', 'lost', { priority: 1 }),
  rule('never', 'zebra', 'lost'),
  rule('refund-copy', 'refund', 'refund', { priority: 0 }),
];

/** A workspace with the dataset `intents` (ROWS) and RULES. */
export function intentWorkspace(db: string, rows: object[] = ROWS, rules: Rule[] = RULES): Workspace {
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
