import { describe, expect, test } from 'vitest';
import { evaluateRuleset, evaluateRulesetNow, executeRuleset, scorePredictions } from '../../../src/core/eval/evaluate-ruleset.js';
import { buildEvalReport } from '../../../src/core/eval/report.js';
import { sumScores } from '../../../src/core/eval/totals.js';
import { PatternScreen } from '../../../src/core/matchers/pattern-screen.js';
import { Example } from '../../../src/core/schemas/example.js';
import { rule } from '../../helpers/rules.js';
import { makeTask } from '../../helpers/temp.js';

const ner = makeTask({ type: 'ner', labels: ['ORG', 'DATE'] });
const docs = [
  Example.parse({ id: 'd1', text: 'Acme Corp signed on 2024-01-02.', spans: [{ start: 0, end: 9, label: 'ORG' }, { start: 20, end: 30, label: 'DATE' }] }),
  Example.parse({ id: 'd2', text: 'Nothing here, 2023-12-31 maybe.', spans: [{ start: 14, end: 24, label: 'DATE' }] }),
  Example.parse({ id: 'd3', text: 'Globex Corp and Acme Corp.', spans: [{ start: 0, end: 11, label: 'ORG' }] }),
];
const date = rule('date', '\\d{4}-\\d{2}-\\d{2}', 'DATE');
const corp = rule('corp', '[A-Z]\\w+ Corp', 'ORG', { status: 'disabled' });

describe('evaluateRuleset', () => {
  test.each([
    ['every status by default', undefined, { tp: 4, fp: 1, fn: 0 }],
    ['only the statuses asked for', ['active'] as const, { tp: 2, fp: 0, fn: 2 }],
  ])('runs %s', async (_, statuses, counts) => {
    const ev = await evaluateRuleset(ner, [date, corp], docs, { outcomes: false, ...(statuses ? { statuses } : {}) });
    expect(ev.totals.counts).toEqual(counts);
  });

  test('totals are the sums of the per-example scores, and report as the scores do', async () => {
    const ev = await evaluateRuleset(ner, [date, corp], docs);
    expect(ev.scores.map((s) => s.id)).toEqual(['d1', 'd2', 'd3']);
    expect(ev.predictions).toHaveLength(3);
    expect(ev.totals.micro()).toEqual(sumScores(ev.scores).micro());
    expect(buildEvalReport(ner, docs, ev.totals)).toEqual(buildEvalReport(ner, docs, ev.scores));
    expect(ev.scores[2]!.outcomes?.length).toBeGreaterThan(0);
  });

  test('a rule that does not compile is an invalid issue, listed first, and the rest still score', async () => {
    const ev = await evaluateRuleset(ner, [rule('broken', '(unclosed', 'ORG'), date], docs, { outcomes: false });
    expect(ev.issues[0]).toMatchObject({ kind: 'invalid', rule_id: 'broken' });
    expect(ev.totals.counts).toEqual({ tp: 2, fp: 0, fn: 2 });
    expect(ev.outputs.rules.map((r) => r.id)).toEqual(['date']);
  });

  test('the mode option overrides the task’s matching mode', async () => {
    const ev = await evaluateRuleset(ner, [rule('acme', 'Acme', 'ORG')], docs.slice(0, 1), { mode: 'overlap', outcomes: false });
    expect(ev.scorer.mode).toBe('overlap');
    // "Acme" against "Acme Corp": IoU 4/9 is under the 0.5 threshold, so no pair.
    expect(ev.totals.counts).toEqual({ tp: 0, fp: 1, fn: 2 });
  });

  test('at once (no screening pass) it gives the same scores on an offline task', async () => {
    const a = await evaluateRuleset(ner, [date, corp], docs, { outcomes: false });
    const b = evaluateRulesetNow(ner, [date, corp], docs, { outcomes: false });
    expect(b.scores).toEqual(a.scores);
    expect(b.totals.counts).toEqual(a.totals.counts);
  });

  test('its stages compose: execute once, then score the predictions', async () => {
    const exec = executeRuleset(ner, [date, corp], docs, { statuses: ['active'] });
    const { scores } = await scorePredictions(ner, docs, exec.predictions, { outcomes: false });
    const ev = await evaluateRuleset(ner, [date, corp], docs, { statuses: ['active'], outcomes: false });
    expect(scores).toEqual(ev.scores);
    expect(exec.predictions).toEqual(ev.predictions);
  });
});

describe('scorePredictions', () => {
  // A gold value used as the pattern: `(a+)+$` matches "aaaa" at once, so only the screen keeps it from running.
  const task = makeTask({ type: 'transformation', matching: { matchers: { code: 'regex' } } });
  const rows = [
    Example.parse({ id: 'r1', input: { text: 'code: aaaa' }, output: { code: '(a+)+$' } }),
    Example.parse({ id: 'r2', input: { text: 'code: aaaa' }, output: { code: 'a+' } }),
  ];
  const code = rule('code', 'a+', 'code');

  test('screens matcher patterns first and keeps the verdicts in the patterns given', async () => {
    const patterns = new PatternScreen();
    const ev = await evaluateRuleset(task, [code], rows, { patterns });
    expect(ev.scores[0]!.matcher_issues).toEqual([expect.objectContaining({ field: 'code', matcher: 'regex', issue: 'refused' })]);
    expect(ev.scores[1]!.matcher_issues).toBeUndefined();
    expect(patterns.lookup('^(?:(a+)+$)$', '')).toMatchObject({ refused: true });
  });
});
