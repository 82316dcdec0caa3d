import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { evaluateRuleset } from '../../src/core/eval/evaluate-ruleset.js';
import { datasetContext } from '../../src/service/dataset-context.js';
import { Workspace } from '../../src/service/index.js';
import { suggestRules } from '../../src/service/suggest.js';
import { Store } from '../../src/store/index.js';
import { intents } from '../learn/induce/fixtures.js';
import { useTempDir } from '../helpers/temp.js';

const ROWS = [...intents(5, 12, 'train'), ...intents(6, 6, 'dev')];

describe('suggest against the rules in a workspace', () => {
  const tmp = useTempDir();
  function open(rows = ROWS) {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    const f = tmp.path('rows.jsonl');
    writeFileSync(f, rows.map((e) => JSON.stringify(e)).join('\n'));
    ws.importFile(f, { format: 'jsonl', create: { name: 'intents', type: 'classification' } });
    return ws;
  }

  test('the dev F1 each suggestion brings is what dev scores with it above the active rules', async () => {
    const ws = open();
    const d = ws.dataset();
    await d.addRule({ name: 'pending', pattern: '\\bpending\\b', label: 'pending_transfer' });
    await d.addRule({ name: 'cash', pattern: '\\bcash\\b', label: 'cash_limit' });
    const got = await d.suggest({ exampleId: 'train-pending_cash-0' });
    ws.close();
    const store = Store.open(tmp.path('w.db'));
    const ds = store.datasets.list()[0]!;
    const active = store.rules.list(ds.id, { status: 'active' });
    const dev = store.examples.list(ds.id, { split: 'dev' });
    expect(got.suggestions.length).toBeGreaterThan(2);
    for (const s of got.suggestions) expect(s.dev!.after).toBeCloseTo((await evaluateRuleset(ds.task, [...active, s.rule], dev)).totals.microF1()!, 12);
    expect(got.suggestions[0]!.dev!.before).toBeCloseTo((await evaluateRuleset(ds.task, active, dev)).totals.microF1()!, 12);
    store.close();
  });

  test('the train index the workspace keeps is built again when train changes, and a read-only workspace still answers', async () => {
    const ws = open();
    const first = await ws.dataset().suggest({ exampleId: 'train-cash_limit-0' });
    const fingerprint = (s: Store) => s.trainFeatures.state(s.datasets.list()[0]!.id)?.fingerprint;
    ws.close();
    let store = Store.open(tmp.path('w.db'));
    const before = fingerprint(store);
    expect(before).toMatch(/^v\d+:[0-9a-f]{64}$/);
    store.close();
    const more = intents(9, 4, 'train').map((e) => ({ ...e, id: `more-${e.id}` }));
    const ws2 = open(more);
    const again = await ws2.dataset().suggest({ exampleId: 'train-cash_limit-0' });
    ws2.close();
    store = Store.open(tmp.path('w.db'));
    expect(fingerprint(store)).not.toBe(before);
    store.close();
    const cash = (r: typeof first) => r.suggestions.find((s) => s.name === 'cash_limit <- "limit"')?.train.fires;
    expect(cash(again)).toBe(cash(first)! + more.filter((e) => /\blimit\b/i.test(e.text!)).length);
    expect(cash(first)).toBeGreaterThan(0);
    // Read-only, with no index kept, the text's features are indexed in memory: the same answer.
    store = Store.open(tmp.path('w.db'));
    store.db.exec('DELETE FROM train_features; DELETE FROM train_features_state');
    store.close();
    const ro = Store.open(tmp.path('w.db'), { readonly: true });
    expect((await suggestRules(datasetContext(ro), { exampleId: 'train-cash_limit-0' })).suggestions).toEqual(again.suggestions);
    expect(fingerprint(ro)).toBeUndefined();
    ro.close();
  });
});
