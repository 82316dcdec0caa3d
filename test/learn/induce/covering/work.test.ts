import { describe, expect, test } from 'vitest';
import { Task } from '../../../../src/core/schemas/task.js';
import { spend, WorkBudget, workDone } from '../../../../src/learn/induce/covering/work.js';
import { induceRules } from '../../../../src/learn/induce/index.js';
import { TUNING } from '../../../../src/learn/induce/tuning.js';
import { intents } from '../fixtures.js';
import { overrideTuning } from '../../../bench/learning/held-out.js';

const task = Task.parse({ name: 'intents', type: 'classification', labels: ['cash_limit', 'pending_cash', 'pending_transfer', 'refund_request'] });
const CUT = /^cross-validation ran out of its share of the budget \(50 % of --budget, counted in work so that every run judges the same settings\)/;

/** Runs `f` with `TUNING.covering.workPerMs` set to `perMs`, and puts it back. */
async function withWorkRate<T>(perMs: number, f: () => Promise<T>): Promise<T> {
  const restore = overrideTuning(TUNING, [`covering.workPerMs=${perMs}`]);
  try {
    return await f();
  } finally {
    restore();
  }
}

describe('the work budget', () => {
  test('counts the work spent since it was made, and is over when that reaches its units', () => {
    const b = new WorkBudget(100, Infinity);
    const before = workDone();
    spend(60);
    expect(workDone() - before).toBe(60);
    expect(b.spent()).toBe(60);
    expect(b.over()).toBe(false);
    expect(b.fits(39)).toBe(true);
    expect(b.fits(40)).toBe(false);
    spend(40);
    expect(b.over()).toBe(true);
    expect(b.byClock()).toBe(false);
  });

  test('is over when its clock runs out first, and says the clock stopped it', () => {
    const b = new WorkBudget(1e12, performance.now() - 1);
    expect(b.over()).toBe(true);
    expect(b.byClock()).toBe(true);
  });
});

describe("cross-validation's grid stops by work, not by the clock", () => {
  const train = intents(1, 5, 'train');

  test('with work for only part of the grid, every run judges the same settings and learns the same list', async () => {
    // 600 s of clock could judge the whole grid many times over: only the work can stop it here.
    const run = () => withWorkRate(1, () => induceRules(task, train, { learnBudgetMs: 600_000 }));
    const [a, b] = [await run(), await run()];
    const cut = a.report.notes.filter((n) => CUT.test(n));
    expect(cut).toHaveLength(1);
    expect(cut[0]).not.toMatch(/the clock stopped it first/);
    expect(b.rules.map((r) => r.name)).toEqual(a.rules.map((r) => r.name));
    expect(b.report.notes).toEqual(a.report.notes);
  });

  test('with work enough for the whole grid, no cut is reported', async () => {
    const res = await induceRules(task, train, { learnBudgetMs: 600_000 });
    expect(res.report.notes.some((n) => CUT.test(n))).toBe(false);
  });

  test('on a machine slower than measured, the clock stops it and the summary says another run may differ', async () => {
    const res = await withWorkRate(1e15, () => induceRules(task, train, { learnBudgetMs: 1 }));
    expect(res.report.notes.find((n) => CUT.test(n))).toMatch(/the clock stopped it first \(at 75 % of --budget\): this machine ran slower than the work share assumes/);
  });
});
