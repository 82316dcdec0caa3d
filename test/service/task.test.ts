import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { screenTaskChange } from '../../src/service/task.js';
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
    const r = ws.dataset().updateTask({
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
    expect(ws.dataset().showTask().task).toEqual(r.task);
    const unset = ws.dataset().updateTask({ unset_matchers: ['company'] });
    expect(Object.keys(unset.task.matching.matchers)).toEqual(['total', 'date']);
    expect(ws.dataset().updateTask({ mode: 'overlap' }).changed).toEqual([]);
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
    const before = ws.dataset().showTask().task;
    let err: unknown;
    try {
      ws.dataset().updateTask(change);
    } catch (e) {
      err = e;
    }
    if (err) expect(err).toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(message) });
    else expect.unreachable('expected an error');
    expect(ws.dataset().showTask().task).toEqual(before);
    ws.close();
  });

  test.each([
    ['a regex pattern in the options', { matchers: { total: '{"name": "regex", "options": {"pattern": "(a+)+$"}}' } }, 'matcher for "total"'],
    ['a composite component', { matchers: { total: '{"name": "composite", "options": {"components": [{"matcher": {"name": "regex", "options": {"pattern": "(a+)+$"}}}]}}' } }, 'matcher for "total"'],
    ['a set_match item', { matchers: { total: '{"name": "set_match", "options": {"item": {"name": "regex", "options": {"pattern": "(\\\\w+\\\\s?)*$"}}}}' } }, 'matcher for "total"'],
    ['a JSON Schema pattern', { matchers: { total: '{"name": "schema", "options": {"json_schema": {"type": "string", "pattern": "(a+)+$"}}}' } }, 'matcher for "total"'],
    ['the default matcher', { default_matcher: '{"name": "regex", "options": {"pattern": "(a+)+$"}}' }, 'default matcher'],
  ])('a catastrophic pattern fixed in the config (%s) is refused when set, naming it and the fix; nothing changes', (_what, change, where) => {
    const ws = open();
    const before = ws.dataset().showTask().task;
    expect(() => ws.dataset().updateTask(change)).toThrow(
      expect.objectContaining({
        code: 'BAD_INPUT',
        message: expect.stringMatching(new RegExp(`^${where}: the pattern /.+/ is refused: the ReDoS screen found exponential backtracking .*rewrite it without nested or overlapping repetition; nothing was changed$`)),
      }),
    );
    expect(ws.dataset().showTask().task).toEqual(before);
    ws.close();
  });

  test('a fixed pattern quoted in the refusal is cut to 200 characters', () => {
    const ws = open();
    const long = `(a+)+${'b'.repeat(300)}$`;
    let message = '';
    try {
      ws.dataset().updateTask({ matchers: { total: JSON.stringify({ name: 'regex', options: { pattern: long } }) } });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/the pattern \/\^\(\?:\(a\+\)\+b{150,200}…\/ is refused/);
    expect(message.length).toBeLessThan(600);
    ws.close();
  });

  test('a pattern only the full screen decides is refused by screenTaskChange, before anything changes', async () => {
    // A 5,000-character literal is more than the static part reads; recheck finds the attack.
    const change = { matchers: { total: JSON.stringify({ name: 'regex', options: { pattern: `(a+)+${'b'.repeat(5000)}$` } }) } };
    await expect(screenTaskChange(change)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/^matcher for "total": the pattern \/.{1,200}\/ is refused: the ReDoS screen found exponential backtracking/),
    });
    await expect(screenTaskChange({ matchers: { total: '{"name": "regex", "options": {"pattern": "R\\\\d+"}}', date: 'date' } })).resolves.toBeUndefined();
  }, 30_000);

  test('options written beside the name are refused with where they go', () => {
    const ws = open();
    expect(() => ws.dataset().updateTask({ matchers: { total: '{"name": "regex", "pattern": "(a+)+$"}' } })).toThrow(
      expect.objectContaining({
        code: 'BAD_INPUT',
        message: `--matcher total: "pattern" is not a key of a matcher reference; a matcher's options go under "options": '{"name":"regex","options":{"pattern":"(a+)+$"}}'`,
      }),
    );
    ws.close();
  });

  test('a polynomial fixed pattern is kept with a warning that it runs under the time budget', () => {
    const ws = open();
    const r = ws.dataset().updateTask({ matchers: { total: '{"name": "regex", "options": {"pattern": "\\\\d+\\\\s*\\\\d+x"}}' } });
    expect(r.changed).toEqual(['matching.matchers.total']);
    expect(r.warnings).toEqual([expect.stringMatching(/^matcher for "total": the pattern \/.+\/ has 2nd degree polynomial backtracking \(about \d+ characters cost 100 ms\): runs under the time budget$/)]);
    ws.close();
  });

  test('a matcher that is not built in is kept with a warning (a user module provides it at eval)', () => {
    const ws = open();
    const r = ws.dataset().updateTask({ matchers: { total: 'my_total', extra: 'exact' } });
    expect(r.task.matching.matchers.total).toBe('my_total');
    expect(r.warnings).toEqual([
      expect.stringMatching(/"my_total" is not a built-in matcher; pass the module that defines it with `rulewright eval --matchers FILE`/),
      '"extra" is not one of the task\'s labels (total, date, company)',
    ]);
    ws.close();
  });
});
