import { describe, expect, test } from 'vitest';
import { Store } from '../../src/store/index.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runBin, runCli } from './helpers.js';
import { cardWorkspace } from '../helpers/fixtures.js';

describe('prune and undo commands', () => {
  const tmp = useTempDir();
  const statuses = (db: string) => {
    const store = Store.open(db);
    try {
      const d = store.datasets.getByName('intents')!;
      return Object.fromEntries(store.rules.list(d.id).map((r) => [r.id, r.status]));
    } finally {
      store.close();
    }
  };

  test('dry run, then --apply, then undo, through the real binary', async () => {
    const db = tmp.path('w.db');
    cardWorkspace(db).close();
    const dry = await runBin(['prune', '--db', db]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^dry run · intents · judged on dev \(5 examples, text matching\)/);
    expect(dry.stdout).toMatch(/1\s+card\s+card\s+harmful\s+0\.4000\s+0\.8889\s+\+0\.4889/);
    expect(dry.stdout).toContain('F1 0.4000 → 0.8889 with 1 rule removed');
    expect(statuses(db).card).toBe('active');

    const applied = json<{ applied: boolean; op_id: number; removed: string[]; f1_before: number; f1_after: number; steps: unknown[] }>(
      await runBin(['prune', '--apply', '--dead', '--json', '--db', db]),
    );
    expect(applied).toMatchObject({ applied: true, removed: ['never', 'card'], f1_before: 0.4, f1_after: 8 / 9 });
    expect(applied.steps).toHaveLength(2);
    expect(statuses(db)).toMatchObject({ card: 'disabled', never: 'disabled' });

    const undone = await runBin(['undo', '--db', db]);
    expect(undone.code).toBe(0);
    expect(undone.stdout).toContain(`undid prune op ${applied.op_id} in intents: 2 rules restored`);
    expect(statuses(db)).toMatchObject({ card: 'active', never: 'active' });
    const again = await runBin(['undo', '--db', db]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/nothing to undo/);
  });

  test('--json has the documented keys and --duplicates keeps the first copy', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const r = json<Record<string, unknown>>(await runCli(['prune', '--duplicates', '--json', '--db', tmp.path('w.db')]));
    expect(Object.keys(r)).toEqual(expect.arrayContaining(['f1_before', 'f1_after', 'removed', 'steps', 'elapsed_ms', 'applied', 'op_id']));
    expect(r.removed).toEqual(['refund-copy', 'card']);
  });

  test.each([['-1'], ['x'], ['']])('--tolerance %j is a usage error', async (t) => {
    cardWorkspace(tmp.path('w.db')).close();
    const r = await runCli(['prune', '--tolerance', t, '--db', tmp.path('w.db')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--tolerance must be a number ≥ 0/);
  });

  test('a large tolerance prunes nothing', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const r = json<{ removed: string[]; tolerance: number }>(await runCli(['prune', '--tolerance', '0.5', '--json', '--db', tmp.path('w.db')]));
    expect(r).toMatchObject({ removed: [], tolerance: 0.5 });
  });
});
