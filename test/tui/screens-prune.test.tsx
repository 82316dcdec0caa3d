import { describe, expect, test } from 'vitest';
import { CARD_ROWS, CARD_RULES, cardWorkspace } from '../helpers/fixtures.js';
import { rule } from '../helpers/rules.js';
import { demoWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace, useTempWorkspace } from './harness.js';

describe('prune screen', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('shows the greedy plan with F1 before and after each step, and the leave-one-out ranking', async () => {
    const app = renderApp(tmp.open(), { initial: { screen: 'prune' } });
    const f = await app.until((f) => {
      expect(f).toContain('F1 .737 → .795 by disabling 1 rule (dry run)');
      expect(f).toContain('8 active rules, best first · 1 harmful · 1 dead');
    });
    expect(f).toContain('judged on dev (90) · mode text · tolerance 0');
    expect(f).toMatch(/1 any money\s+exchange_r\S*\s+harmful\s+\.737\s+\.795\s+\+\.058/);
    expect(f).toMatch(/1 exchange rate .*\+\.130/);
    expect(f).toMatch(/8 any money .*-\.058 .*harmful/);
    expectFits(f, 80, 24);
    app.unmount();
  });

  test('a applies after confirmation, u undoes: the rules are disabled and enabled again', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'prune' }, columns: 120, rows: 40 });
    await app.until((f) => expect(f).toContain('by disabling 1 rule'));
    await app.press('a');
    await app.until((f) => expect(f).toContain('Disable 1 rule (F1 .737 → .795)?'));
    await app.press('n');
    await app.until((f) => expect(f).not.toContain('Disable 1 rule'));
    expect(ws.dataset().showRule('any-money').rule.status).toBe('active');
    await app.press('a', 'y');
    await app.until((f) => expect(f).toContain('disabled 1 rule (prune op 1): u undoes'));
    expect(ws.dataset().showRule('any-money').rule.status).toBe('disabled');
    await app.until((f) => expect(f).toContain('7 active rules'));
    await app.press('u');
    await app.until((f) => expect(f).toContain('undid prune op 1: 1 rule enabled again'));
    expect(ws.dataset().showRule('any-money').rule.status).toBe('active');
    await app.until((f) => expect(f).toContain('8 active rules'));
    await app.press('u');
    await app.until((f) => expect(f).toContain('nothing to undo'));
    expectFits(app.frame(), 120, 40);
    await app.press(KEY.escape);
    app.unmount();
  });
});

describe('prune screen options', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));
  const many = useTemplateWorkspace(async (ws) => {
    await demoWorkspace(ws, { metrics: false });
    // Rules enough that the ranking is longer than its pane at 80x24.
    for (let i = 0; i < 14; i++) await ws.dataset().addRule({ id: `never-${i}`, name: `never ${i}`, pattern: `qqzz${i}xx`, label: 'exchange_rate' });
    await ws.dataset().metrics();
  }, 'prune-many-rules');

  test('d adds the dead rules, x the duplicates and +/- the tolerance, as the CLI flags do', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'prune' } });
    await app.until((f) => expect(f).toContain('by disabling 1 rule (dry run)'));
    await app.press('d');
    const dead = await app.until((f) => expect(f).toContain('by disabling 2 rules (dry run)'));
    expect(dead).toContain('--dead');
    expect(dead).toMatch(/zebra\s+exchange_\S*\s+dead/);
    const cli = await ws.dataset().prune({ dead: true });
    expect(dead).toContain(`F1 .737 → ${cli.f1_after!.toFixed(3).replace(/^0/, '')}`);
    await app.press('x', '+');
    const flags = await app.until((f) => expect(f).toContain('--dead --duplicates --tolerance 0.001'));
    expect(flags).toContain('tolerance 0.001');
    await app.press('-', 'd', 'x');
    await app.until((f) => expect(f).toContain('by disabling 1 rule (dry run)'));
    expect(app.frame()).not.toContain('--dead');
    expectFits(app.frame(), 80, 24);
    app.unmount();
  });

  test('a message from the last action is cleared by the next one', async () => {
    const app = renderApp(tmp.open(), { initial: { screen: 'prune' } });
    await app.until((f) => expect(f).toContain('by disabling 1 rule'));
    await app.press('u');
    await app.until((f) => expect(f).toContain('nothing to undo'));
    await app.press('d');
    await app.until((f) => expect(f).not.toContain('nothing to undo'));
    app.unmount();
  });

  test('a ranking longer than its pane says which rows are skipped above and below', async () => {
    const app = renderApp(many.open(), { initial: { screen: 'prune' } });
    const f = await app.until((f) => expect(f).toMatch(/⋮ rules 1-\d+ of 22 · 0 above · \d+ below/));
    expectFits(f, 80, 24);
    await app.press(KEY.tab, 'G');
    const end = await app.until((f) => expect(f).toMatch(/⋮ rules \d+-22 of 22 · \d+ above · 0 below/));
    expect(end).toMatch(/22 \S/);
    app.unmount();
  });
});

describe('prune screen on a small dev split', () => {
  const tmp = useTempWorkspace();

  test('the plan says how many dev examples decide its gain, and d keeps rules that fire right on train', async () => {
    // "money" fires only on a train refund: dead on the 5 dev examples, not dead.
    const ws = cardWorkspace(tmp.path('w.db'), CARD_ROWS, [...CARD_RULES, rule('money', 'money', 'refund', { priority: 4 })]);
    try {
      const app = renderApp(ws, { initial: { screen: 'prune' }, columns: 140, rows: 30 });
      await app.until((f) => expect(f).toContain('F1 .400 → .889 by disabling 1 rule (dry run) · decided by 3 of 5 dev examples'));
      expect(app.frame()).toMatch(/card\s+refund\s+harmful\s+\.400\s+\.889\s+\+\.489\s+3 of 5/);
      await app.press('d');
      const f = await app.until((f) => expect(f).toContain('by disabling 2 rules (dry run) · decided by 3 of 5 dev examples · kept 1 rule dead on dev, right on train'));
      expect(f).toMatch(/never\s+lost\s+dead/);
      expect(f).not.toMatch(/money\s+refund\s+dead/);
      app.unmount();
    } finally {
      ws.close();
    }
  });
});
