import { describe, expect, test } from 'vitest';
import { demoWorkspace } from './fixtures.js';
import { InlineJobRunner } from '../../tui/jobs/inline-runner.js';
import type { JobRunner } from '../../tui/jobs/job-runner.js';
import { expectFits, hasEscapes, KEY, renderApp, useTemplateWorkspace } from './harness.js';

/** The rule names of the table's rows, top to bottom. */
const rowNames = (frame: string) =>
  frame
    .split('\n')
    .filter((l) => /^[›· ] \S/.test(l) && /\s(on|off|new|rej)\s/.test(l))
    .map((l) => l.slice(2).split(/\s{2,}|…\s/)[0]!.trim());

describe('rules screen', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test('first frame at 80x24: summary, headers, stored metrics and badges', async () => {
    const app = renderApp(tmp.open(), { columns: 80, rows: 24 });
    const f = await app.until((f) => expect(f).toContain('ensemble P .778 R .700 F1 .737'));
    expect(f).toContain('split dev │ mode text');
    expect(f).toContain('8 rules (8 active)');
    // At 80 columns fired, FN, F1 and WLB give way to the pattern and the label columns (label
    // recall and F1 against the rule's own label); sorted by marginal F1, best first.
    expect(f).toMatch(/name\s+pattern\s+label\s+st\s+TP\s+FP\s+P\s+LR\s+LF1\s+▼ΔF1\s+bdg/);
    // any money: 1 of the 18 exchange_rate gold found (LR 1/18), LF1 = 2·1 / (13 outputs + 18 gold).
    // Its pattern is cut in the middle, so both ends still show.
    expect(f).toMatch(/any money\s+\\b\(\?:m…er\)\\b\s+exchange_…\s+on\s+1\s+12\s+\.077\s+\.056\s+\.065\s+-\.058\s+H/);
    expect(f).toMatch(/zebra\s+zebra …ssing\s+exchange_…\s+on\s+0\s+0\s+–\s+\.000\s+\.000\s+±0\s+D/);
    expect(rowNames(f)).toEqual(['exchange rate', 'disposable', 'pending cash', 'beneficiary', 'any card', 'card arrival', 'zebra', 'any money']);
    expect(hasEscapes(f)).toBe(false);
    expectFits(f, 80, 24);
    app.unmount();
  });

  test('120x40 shows badge words and wider columns', async () => {
    const app = renderApp(tmp.open(), { columns: 120, rows: 40 });
    const f = await app.until((f) => expect(f).toContain('badges'));
    expect(f).toMatch(/any money\s+\\b\(\?:mon…sfer\)\\b\s+exchange_ra…\s+on .*harmful/);
    expect(f).toMatch(/zebra\s+zebra crossing\s+exchange_ra…\s+on .*dead/);
    expect(f).toMatch(/name\s+pattern\s+label\s+st\s+fired\s+TP\s+FP\s+FN\s+P\s+WLB\s+F1\s+LR\s+LF1\s+▼ΔF1\s+badges/);
    expectFits(f, 120, 40);
    app.unmount();
  });

  test('sorts by any column (s, <, >) and reverses with r', async () => {
    const app = renderApp(tmp.open());
    await app.until((f) => expect(f).toMatch(/▼ΔF1/));
    // w: worst first, one key away from the default (best first).
    await app.press('w');
    await app.until((f) => expect(f).toMatch(/▲ΔF1/));
    expect(rowNames(app.frame())[0]).toBe('any money');
    await app.press('s', 's'); // ΔF1 → badges → name
    await app.until((f) => expect(rowNames(f)[0]).toBe('any card'));
    expect(rowNames(app.frame())).toEqual(['any card', 'any money', 'beneficiary', 'card arrival', 'disposable', 'exchange rate', 'pending cash', 'zebra']);
    await app.press('s', 's', 's', 's', 's'); // name → label → status → fired → TP → FP
    await app.until((f) => expect(f).toMatch(/▼FP/));
    expect(rowNames(app.frame()).slice(0, 2)).toEqual(['any money', 'any card']);
    await app.press('r');
    await app.until((f) => expect(f).toMatch(/▲FP/));
    expect(rowNames(app.frame()).slice(-2)).toEqual(['any card', 'any money']);
    await app.press('>', '>', '>', '>', '>', '>', '>'); // FN, P, WLB, F1, LR, LF1, ΔF1
    await app.until((f) => expect(f).toMatch(/▼ΔF1/));
    expect(rowNames(app.frame())[0]).toBe('exchange rate');
    expect(rowNames(app.frame()).at(-1)).toBe('any money');
    await app.press('<');
    await app.until((f) => expect(f).toMatch(/▼LF1/));
    expect(rowNames(app.frame())[0]).toBe('disposable');
    app.unmount();
  });

  test('/ filters by name, label or pattern; t and b filter by status and badge; esc clears', async () => {
    const ws = tmp.open();
    const app = renderApp(ws);
    await app.until((f) => expect(rowNames(f)).toHaveLength(8));
    await app.press('/');
    await app.type('any');
    await app.until((f) => expect(rowNames(f)).toEqual(['any card', 'any money']));
    await app.press(KEY.enter);
    expect(app.frame()).toContain('2 of 8 rules');
    await app.press(KEY.escape);
    await app.until((f) => expect(rowNames(f)).toHaveLength(8));
    await app.press('/');
    await app.type('beneficiar');
    await app.press(KEY.enter);
    await app.until((f) => expect(rowNames(f)).toEqual(['beneficiary']));
    await app.press(KEY.escape, 'b');
    await app.until((f) => expect(f).toContain('badge dead'));
    expect(rowNames(app.frame())).toEqual(['zebra']);
    await app.press('b');
    await app.until((f) => expect(rowNames(f)).toEqual(['any money']));
    await app.press(KEY.escape);
    // Disable a rule from the table (it asks first), then show the disabled ones.
    await app.until((f) => expect(rowNames(f)[4]).toBe('any card'));
    await app.press('j', 'j', 'j', 'j');
    await app.until((f) => expect(f).toMatch(/› any card/));
    await app.press('e');
    await app.until((f) => expect(f).toContain('Disable any card? (e enables it again) y yes · n/esc no'));
    await app.press('n');
    await app.until((f) => expect(f).not.toContain('Disable any card?'));
    expect(ws.dataset().showRule('any-card').rule.status).toBe('active');
    await app.press('e', 'y');
    await app.until((f) => expect(f).toMatch(/any card\s+\S+\s+card_arri…\s+off/));
    expect(ws.dataset().showRule('any-card').rule.status).toBe('disabled');
    await app.press('t', 't');
    await app.until((f) => expect(f).toContain('status disabled'));
    expect(rowNames(app.frame())).toEqual(['any card']);
    // The stored metrics were computed for the old ruleset: the rows say so.
    expect(app.frame()).toMatch(/\d stale/);
    app.unmount();
  });

  test('j/k, g/G and paging move the selection; enter opens the rule', async () => {
    const app = renderApp(tmp.open());
    await app.until((f) => expect(f).toMatch(/› exchange rate/));
    await app.press('j', 'j');
    await app.until((f) => expect(f).toMatch(/› pending cash/));
    await app.press('G');
    await app.until((f) => expect(f).toMatch(/› any money/));
    await app.press('k', KEY.up);
    await app.until((f) => expect(f).toMatch(/› card arrival/));
    await app.press('g', KEY.pageDown);
    await app.until((f) => expect(f).toMatch(/› any money/));
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toContain('pattern \\b(?:money|transfer)\\b'));
    await app.press(KEY.escape);
    await app.until((f) => expect(f).toMatch(/› any money/));
    app.unmount();
  });

  test('? shows the help overlay with the badge legend', async () => {
    const app = renderApp(tmp.open());
    await app.press('?');
    const f = await app.until((f) => expect(f).toContain('Help: Rules'));
    expect(f).toContain('D dead (never fires)');
    expect(f).toContain('? help · q quit');
    expectFits(f, 80, 24);
    app.unmount();
  });

  test('m recomputes the metrics in the background and keeps taking keys', async () => {
    const ws = tmp.open();
    await ws.dataset().setRuleStatus('any-money', 'disabled');
    const app = renderApp(ws);
    await app.until((f) => expect(f).toMatch(/\d stale/));
    await app.press('m', 'j');
    await app.until((f) => expect(f).toContain('metrics recomputed for 7 rules'));
    await app.until((f) => expect(f).not.toMatch(/\d stale/));
    // The disabled rule has no metrics on the new run; the ensemble moved.
    expect(app.frame()).toMatch(/any money\s+\S+\s+exchange_…\s+off\s+–/);
    expect(app.frame()).toContain('ensemble P .901 R .711 F1 .795');
    app.unmount();
  });

  test('while metrics recompute, the status line says how far the rules have run', async () => {
    const ws = tmp.open();
    const inline = new InlineJobRunner(ws, ws.dataset().summary().name);
    let release = () => {};
    // The real metrics job, held after a progress report so the frame can be read.
    const jobs: JobRunner = {
      run(kind, args, progress) {
        if (kind !== 'metrics') return inline.run(kind, args, progress);
        // Progress arrives later than the start, as it does from a worker.
        setTimeout(() => progress?.({ phase: 'execute', done: 3, total: 10 }), 0);
        const held = new Promise<void>((r) => (release = r));
        const h = inline.run(kind, args); // its own reports would race the one above
        return { promise: held.then(() => h.promise), cancel: () => h.cancel() };
      },
      close: () => inline.close(),
    };
    const app = renderApp(ws, { jobs });
    await app.until((f) => expect(f).toContain('ensemble'));
    await app.press('m');
    await app.until((f) => expect(f).toContain('recomputing metrics · running rules 30%… (input stays live)'));
    release();
    await app.until((f) => expect(f).toContain('metrics recomputed for 8 rules'));
    app.unmount();
  });
});
