import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { readReference, readSharedRules, RULECHEF_FILES } from '../helpers/rulechef.js';
import { shared, sharedMissing } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runBin, runCli } from './helpers.js';
import { cardWorkspace } from '../helpers/fixtures.js';

interface MetricsRule {
  id: string;
  name: string;
  label: string;
  tp: number;
  fp: number;
  fn: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  support: number;
  fired: number;
  wilson_lower: number;
  dead: boolean;
  harmful: boolean;
}

describe.skipIf(!!sharedMissing)(`metrics and rank on Banking77 match RuleChef ${sharedMissing ?? ''}`, () => {
  const tmp = useTempDir();

  test('per-rule TP, FP, matches and Wilson bounds, 80 dead rules, pure leave-one-out marginals', async () => {
    const db = tmp.path('b77.db');
    const cli = (...args: string[]) => runCli([...args, '--db', db], { cwd: tmp.dir() });
    expect(json(await cli('import', shared(RULECHEF_FILES.banking77.gold)!, '--name', 'b77', '--type', 'classification', '--json'))).toMatchObject({ imported: 200 });
    // RuleChef's file parsed as `rules import` parses it, inserted in file order. (Not through
    // `rules import` itself: its ReDoS screening of 126 patterns takes ~20 s, which is not what
    // this test is about.)
    const ws = Workspace.open({ db });
    const rules = readSharedRules(RULECHEF_FILES.banking77.rules);
    expect(rules).toHaveLength(126);
    for (const r of rules) ws.store.rules.insert(ws.dataset().id, r);
    // Ids in the store are content ids, not RuleChef's r000…: map by file position (store order) and name.
    const ids = ws.store.rules.list(ws.dataset().id).map((r) => r.id);
    ws.close();
    const ref = readReference(RULECHEF_FILES.banking77.ref).rules;
    const refOf = new Map(ids.map((id, i) => [id, ref[i]!]));

    const evalF1 = async () => json<{ micro: { f1: number } }>(await cli('eval', '--json')).micro.f1;
    const before = await evalF1();
    expect(before).toBeCloseTo(0.7507692307692309, 15);

    // Rank first, on the rules as imported (no validated precision yet): the pure leave-one-out.
    const rank = json<{ f1: number; elapsed_ms: number; rules: { id: string; name: string; solo_f1: number; marginal_f1: number; harmful: boolean }[] }>(
      await cli('rank', '--json'),
    );
    expect(rank.f1).toBeCloseTo(0.7507692307692309, 15);
    expect(rank.rules).toHaveLength(126);
    for (const r of rank.rules) {
      const rc = refOf.get(r.id)!;
      expect(r.name).toBe(rc.name);
      expect(Math.abs(r.marginal_f1 - rc.marginal_f1_nostamp), r.name).toBeLessThan(1e-12);
    }
    expect(rank.rules.filter((r) => r.harmful).map((r) => r.name)).toEqual(['pending_payment_meaning']);
    expect(rank.elapsed_ms).toBeGreaterThan(0);

    const m = json<{ split: string; notes: string[]; stamped: number; rules: MetricsRule[] }>(await cli('metrics', '--json'));
    expect(m.split).toBe('all');
    expect(m.notes).toContain('no dev split: measured on all examples');
    expect(m.rules).toHaveLength(126);
    for (const r of m.rules) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining(['id', 'name', 'label', 'tp', 'fp', 'fn', 'precision', 'recall', 'f1', 'label_recall', 'label_f1', 'support', 'fired', 'wilson_lower', 'dead']),
      );
      const rc = refOf.get(r.id)!;
      expect({ name: r.name, tp: r.tp, fp: r.fp, fired: r.fired, wilson: r.wilson_lower }).toEqual({
        name: rc.name,
        tp: rc.tp,
        fp: rc.fp,
        fired: rc.matches,
        wilson: rc.wilson_lb,
      });
      expect(r.support).toBe(r.tp + r.fp);
    }
    expect(m.rules.filter((r) => r.dead)).toHaveLength(80);

    // No dev split: nothing stamped (test and train are not where validated precision comes from),
    // so eval and rank are what they were before metrics ran.
    expect(m.stamped).toBe(0);
    expect(m.notes).toContain(
      'no dev split: validated precision and support were not stamped (they come from dev only); make one with `rulewright split --dev 0.2 --dataset b77`',
    );
    expect(await evalF1()).toBe(before);
    const again = json<{ f1: number; rules: { id: string; marginal_f1: number }[] }>(await cli('rank', '--json'));
    expect(again.f1).toBe(rank.f1);
    expect(again.rules.map((r) => [r.id, r.marginal_f1])).toEqual(rank.rules.map((r) => [r.id, r.marginal_f1]));
    const ws2 = Workspace.open({ db });
    expect(ws2.store.rules.list(ws2.dataset().id).every((r) => r.validated_precision === null)).toBe(true);
    ws2.close();

    // The hint, pasted, makes the dev split; metrics then stamps from dev.
    const hint = /`rulewright (split [^`]+)`/.exec(m.notes.find((n) => n.startsWith('no dev split: validated'))!)![1]!;
    expect((await cli(...hint.split(' '))).code).toBe(0);
    const onDev = json<{ split: string; stamped: number }>(await cli('metrics', '--json'));
    expect(onDev.split).toBe('dev');
    expect(onDev.stamped).toBeGreaterThan(0);
  });
});

describe('metrics command', () => {
  const tmp = useTempDir();

  test('the real binary prints the per-rule table and the notes', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const r = await runBin(['metrics', '--db', tmp.path('w.db')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/intents: 5 active rules on dev \(5 examples, text matching\); ensemble F1 0\.400/);
    expect(r.stdout).toMatch(/card\s.*\sharmful/);
    expect(r.stdout).toMatch(/never\s.*\sdead/);
    expect(r.stdout).toContain('1 dead, 1 harmful; validated precision stamped on 4 rules');
  });

  test('--json keys per rule are snake_case and stored metrics survive the process', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const r = json<{ rules: Record<string, unknown>[]; elapsed_ms: number; run_id: number }>(await runCli(['metrics', '--json', '--db', tmp.path('w.db')]));
    expect(Object.keys(r.rules[0]!)).toEqual(expect.arrayContaining(['wilson_lower', 'marginal_f1', 'samples', 'overlap', 'conflict', 'fired_docs']));
    const ws = Workspace.open({ db: tmp.path('w.db') });
    expect(ws.dataset().storedMetrics()).toMatchObject({ computed: true, stale: false });
    ws.close();
  });

  test('a bad --split is a usage error (exit 2)', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const r = await runCli(['metrics', '--split', 'holdout', '--db', tmp.path('w.db')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--split/);
  });
});
