import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { INTENT_ROWS } from '../helpers/fixtures.js';
import { useTempDir } from '../helpers/temp.js';

describe('an evaluation that asks to reuse a recorded run', () => {
  const tmp = useTempDir();

  test('reuses the run of the same data, rules and config, and records one when any of them moved', async () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    writeFileSync(tmp.path('d.jsonl'), INTENT_ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
    ws.importFile(tmp.path('d.jsonl'), { create: { name: 'intents', type: 'classification' } });
    await ws.dataset().addRule({ name: 'refund', pattern: 'refund', label: 'refund' });
    const first = await ws.dataset().evaluate({ reuse: true });
    const runs = () => ws.dataset().listRuns({ kind: 'eval' }).runs.map((r) => r.id);
    expect((await ws.dataset().evaluate({ reuse: true })).run_id).toBe(first.run_id);
    expect(runs()).toEqual([first.run_id]);
    const dev = await ws.dataset().evaluate({ reuse: true, split: 'dev' });
    expect(dev.run_id).not.toBe(first.run_id);
    await ws.dataset().setRuleStatus('refund', 'disabled');
    const moved = await ws.dataset().evaluate({ reuse: true });
    expect(runs()).toEqual([moved.run_id, dev.run_id, first.run_id]);
    // Without reuse (the CLI's `eval`), every run is recorded.
    expect((await ws.dataset().evaluate()).run_id).toBeGreaterThan(moved.run_id);
    ws.close();
  });
});
