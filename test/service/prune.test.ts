import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { CARD_ROWS, cardWorkspace } from '../helpers/fixtures.js';

describe('prune service', () => {
  const tmp = useTempDir();
  const statuses = (ws: ReturnType<typeof cardWorkspace>) =>
    Object.fromEntries(ws.store.rules.list(ws.dataset().id).map((r) => [r.id, r.status]));

  test('a dry run shows each step with F1 before and after, changes nothing, and is recorded', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const before = statuses(ws);
    const r = await ws.dataset().prune();
    expect([r.split, r.f1_before, r.f1_after, r.removed, r.applied, r.op_id]).toEqual(['dev', 0.4, 8 / 9, ['card'], false, null]);
    expect(r.steps).toEqual([expect.objectContaining({ step: 1, rule_id: 'card', reason: 'harmful', f1_before: 0.4, f1_after: 8 / 9 })]);
    expect(statuses(ws)).toEqual(before);
    expect(ws.store.runs.latest(ws.dataset().id, 'prune')).toMatchObject({ id: r.run_id, config: { apply: false, tolerance: 0 }, result: { f1_after: 8 / 9 } });
    expect(ws.store.pruneOps.list(ws.dataset().id)).toEqual([]);
    ws.close();
  });

  test('dead rules and exact duplicates go first when asked, keeping the first copy', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const r = await ws.dataset().prune({ dead: true, duplicates: true });
    expect(r.steps.map((s) => [s.rule_id, s.reason, s.duplicate_of ?? null, s.f1_after])).toEqual([
      ['refund-copy', 'duplicate', 'refund', 0.4],
      ['never', 'dead', null, 0.4],
      ['card', 'harmful', null, 8 / 9],
    ]);
    ws.close();
  });

  test('--apply disables the rules in one op; undo restores them; a second undo has nothing left', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const d = ws.dataset();
    const r = await ws.dataset().prune({ apply: true, dead: true });
    expect([r.applied, r.removed]).toEqual([true, ['never', 'card']]);
    expect(statuses(ws)).toMatchObject({ never: 'disabled', card: 'disabled', refund: 'active' });
    const op = ws.store.pruneOps.lastOpen(d.id)!;
    expect(op).toMatchObject({ id: r.op_id, kind: 'prune', run_id: r.run_id });
    expect(op.changes).toEqual([
      { rule_id: 'never', from: 'active', to: 'disabled' },
      { rule_id: 'card', from: 'active', to: 'disabled' },
    ]);
    // Disabling is an edit: a new version with a note.
    expect(ws.store.rules.versions(d.id, 'card').at(-1)!.note).toMatch(/^pruned \(prune op \d+, run \d+\)$/);
    // The ensemble on dev now scores what the plan projected.
    expect((await ws.dataset().rank()).f1).toBe(r.f1_after);

    const u = ws.dataset().undo();
    expect(u).toMatchObject({ op_id: r.op_id, restored: [{ rule_id: 'never' }, { rule_id: 'card' }], skipped: [] });
    expect(statuses(ws)).toMatchObject({ never: 'active', card: 'active' });
    expect(ws.store.runs.latest(d.id, 'undo')).toMatchObject({ id: u.run_id, config: { op_id: r.op_id } });
    expect(() => ws.dataset().undo()).toThrow(expect.objectContaining({ code: 'CONFLICT', message: expect.stringContaining('nothing to undo') }));
    expect(() => ws.dataset().undo({ op: r.op_id! })).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    expect(() => ws.dataset().undo({ op: 999 })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    ws.close();
  });

  test('undo leaves alone a rule whose status changed since the prune', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const d = ws.dataset();
    await ws.dataset().prune({ apply: true });
    ws.store.rules.setStatus(d.id, 'card', 'rejected');
    const u = ws.dataset().undo();
    expect(u.restored).toEqual([]);
    expect(u.skipped).toEqual([{ rule_id: 'card', reason: 'its status changed since (now rejected); left as it is' }]);
    expect(statuses(ws).card).toBe('rejected');
    ws.close();
  });

  test('with nothing to gain, nothing is removed and nothing is applied', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    await ws.dataset().prune({ apply: true });
    const r = await ws.dataset().prune({ apply: true });
    expect([r.removed, r.applied, r.op_id]).toEqual([[], false, null]);
    expect(r.notes).toContain('nothing to prune: removing any rule would not raise F1');
    ws.close();
  });

  test('a tolerance above the gain keeps the rule; a negative one is refused', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    expect((await ws.dataset().prune({ tolerance: 0.6 })).removed).toEqual([]);
    await expect(ws.dataset().prune({ tolerance: -1 })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    ws.close();
  });

  test('without a dev split it judges on all examples and says so', async () => {
    const ws = cardWorkspace(tmp.path('w.db'), CARD_ROWS.map(({ split: _s, ...r }) => r));
    const r = await ws.dataset().prune();
    expect(r.split).toBe('all');
    expect(r.notes).toContain('no dev split: measured on all examples');
    ws.close();
  });

  test('without a dev split but with a test split it judges on train, never letting test choose the rules', async () => {
    const rows = CARD_ROWS.map((r, i) => ({ ...r, split: i % 2 ? 'test' : 'train' }));
    const ws = cardWorkspace(tmp.path('w.db'), rows);
    const r = await ws.dataset().prune();
    expect(r.split).toBe('train');
    expect(r.n).toBe(rows.filter((x) => x.split === 'train').length);
    expect(r.notes).toEqual(
      expect.arrayContaining([
        'no dev split: judged on train, never on test (make one with `rulewright split --dev 0.2 --dataset intents`)',
        expect.stringMatching(/^measured on train, the data rules are learned from/),
      ]),
    );
    // Measuring alone still reads every example.
    expect((await ws.dataset().rank()).split).toBe('all');
    ws.close();
  });
});
