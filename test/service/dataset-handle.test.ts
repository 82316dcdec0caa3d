import { rmSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { DatasetHandle } from '../../src/service/index.js';
import { DATASET_API, Workspace } from '../../src/service/index.js';
import { receiptsWorkspace } from '../helpers/receipts.js';
import { useTempDir } from '../helpers/temp.js';

/** Scoring calls of a handle, each checked for what only the module's matcher can give. */
const SCORING: [string, (d: DatasetHandle) => Promise<unknown>, object][] = [
  ['evaluate', (d) => d.evaluate({ split: 'dev' }), { micro: { tp: 4, fp: 0, fn: 0 } }],
  ['metrics', (d) => d.metrics(), { f1: 1 }],
  ['rank', (d) => d.rank(), { rules: [{ id: 'total', solo_f1: 1 }] }],
  ['prune', (d) => d.prune(), { removed: [] }],
  ['exampleOutcomes', (d) => d.exampleOutcomes({ split: 'dev' }), { counts: { correct: 4 } }],
  ['previewRuleEdit', (d) => d.previewRuleEdit({ ruleId: 'total', pattern: 'TOTAL (\\d+\\.\\d+)' }), { valid: true, after: { f1: 1 } }],
  ['report', (d) => d.report({ out: 'r.html' }), { f1: 1 }],
];

describe('a dataset handle', () => {
  const tmp = useTempDir();

  test.each(SCORING)('loads its matcher module once: %s still scores with it after the file is gone', async (_name, call, expected) => {
    const { ws, module } = await receiptsWorkspace(tmp.path);
    ws.close();
    const ws2 = Workspace.open({ db: tmp.path('w.db'), cwd: tmp.dir() });
    const d = ws2.dataset('receipts', { matchers: 'm.mjs' });
    expect(await d.matchersModule()).toMatchObject({ path: module, names: ['same_number'] });
    rmSync(module);
    expect(await call(d)).toMatchObject(expected);
    // A one-off call loads the module afresh, so it is missing now.
    await expect(ws2.dataset(undefined, { matchers: 'm.mjs' }).evaluate()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    ws2.close();
  });

  test('opened without a name, it keeps the only dataset there was when another one is added', async () => {
    const { ws } = await receiptsWorkspace(tmp.path);
    const d = ws.dataset();
    expect(d.listRules().dataset).toBe('receipts');
    ws.createDataset({ name: 'other', type: 'classification' });
    expect(d.listRules().rules.map((r) => r.id)).toEqual(['total']);
    expect(d.showTask().dataset).toBe('receipts');
    expect(() => ws.dataset().listRules()).toThrow(/2 datasets \(other, receipts\): make one current with `rulewright use other`, or pass --dataset NAME/);
    ws.close();
  });

  test('a name that does not resolve fails each call with the names there are, not the opening', async () => {
    const { ws } = await receiptsWorkspace(tmp.path);
    const d = ws.dataset('nope');
    expect(() => d.listRules()).toThrow(/no dataset "nope" in .*: the datasets are receipts/);
    expect(() => d.name).toThrow(/no dataset "nope"/);
    await expect(d.evaluate()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    ws.close();
  });

  test('reads its task afresh, so a change made through it shows in the next call', async () => {
    const { ws } = await receiptsWorkspace(tmp.path);
    const d = ws.dataset('receipts');
    expect(d.task.description).toBe('');
    d.updateTask({ description: 'receipt totals' });
    expect(d.task.description).toBe('receipt totals');
    expect(d.showTask().task.description).toBe('receipt totals');
    expect(d.summary()).toMatchObject({ name: 'receipts', examples: 12, description: 'receipt totals' });
    ws.close();
  });

  test('takes cwd and env from the workspace unless it is given its own', async () => {
    const { ws } = await receiptsWorkspace(tmp.path);
    ws.close();
    const elsewhere = Workspace.open({ db: tmp.path('w.db'), cwd: '/' });
    await expect(elsewhere.dataset('receipts', { matchers: 'm.mjs' }).evaluate()).rejects.toMatchObject({ message: expect.stringContaining('no matcher module at /m.mjs') });
    expect(await elsewhere.dataset('receipts', { matchers: 'm.mjs', cwd: tmp.dir() }).evaluate({ split: 'dev' })).toMatchObject({ micro: { tp: 4 } });
    elsewhere.close();
  });

  test.each(Object.entries(DATASET_API).map(([name, row]) => [name, row.kind] as const))(
    'has one method per row of the table: %s (%s) fails as its kind says on a dataset that does not resolve',
    async (name, kind) => {
      const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
      ws.createDataset({ name: 'receipts', type: 'transformation' });
      const d = ws.dataset('nope') as unknown as Record<string, (...args: unknown[]) => unknown>;
      expect(typeof d[name]).toBe('function');
      const missing = { code: 'NOT_FOUND', message: expect.stringMatching(/no dataset "nope"/) };
      if (kind === 'plain') expect(() => d[name]!()).toThrow(expect.objectContaining(missing));
      else await expect(d[name]!()).rejects.toMatchObject(missing);
      ws.close();
    },
  );
});
