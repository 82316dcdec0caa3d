import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Judge } from '../../src/core/matchers/types.js';
import { Workspace } from '../../src/service/index.js';
import { useTempDir } from '../helpers/temp.js';

const amount = (i: number) => `${10 + i}.${i % 2 ? '50' : '05'}`;
const ROWS = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, input: { text: `Shop ${i} TOTAL ${amount(i)} thanks` }, output: { total: amount(i) } }));

describe('learning under the task’s own matchers', () => {
  const tmp = useTempDir();

  test('an llm_rubric field: the judge grades each pair once per run, pruning still runs, and the inducer says what it searched with', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('r.jsonl'), ROWS.map((r) => JSON.stringify(r)).join('\n'));
    ws.importFile(tmp.path('r.jsonl'), { create: { name: 'receipts' } });
    ws.updateTask({ matchers: { total: '{"name": "llm_rubric", "options": {"criterion": "the same amount"}}' } });
    const asked: string[] = [];
    const judge: Judge = {
      async grade(_criterion, gold, predicted) {
        asked.push(JSON.stringify([gold, predicted]));
        return { score: Number(gold) === Number(predicted) ? 1 : 0, reason: 'compared as numbers' };
      },
    };
    const r = await ws.learn({ offline: true, env: {}, context: { judge } });
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked).size).toBe(asked.length);
    expect(r.stages.at(-1)).toMatchObject({ stage: 'pruning', f1: 1 });
    expect(r.decisions.some((d) => /pruning skipped/.test(d.reason))).toBe(false);
    expect(r.notes).toContainEqual(expect.stringMatching(/offline inducer searched with the default comparison for total/));
    ws.close();
  });

  test('a matcher module that does not load fails the run before anything is written', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('r.jsonl'), ROWS.map((r) => JSON.stringify(r)).join('\n'));
    ws.importFile(tmp.path('r.jsonl'), { create: { name: 'receipts' } });
    await expect(ws.learn({ offline: true, env: {}, matchers: tmp.path('missing.mjs') })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const d = ws.dataset('receipts');
    expect(ws.store.examples.count(d.id, { split: 'dev' })).toBe(0);
    expect(ws.store.runs.list(d.id)).toEqual([]);
    ws.close();
  });
});
