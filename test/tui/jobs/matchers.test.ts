import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Workspace } from '../../../src/service/index.js';
import { InlineJobRunner } from '../../../tui/jobs/inline-runner.js';
import { runTui } from '../../../tui/run.js';
import { useTempDir } from '../../helpers/temp.js';

const amount = (i: number) => `${10 + i}.${i % 2 ? '50' : '05'}`;

/** Receipts whose task names `same_number`, a matcher only a user module provides. */
async function receipts(dir: (n: string) => string): Promise<{ ws: Workspace; module: string }> {
  const rows = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, input: { text: `TOTAL ${amount(i)}` }, output: { total: amount(i) }, split: i < 8 ? 'train' : 'dev' }));
  writeFileSync(dir('r.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n'));
  const module = dir('m.mjs');
  writeFileSync(module, 'export const matchers = { same_number: (g, p) => ({ score: 1, passed: Number(g) === Number(p), reason: "as numbers" }) };\n');
  const ws = Workspace.open({ db: dir('w.db'), create: true });
  ws.importFile(dir('r.jsonl'), { create: { name: 'receipts' } });
  await ws.addRule({ id: 'total', name: 'total', pattern: 'TOTAL (\\d+\\.\\d\\d)', group: '$1', label: 'total' });
  ws.updateTask({ matchers: { total: 'same_number' } });
  return { ws, module };
}

describe('the TUI’s jobs under a matcher module', () => {
  const tmp = useTempDir();

  test.each([
    ['metrics', {}],
    ['rank', {}],
    ['prune', {}],
    ['eval', {}],
    ['examples', {}],
    ['preview', { ruleId: 'total', pattern: 'TOTAL (\\d+\\.\\d+)' }],
  ] as const)('%s scores with the module given to the runner, and names --matchers without it', async (kind, args) => {
    const { ws, module } = await receipts(tmp.path);
    const without = new InlineJobRunner(ws, 'receipts');
    await expect(without.run(kind, args).promise).rejects.toMatchObject({ message: expect.stringMatching(/unknown matcher "same_number".*--matchers/) });
    const withModule = new InlineJobRunner(ws, 'receipts', module);
    const result = await withModule.run<Record<string, unknown>>(kind, args).promise;
    expect(result).toBeTruthy();
    if (kind === 'eval') expect(result).toMatchObject({ micro: { tp: 4, fp: 0, fn: 0 } });
    ws.close();
  });

  test('runTui refuses a module that is not there before drawing anything', async () => {
    const { ws } = await receipts(tmp.path);
    ws.close();
    let drawn = '';
    const stdout = { isTTY: false, columns: 80, rows: 24, write: (s: string) => ((drawn += s), true), on: () => stdout, off: () => stdout } as unknown as NodeJS.WriteStream;
    await expect(runTui({ db: tmp.path('w.db'), matchers: 'missing.mjs', cwd: tmp.dir(), stdout })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(drawn).toBe('');
  });
});
