import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { useTempDir } from '../helpers/temp.js';

describe('task show and set', () => {
  const tmp = useTempDir();
  const open = () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'sroie', type: 'transformation', labels: ['total', 'date', 'company'] });
    return ws;
  };

  test('sets per-field matchers (names and JSON with options), mode and budget; says what changed', () => {
    const ws = open();
    const r = ws.updateTask({
      matchers: { total: '{"name": "numeric_tolerance", "options": {"abs": 0.005}}', date: 'date', company: 'normalized' },
      rule_budget_ms: 50,
      mode: 'overlap',
    });
    expect(r.task.matching).toMatchObject({
      mode: 'overlap',
      rule_budget_ms: 50,
      matchers: { total: { name: 'numeric_tolerance', options: { abs: 0.005 } }, date: 'date', company: 'normalized' },
    });
    expect(r.changed).toEqual(['matching.mode', 'matching.matchers.total', 'matching.matchers.date', 'matching.matchers.company', 'matching.rule_budget_ms']);
    expect(ws.showTask().task).toEqual(r.task);
    const unset = ws.updateTask({ unset_matchers: ['company'] });
    expect(Object.keys(unset.task.matching.matchers)).toEqual(['total', 'date']);
    expect(ws.updateTask({ mode: 'overlap' }).changed).toEqual([]);
    ws.close();
  });

  test.each([
    [{ matchers: { total: '{"name": bad}' } }, /--matcher total: not valid JSON/],
    [{ matchers: { total: '{"options": {}}' } }, /expected a matcher name/],
    [{ matchers: { total: '{"name": "numeric_tolerance", "options": {"abs": "x"}}' } }, /options of matcher "numeric_tolerance"/],
    [{ mode: 'fuzzy' }, /unknown matching mode/],
    [{ conflict_policy: 'random' }, /unknown conflict policy/],
    [{ iou_threshold: 2 }, /iou_threshold/],
  ])('%j is refused and nothing changes', (change, message) => {
    const ws = open();
    const before = ws.showTask().task;
    let err: unknown;
    try {
      ws.updateTask(change);
    } catch (e) {
      err = e;
    }
    if (err) expect(err).toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(message) });
    else expect.unreachable('expected an error');
    expect(ws.showTask().task).toEqual(before);
    ws.close();
  });

  test('a matcher that is not built in is kept with a warning (a user module provides it at eval)', () => {
    const ws = open();
    const r = ws.updateTask({ matchers: { total: 'my_total', extra: 'exact' } });
    expect(r.task.matching.matchers.total).toBe('my_total');
    expect(r.warnings).toEqual([
      expect.stringMatching(/"my_total" is not a built-in matcher; pass the module that defines it with `rulewright eval --matchers FILE`/),
      '"extra" is not one of the task\'s labels (total, date, company)',
    ]);
    ws.close();
  });
});
