import { describe, expect, test } from 'vitest';
import { Workspace } from '../../../src/service/index.js';
import { evalRuns, latestEval } from '../../../tui/data/eval.js';
import { newRun } from '../../helpers/runs.js';
import { useTempDir } from '../../helpers/temp.js';

describe('recorded evaluations in the terminal UI', () => {
  const tmp = useTempDir();

  test('the newest eval run shows its typed report; one recorded by another version is neither shown nor offered as a baseline', () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'd', type: 'classification' });
    const id = ws.dataset().id;
    const first = ws.store.runs.insert(id, newRun('eval'));
    expect(latestEval(ws.dataset())).toMatchObject({ run_id: first.id, report: first.result.report, stored: true });
    const old = ws.store.runs.insert(id, newRun('eval'));
    ws.store.db.prepare('UPDATE runs SET result = ? WHERE id = ?').run('{"report":{}}', old.id);
    expect(latestEval(ws.dataset())).toBeNull();
    expect(evalRuns(ws.dataset()).map((r) => r.id)).toEqual([first.id]);
    ws.close();
  });
});
