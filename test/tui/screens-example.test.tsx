import { describe, expect, test } from 'vitest';
import { demoWorkspace, spanWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('why a rule fired', () => {
  const demo = useTemplateWorkspace((ws) => demoWorkspace(ws));
  const spans = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`));

  test('classification items highlight the words the regex matched, not the whole sentence', async () => {
    const app = renderApp(demo.open(), { initial: { screen: 'rule', ruleId: 'any-money' } });
    const f = await app.until((f) => expect(f).toMatch(/› TP train-293 exchange_rate What is my \[money\] worth/));
    // A long sentence is windowed around the trigger (cut with … on both sides), not cut at the edge.
    expect(f).toMatch(/FP train-772 pending_cash_withdrawal→exchange_rate …[^\n]*\{money\}[^\n]*…/);
    expect(f).toMatch(/FP train-7010 beneficiary_not_allowed→exchange_rate A \{transfer\}/);
    expectFits(f, 80, 24);
    app.unmount();
  });

  test('enter on an item opens the whole example with every rule matching it', async () => {
    const app = renderApp(demo.open(), { initial: { screen: 'rule', ruleId: 'any-money' }, columns: 120, rows: 40 });
    await app.until((f) => expect(f).toContain('› TP train-293'));
    await app.press(KEY.enter);
    const f = await app.until((f) => expect(f).toContain('example train-293'));
    expect(f).toContain('gold exchange_rate');
    expect(f).toMatch(/What is my \[money\] worth/);
    expect(f).toMatch(/› \* \d+-\d+ exchange_rate "money"\s+any money/);
    expectFits(f, 120, 40);
    await app.press(KEY.escape);
    await app.until((f) => expect(f).toContain('items: all'));
    app.unmount();
  });

  test('a span example shows the other rules matches apart from the rule opened', async () => {
    const app = renderApp(spans.open(), { initial: { screen: 'example', exampleId: 's1', ruleId: 'cities' } });
    const f = await app.until((f) => expect(f).toContain('example s1'));
    expect(f).toContain('{Ann} met {Bob} in [Oslo].');
    expect(f).toContain('3 matches of 2 rules');
    expect(f).toMatch(/\* 15-19 LOC "Oslo"\s+cities/);
    expect(f).toMatch(/ {3}0-3 PER "Ann"\s+capitalised names/);
    app.unmount();
  });
});
