import { describe, expect, test } from 'vitest';
import { Store } from '../../src/store/index.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runBin, runCli } from './helpers.js';
import { CARD_ROWS, CARD_RULES, cardWorkspace } from '../helpers/fixtures.js';
import { rule } from '../helpers/rules.js';

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

  test('--dead keeps a rule dead on dev that fires right on train, and says so; --dead-on-dev prunes it anyway', async () => {
    const db = tmp.path('w.db');
    // "money" fires only on t1, a train refund; "never" fires nowhere.
    cardWorkspace(db, CARD_ROWS, [...CARD_RULES, rule('money', 'money', 'refund', { priority: 4 })]).close();
    const dry = await runCli(['prune', '--dead', '--db', db]);
    expect(dry.stdout).toContain('note: kept rule money (money): dead on 5 dev examples, 1 true positive on train');
    expect(dry.stdout).toContain('note: dead means dead on dev and train: `--dead-on-dev` prunes it anyway');
    expect(dry.stdout).toMatch(/F1 0\.4000 → 0\.8889 with 2 rules removed, decided by 3 of 5 dev examples/);
    expect(dry.stdout).toMatch(/card\s+card\s+harmful\s+0\.4000\s+0\.8889\s+\+0\.4889\s+3 of 5/);
    const kept = json<{ removed: string[]; kept_dead: unknown[]; decided_by: number }>(await runCli(['prune', '--dead', '--json', '--db', db]));
    expect(kept).toMatchObject({ removed: ['never', 'card'], decided_by: 3, kept_dead: [{ rule_id: 'money', name: 'money', label: 'refund', train_tp: 1, train_fp: 0 }] });
    const all = json<{ removed: string[]; kept_dead: unknown[] }>(await runCli(['prune', '--dead', '--dead-on-dev', '--json', '--db', db]));
    expect(all).toMatchObject({ removed: ['money', 'never', 'card'], kept_dead: [] });
    expect((await runCli(['prune', '--dead', '--dead-on-dev', '--db', db])).stdout).toMatch(/Next: rulewright prune --apply --dead --dead-on-dev --db \S+ disables 3 rules/);
  });

  test('a gain decided by one dev example is flagged as too few to trust', async () => {
    const db = tmp.path('w.db');
    // "declined" calls d5 refund; removing it changes d5 alone.
    cardWorkspace(db, CARD_ROWS, [rule('refund', 'refund', 'refund'), rule('lost', 'lost', 'lost'), rule('declined', 'declined', 'refund')]).close();
    const dry = await runCli(['prune', '--db', db]);
    expect(dry.stdout).toMatch(/with 1 rule removed, decided by 1 of 5 dev examples/);
    expect(dry.stdout).toMatch(/note: dev F1 \+0\.\d{3}, decided by 1 example of 5: too few to tell a real gain from chance/);
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
