import { describe, expect, test } from 'vitest';
import { demoWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('rule detail screen', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));
  const open = (ruleId: string, size: { columns?: number; rows?: number } = {}) => {
    const ws = tmp.open();
    return { ws, app: renderApp(ws, { initial: { screen: 'rule', ruleId }, ...size }) };
  };

  test('shows the pattern, template, provenance, stored metrics and TP/FP/FN items in context', async () => {
    const { app } = open('any-money');
    const f = await app.until((f) => expect(f).toContain('any money any-money [active] v1 · human · priority 1'));
    // Confidence is a ratio like every other figure on the screen.
    expect(f).toContain('priority 1 · confidence .500');
    expect(f).toContain('pattern \\b(?:money|transfer)\\b');
    expect(f).toContain('template exchange_rate ← $0 · regex/js /i');
    // Label recall and F1 against exchange_rate's 18 gold; RuleChef's all-gold figures on the next line.
    expect(f).toMatch(/harmful dev: TP 1 FP 12 FN 89 · P \.077 · label R \.056 F1 \.065 · ΔF1 -\.058/);
    expect(f).toContain('all gold R .011 F1 .019 · overlaps 3 examples');
    expect(f).toMatch(/› TP train-293 exchange_rate What is my \[money\] worth/);
    expect(f).toMatch(/FP train-772 pending_cash_withdrawal→exchange_rate/);
    // The rule alone missed it; the ensemble did not: another rule got it right.
    expect(f).toContain('FN train-295 exchange_rate→ exchange_rate (rule exchange-rate, correct)');
    expectFits(f, 80, 24);
    app.unmount();
  });

  test('i filters the items: correct, incorrect, FP only, FN only', async () => {
    const { app } = open('any-money');
    await app.until((f) => expect(f).toContain('items: all (11)'));
    await app.press('i');
    await app.until((f) => expect(f).toContain('items: correct (1)'));
    expect(app.frame()).not.toMatch(/\bF[PN] train/);
    await app.press('i');
    await app.until((f) => expect(f).toContain('items: incorrect (10)'));
    expect(app.frame()).not.toMatch(/\bTP train/);
    await app.press('i');
    await app.until((f) => expect(f).toContain('items: fp (5)'));
    expect(app.frame()).not.toMatch(/\b(TP|FN) train/);
    await app.press('i');
    await app.until((f) => expect(f).toContain('items: fn (5)'));
    app.unmount();
  });

  test('p edits the pattern with a live preview of the metric change; enter saves a new version shown as a diff', async () => {
    const { ws, app } = open('any-money', { columns: 120, rows: 40 });
    await app.until((f) => expect(f).toContain('any money'));
    await app.press('p');
    await app.until((f) => expect(f).toContain('pattern \\b(?:money|transfer)\\b▏'));
    // Drop "|transfer": the rule stops firing on transfer questions (beneficiary), its precision rises.
    await app.press(KEY.left, KEY.left, KEY.left, ...Array.from({ length: 9 }, () => KEY.backspace));
    await app.until((f) => expect(f).toContain('pattern \\b(?:money▏)\\b'));
    const f = await app.until((f) => expect(f).toContain('rule on dev: P .077→.250 (+.173) R .011→.011 (±0) F1 .019→.021 (+.002)'));
    expect(f).toContain('ruleset: F1 .737→.778 (+.041) · rule TP 1→1 FP 12→3');
    expect(ws.dataset().showRule('any-money').rule.version).toBe(1);
    await app.press(KEY.enter);
    await app.until(() => expect(ws.dataset().showRule('any-money').rule.version).toBe(2));
    expect(ws.dataset().showRule('any-money').rule.pattern).toBe('\\b(?:money)\\b');
    // Saving re-scores in the background: the screen shows the new figures, not stale ones.
    const rescored = await app.until((f) => expect(f).toMatch(/^(?:harmful )?dev: TP 1 FP 3 /m));
    expect(rescored).toMatch(/metrics recomputed for 8 rules/);
    await app.press(KEY.tab);
    // "versions (2)" is in the tab bar before the tab switch lands: wait for the list itself.
    const v = await app.until((f) => expect(f).toMatch(/› v2 just now pattern edited in the terminal UI/));
    expect(v).toContain('versions (2)');
    expect(v).toContain('pattern: \\b(?:money[-|transfer-])\\b');
    expectFits(v, 120, 40);
    app.unmount();
  });

  test('an invalid pattern shows why it cannot be saved', async () => {
    const { ws, app } = open('zebra');
    await app.until((f) => expect(f).toContain('zebra'));
    await app.press('p', KEY.backspace);
    await app.type('(');
    await app.until((f) => expect(f).toMatch(/cannot be saved: invalid/));
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toMatch(/INVALID|rejected|invalid/));
    expect(ws.dataset().showRule('zebra').rule.pattern).toBe('zebra crossing');
    app.unmount();
  });

  test('e disables after asking and enables at once; D deletes after asking', async () => {
    const { ws, app } = open('zebra');
    await app.until((f) => expect(f).toContain('zebra zebra [active]'));
    await app.press('e');
    await app.until((f) => expect(f).toContain('Disable zebra? (e enables it again) y yes · n/esc no'));
    await app.press(KEY.escape);
    await app.until((f) => expect(f).not.toContain('Disable zebra?'));
    expect(ws.dataset().showRule('zebra').rule.status).toBe('active');
    await app.press('e', 'y');
    await app.until((f) => expect(f).toContain('zebra zebra [disabled] v2'));
    expect(ws.dataset().showRule('zebra').rule.status).toBe('disabled');
    await app.press('e');
    await app.until((f) => expect(f).toContain('zebra zebra [active] v3'));
    await app.press('D');
    await app.until((f) => expect(f).toContain('Delete zebra?'));
    await app.press('n');
    await app.until((f) => expect(f).not.toContain('Delete zebra?'));
    expect(ws.dataset().listRules().rules.map((r) => r.id)).toContain('zebra');
    await app.press('D', 'y');
    await app.until((f) => expect(f).toContain('deleted zebra'));
    expect(ws.dataset().listRules().rules.map((r) => r.id)).not.toContain('zebra');
    app.unmount();
  });

  test('c on a false positive opens the correction with the gold label; ctrl-s saves it with the note', async () => {
    const { ws, app } = open('any-money');
    await app.until((f) => expect(f).toMatch(/› TP train-293/));
    await app.press('j');
    await app.until((f) => expect(f).toMatch(/› FP train-772/));
    await app.press('c');
    const f = await app.until((f) => expect(f).toContain('Correct example train-772'));
    expect(f).toContain('from rule any-money');
    expect(f).toMatch(/\(•\) pending_cash_withdrawal/);
    expect(f).toMatch(/rules now exchange_rate/);
    await app.press(KEY.tab);
    await app.type('about a pending withdrawal, not rates');
    await app.press(KEY.ctrlS);
    // The rule's items are dev examples: correcting one asks to move it to train first.
    await app.until((f) => expect(f).toContain('train-772 is in dev, held out: move it to train to correct it'));
    expect(ws.dataset().listCorrections().total).toBe(0);
    await app.press('y');
    await app.until((f) => expect(f).toMatch(/correction c1 saved and train-772 moved from dev to train/));
    expect(ws.dataset().getExample('train-772').split).toBe('train');
    await app.until((f) => expect(f).toContain('any money any-money'));
    const c = ws.dataset().listCorrections().corrections;
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ example_id: 'train-772', expected: { label: 'pending_cash_withdrawal' }, produced: { label: 'exchange_rate' }, note: 'about a pending withdrawal, not rates' });
    app.unmount();
  });
});
