import { writeFileSync } from 'node:fs';
import { Workspace } from '../../src/service/index.js';

const amount = (i: number) => `${10 + i}.${i % 2 ? '50' : '05'}`;

/**
 * A workspace (`w.db` in `dir`) with the dataset `receipts`, whose task names `same_number`: a
 * matcher only the user module `m.mjs` (beside it) provides. Its one rule gets every dev total.
 */
export async function receiptsWorkspace(dir: (name: string) => string): Promise<{ ws: Workspace; module: string }> {
  const rows = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, input: { text: `TOTAL ${amount(i)}` }, output: { total: amount(i) }, split: i < 8 ? 'train' : 'dev' }));
  writeFileSync(dir('r.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n'));
  const module = dir('m.mjs');
  writeFileSync(module, 'export const matchers = { same_number: (g, p) => ({ score: 1, passed: Number(g) === Number(p), reason: "as numbers" }) };\n');
  const ws = Workspace.open({ db: dir('w.db'), create: true });
  ws.importFile(dir('r.jsonl'), { create: { name: 'receipts' } });
  const d = ws.dataset();
  await d.addRule({ id: 'total', name: 'total', pattern: 'TOTAL (\\d+\\.\\d\\d)', group: '$1', label: 'total' });
  d.updateTask({ matchers: { total: 'same_number' } });
  return { ws, module };
}
