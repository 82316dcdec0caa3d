import { describe, expect, test } from 'vitest';
import { readable } from '../helpers/runs.js';
import { useTempDir } from '../helpers/temp.js';
import { cardWorkspace } from '../helpers/fixtures.js';

describe('rank service', () => {
  const tmp = useTempDir();

  test('ranks the active rules by exact leave-one-out marginal F1 on dev, best first', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const r = await ws.dataset().rank();
    expect([r.split, r.n, r.f1]).toEqual(['dev', 5, 0.4]);
    // Without card, d2 and d3 go to lost and d5 abstains: F1 8/9. Nothing else changes F1; ties
    // go by solo precision, then support, then execution order.
    expect(r.rules.map((x) => [x.rank, x.id, x.marginal_f1])).toEqual([
      [1, 'refund', 0],
      [2, 'lost', 0],
      [3, 'refund-copy', 0],
      [4, 'never', 0],
      [5, 'card', 0.4 - 8 / 9],
    ]);
    expect(r.rules.find((x) => x.id === 'card')).toMatchObject({ harmful: true, solo_f1: 2 / 9, loo_f1: 8 / 9, support: 4 });
    expect(r.rules.find((x) => x.id === 'never')).toMatchObject({ dead: true, solo_f1: 0, solo_precision: null });
    // Each example is re-scored once, without its winning rule (classification skips the others).
    expect(r.rescored).toBe(5);
    ws.close();
  });

  test('records the run (hashes, config, every rule) and reports its own compute time', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const d = ws.dataset('intents');
    const r = await ws.dataset().rank({ split: 'all' });
    const run = readable(ws.store.runs.latest(d.id, 'rank'));
    expect(run).toMatchObject({ id: r.run_id, dataset_hash: ws.store.examples.hash(d.id), ruleset_hash: ws.dataset().rulesetHash(), config: { split: 'all' } });
    expect(run.result).toMatchObject({ n: 8, f1: r.f1 });
    expect(run.elapsed_ms).toBe(r.elapsed_ms);
    expect(r.elapsed_ms).toBeGreaterThan(0);
    // Ranking measures; it never stamps.
    expect(ws.store.rules.list(d.id).every((x) => x.validated_precision === null)).toBe(true);
    ws.close();
  });

  test('an explicit split with no examples is a clear input error', async () => {
    const ws = cardWorkspace(tmp.path('w.db'), [{ id: 'a', text: 'refund', label: 'refund' }]);
    await expect(ws.dataset().rank({ split: 'dev' })).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('has no dev examples') });
    ws.close();
  });
});
