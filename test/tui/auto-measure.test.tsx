import { describe, expect, test } from 'vitest';
import { InlineJobRunner } from '../../tui/jobs/inline-runner.js';
import type { JobRunner } from '../../tui/jobs/job-runner.js';
import { AUTO_MEASURE_WORK } from '../../tui/model/measure-plan.js';
import { demoWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

/** The table row of a rule: its line of the frame. */
const rowOf = (frame: string, name: string) => frame.split('\n').find((l) => l.slice(2).startsWith(name)) ?? '';

/** The real jobs, with metrics runs held until `release` (the frame can be read while one runs). */
function heldMetrics(inline: InlineJobRunner): { jobs: JobRunner; release: () => void; started: () => number } {
  let started = 0;
  let release = () => {};
  const jobs: JobRunner = {
    run(kind, args, progress) {
      if (kind !== 'metrics') return inline.run(kind, args, progress);
      started++;
      const held = new Promise<void>((r) => (release = r));
      const h = inline.run(kind, args);
      return { promise: held.then(() => h.promise), cancel: () => h.cancel() };
    },
    close: () => inline.close(),
  };
  return { jobs, release: () => release(), started: () => started };
}

describe('the workbench measures by itself when that is cheap', () => {
  const unmeasured = useTemplateWorkspace((ws) => demoWorkspace(ws, { metrics: false }), 'auto-measure-unmeasured');
  const measured = useTemplateWorkspace((ws) => demoWorkspace(ws), 'auto-measure-measured');

  test('opens unmeasured, measures at once and shows the figures (no "press m")', async () => {
    const ws = unmeasured.open();
    expect(ws.dataset().measureNeed()).toMatchObject({ split: 'dev', examples: 90, rules: 8, work: 720, reasons: ['not measured yet'] });
    const app = renderApp(ws, { autoMeasure: AUTO_MEASURE_WORK });
    const f = await app.until((f) => expect(f).toContain('ensemble P .778 R .700 F1 .737'));
    expect(f).not.toContain('press m');
    expect(f).not.toMatch(/\d stale/);
    expect(ws.dataset().listRuns({ kind: 'metrics' }).runs).toHaveLength(1);
    expectFits(f, 80, 24);
    app.unmount();
  });

  test('a disable re-measures, keeping the previous figures on screen until the new ones land', async () => {
    const ws = measured.open();
    const held = heldMetrics(new InlineJobRunner(ws, ws.dataset().summary().name));
    const app = renderApp(ws, { autoMeasure: AUTO_MEASURE_WORK, jobs: held.jobs, columns: 120, rows: 30 });
    // fired, TP, FP of the stored figures.
    await app.until((f) => expect(rowOf(f, 'any card')).toMatch(/\son\s+25\s+18\s+7\s/));
    // Fresh figures on open: nothing to measure.
    expect(held.started()).toBe(0);
    await app.press('/');
    await app.type('any card');
    await app.press(KEY.enter, 'e', 'y');
    await app.until((f) => expect(f).toContain('any card disabled · measuring 90 dev examples × 7 rules…'));
    expect(held.started()).toBe(1);
    // While it runs: the old row, the old ensemble, no stale badge.
    const during = app.frame();
    expect(rowOf(during, 'any card')).toMatch(/\son\s+25\s+18\s+7\s/);
    expect(during).toContain('ensemble P .778 R .700 F1 .737');
    expect(during).not.toMatch(/\d stale/);
    held.release();
    await app.until((f) => expect(f).toContain('metrics recomputed for 7 rules'));
    const after = await app.until((f) => expect(rowOf(f, 'any card')).toMatch(/\soff\s/));
    expect(after).not.toMatch(/\d stale/);
    expect(ws.dataset().rulesOverview().stale).toBe(false);
    app.unmount();
  });

  test('a learn run on the Learn screen is measured when it ends: no stale rows after it', async () => {
    const ws = measured.open();
    const app = renderApp(ws, { autoMeasure: AUTO_MEASURE_WORK, initial: { screen: 'learn' }, columns: 100, rows: 30 });
    await app.until((f) => expect(f).toContain('press enter to start a round'));
    await app.press('o', '-', '-', KEY.enter);
    await app.until((f) => expect(f).toMatch(/run \d+ done in/), 60_000);
    await app.until((f) => expect(f).toMatch(/metrics recomputed for \d+ rules/), 30_000);
    expect(ws.dataset().rulesOverview().stale).toBe(false);
    await app.press('1');
    const rules = await app.until((f) => expect(f).toContain('ensemble'));
    expect(rules).not.toMatch(/\d stale/);
    app.unmount();
  }, 90_000);

  test('the Eval screen evaluates an old recorded result again by itself', async () => {
    const ws = measured.open();
    const first = await ws.dataset().evaluate();
    await ws.dataset().setRuleStatus('any-money', 'disabled');
    const app = renderApp(ws, { autoMeasure: AUTO_MEASURE_WORK, initial: { screen: 'eval' }, columns: 120, rows: 40 });
    const f = await app.until((f) => expect(f).toMatch(new RegExp(`run #${first.run_id + 1} · \\d`)));
    expect(f).not.toContain('stale');
    app.unmount();
    // Off (or too big), it says so and waits for r.
    await ws.dataset().setRuleStatus('any-card', 'disabled');
    const waiting = renderApp(ws, { initial: { screen: 'eval' }, columns: 120, rows: 40 });
    await waiting.until((f) => expect(f).toContain('stale: rules changed since (r runs again)'));
    expect(ws.dataset().listRuns({ kind: 'eval' }).runs).toHaveLength(2);
    waiting.unmount();
  });

  test('too much to measure by itself: it says so and m still does it', async () => {
    const ws = unmeasured.open();
    const app = renderApp(ws, { autoMeasure: 500, columns: 100 });
    const f = await app.until((f) => expect(f).toContain('m measures: 90 dev examples × 8 rules is too many to do by itself (not measured yet)'));
    expect(f).toContain('not measured: press m');
    expect(ws.dataset().listRuns({ kind: 'metrics' }).runs).toHaveLength(0);
    await app.press('m');
    await app.until((f) => expect(f).toContain('ensemble P .778 R .700 F1 .737'));
    app.unmount();
  });
});
