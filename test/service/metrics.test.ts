import { describe, expect, test } from 'vitest';
import { activeRulesHash } from '../../src/store/fingerprint.js';
import { readable } from '../helpers/runs.js';
import { useTempDir } from '../helpers/temp.js';
import { CARD_ROWS, cardWorkspace } from '../helpers/fixtures.js';

describe('metrics service', () => {
  const tmp = useTempDir();

  test('measures on dev by default: each rule alone, dead and harmful rules, the ensemble F1', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const r = await ws.dataset().metrics();
    expect([r.split, r.n, r.f1, r.counts]).toEqual(['dev', 5, 0.4, { tp: 2, fp: 3, fn: 3 }]);
    const by = Object.fromEntries(r.rules.map((x) => [x.id, x]));
    expect(
      ['refund', 'card', 'lost', 'never'].map((id) => {
        const x = by[id]!;
        return [id, x.tp, x.fp, x.fn, x.precision, x.recall, x.support, x.fired, x.dead, x.harmful];
      }),
    ).toEqual([
      ['refund', 2, 0, 3, 1, 0.4, 2, 2, false, false],
      ['card', 1, 3, 4, 0.25, 0.2, 4, 4, false, true],
      ['lost', 2, 0, 3, 1, 0.4, 2, 2, false, false],
      ['never', 0, 0, 5, null, 0, 0, 0, true, false],
    ]);
    expect(by.card!.marginal_f1).toBeCloseTo(0.4 - 8 / 9, 12);
    expect(by.card!.samples.fp.map((s) => s.example_id)).toEqual(['d2', 'd3', 'd5']);
    expect(by.lost!.conflict.partners.map((p) => p.id)).toEqual(['card']);
    expect(r.elapsed_ms).toBeGreaterThan(0);
    ws.close();
  });

  test('stamps validated precision and support from dev without a new version, and re-measures when the order moves', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const d = ws.dataset('intents');
    const r = await ws.dataset().metrics();
    expect(r.stamped).toBe(4);
    const stored = Object.fromEntries(ws.store.rules.list(d.id).map((x) => [x.id, x]));
    expect([stored.card!.validated_precision, stored.card!.validated_support, stored.card!.version]).toEqual([0.25, 4, 1]);
    expect([stored.never!.validated_precision, stored.never!.validated_support]).toEqual([null, 0]);
    // refund-copy (now validated) runs before never (unvalidated) at equal priority.
    expect(r.notes).toContain('the stamped precision changed the execution order: the ensemble figures are measured under the new order');
    expect(r.rules.map((x) => x.id)).toEqual(['refund', 'card', 'lost', 'refund-copy', 'never']);
    expect(r.ruleset_hash).toBe(activeRulesHash(ws.store.rules.list(d.id, { status: 'active' })));
    // A second run measures the same, so it stamps nothing.
    expect((await ws.dataset().metrics()).stamped).toBe(0);
    ws.close();
  });

  test('records the run with the hashes it measured', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const d = ws.dataset('intents');
    const r = await ws.dataset().metrics();
    const run = readable(ws.store.runs.latest(d.id, 'metrics'));
    expect(run).toMatchObject({ id: r.run_id, dataset_hash: ws.store.examples.hash(d.id, 'dev'), ruleset_hash: r.ruleset_hash, config: { split: 'dev', mode: 'text' } });
    expect(run.elapsed_ms).toBe(r.elapsed_ms);
    expect(run.result.rules.length).toBe(5);
    ws.close();
  });

  test('stored metrics open without running anything and go stale when the rules or the data change', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const d = ws.dataset('intents');
    expect(ws.dataset().storedMetrics()).toMatchObject({ computed: false, stale: true, rules: [] });
    const r = await ws.dataset().metrics();
    const fresh = ws.dataset().storedMetrics();
    expect(fresh).toMatchObject({ split: 'dev', computed: true, stale: false, stale_reasons: [], ruleset_hash: r.ruleset_hash });
    expect(fresh.rules.map(({ stale, ...x }) => x)).toEqual(r.rules);
    expect(fresh.rules.every((x) => !x.stale)).toBe(true);

    ws.store.rules.update(d.id, { ...ws.store.rules.get(d.id, 'lost')!, pattern: 'lost|stolen' });
    const edited = ws.dataset().storedMetrics();
    expect(edited.stale).toBe(true);
    expect(edited.stale_reasons).toEqual(['the rules changed since the metrics were computed']);
    expect(edited.rules.filter((x) => x.stale).map((x) => x.id)).toEqual(['lost']);

    await ws.dataset().metrics();
    ws.store.examples.setSplits(d.id, new Map([['x1', 'dev']]));
    expect(ws.dataset().storedMetrics().stale_reasons).toEqual(['the examples changed since the metrics were computed']);
    ws.close();
  });

  test.each([
    ['no splits at all', CARD_ROWS.map(({ split: _s, ...r }) => r)],
    ['train and test only', CARD_ROWS.map((r) => (r.split === 'dev' ? { ...r, split: 'test' } : r))],
  ])('without a dev split (%s): measured on all examples, nothing stamped, and the note says how to make one', async (_name, rows) => {
    const ws = cardWorkspace(tmp.path('w.db'), rows);
    const evalBefore = await ws.dataset().evaluate({ split: 'all' });
    const r = await ws.dataset().metrics();
    expect([r.split, r.n, r.stamped]).toEqual(['all', 8, 0]);
    expect(r.notes).toContain('no dev split: measured on all examples');
    expect(r.notes).toContain(
      'no dev split: validated precision and support were not stamped (they come from dev only); make one with `rulewright split --dev 0.2 --dataset intents`',
    );
    expect(ws.store.rules.list(ws.dataset().id).every((x) => x.validated_precision === null)).toBe(true);
    // eval is a function of the data, the rules and the config: a metrics run in between moves nothing.
    const evalAfter = await ws.dataset().evaluate({ split: 'all' });
    expect([evalAfter.micro, evalAfter.ruleset_hash]).toEqual([evalBefore.micro, evalBefore.ruleset_hash]);
    ws.close();
  });

  test('an explicit non-dev split is measured but not stamped; train is flagged', async () => {
    const ws = cardWorkspace(tmp.path('w.db'));
    const r = await ws.dataset().metrics({ split: 'train' });
    expect([r.split, r.n, r.stamped]).toEqual(['train', 2, 0]);
    expect(r.notes).toEqual(
      expect.arrayContaining([
        'measured on train, the data rules are learned from: these figures flatter the rules; use dev to judge them',
        'measured on train, not dev: validated precision and support were not stamped',
      ]),
    );
    expect(ws.store.rules.list(ws.dataset().id).every((x) => x.validated_precision === null)).toBe(true);
    ws.close();
  });

  test('an empty ruleset gives empty metrics and says so', async () => {
    const ws = cardWorkspace(tmp.path('w.db'), CARD_ROWS, []);
    const r = await ws.dataset().metrics();
    expect(r.rules).toEqual([]);
    expect(r.f1).toBe(0);
    expect(r.notes.some((n) => n.includes('the ruleset is empty'))).toBe(true);
    ws.close();
  });
});
