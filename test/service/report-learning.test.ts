import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { latestLearning } from '../../src/service/report-learning.js';
import { newRun } from '../helpers/runs.js';
import { useTempDir } from '../helpers/temp.js';

describe('latestLearning', () => {
  const tmp = useTempDir();
  const open = () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'd', type: 'classification' });
    return ws;
  };
  const stage = { stage: 'synthesis', rules: 2, precision: 0.5, recall: 0.25, f1: 1 / 3, llm_calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };

  test.each([
    ['a failed run says why, with no stages', newRun('learn'), { status: 'failed', error: 'test', proposer: 'offline', judged_on: 'dev', stages: [] }],
    [
      'a finished run plots its stages (their figures only)',
      newRun('learn', {
        result: {
          status: 'ok',
          proposer: 'llm',
          model: 'm',
          rounds_run: 0,
          split: { judged_on: 'train', train: 4, dev: 0, created: null },
          stages: [stage],
          decisions: [],
          rules: { active: 2, added: [], changed: [], disabled: [], proposed: [], rejected: [] },
          feedback_applied: [],
          feedback_open: [],
          corrections: { total: 0, holding: 0, open: [] },
          llm: { calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 },
          notes: [],
        } as never,
      }),
      { status: 'ok', error: null, proposer: 'llm', model: 'm', judged_on: 'train', stages: [{ stage: 'synthesis', rules: 2, precision: 0.5, recall: 0.25, f1: 1 / 3 }] },
    ],
  ])('%s', (_what, run, shown) => {
    const ws = open();
    const d = ws.store.datasets.getByName('d')!;
    const recorded = ws.store.runs.insert(d.id, run);
    expect(latestLearning(ws.store, d)).toEqual({ run_id: recorded.id, created_at: recorded.created_at, model: null, ...shown });
    ws.close();
  });

  test('a learn run recorded by another version shows as unreadable, with no stages, instead of failing the report', () => {
    const ws = open();
    const d = ws.store.datasets.getByName('d')!;
    const run = ws.store.runs.insert(d.id, newRun('learn'));
    ws.store.db.prepare('UPDATE runs SET result = ? WHERE id = ?').run(JSON.stringify({ stages: 'many' }), run.id);
    expect(latestLearning(ws.store, d)).toEqual({ run_id: run.id, created_at: run.created_at, proposer: null, model: null, judged_on: null, status: 'unreadable', error: null, stages: [] });
    ws.close();
  });
});

describe('latestLearning: the run that changed rules', () => {
  const tmp = useTempDir();
  const result = (added: string[]) =>
    ({
      status: 'ok',
      proposer: 'offline',
      model: null,
      rounds_run: 0,
      split: { judged_on: 'dev', train: 4, dev: 2, created: null },
      stages: [{ stage: 'synthesis', rules: added.length, precision: 0.5, recall: 0.25, f1: 1 / 3, llm_calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 }],
      decisions: [],
      rules: { active: 2, added, changed: [], disabled: [], proposed: [], rejected: [] },
      feedback_applied: [],
      feedback_open: [],
      corrections: { total: 0, holding: 0, open: [] },
      llm: { calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 },
      notes: [],
    }) as never;

  test('skips newer learn runs that changed no rule, and says how many', () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'd', type: 'classification' });
    const d = ws.store.datasets.getByName('d')!;
    const changing = ws.store.runs.insert(d.id, newRun('learn', { result: result(['r1', 'r2']) }));
    ws.store.runs.insert(d.id, newRun('learn', { result: result([]) }));
    ws.store.runs.insert(d.id, newRun('learn', { result: result([]) }));
    expect(latestLearning(ws.store, d)).toMatchObject({ run_id: changing.id, later_unchanged: 2 });
    ws.close();
  });
});
