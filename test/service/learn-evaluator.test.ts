import { describe, expect, test } from 'vitest';
import { evaluateRuleset } from '../../src/core/eval/evaluate-ruleset.js';
import { Example } from '../../src/core/schemas/example.js';
import { evaluateRules } from '../../src/learn/loop/evaluate.js';
import { pipelineEvaluator } from '../../src/service/learn-evaluator.js';
import { rule } from '../helpers/rules.js';
import { makeTask } from '../helpers/temp.js';

const task = makeTask({ type: 'ner', labels: ['PER', 'LOC'] });
const rows = [
  Example.parse({ id: 'd1', text: 'Ann met Bob in Oslo', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 15, end: 19, label: 'LOC' }] }),
  Example.parse({ id: 'd2', text: 'Oslo and Bergen are cold', spans: [{ start: 0, end: 4, label: 'LOC' }, { start: 9, end: 15, label: 'LOC' }] }),
];
const rules = [
  rule('per', '\\b(?:Ann|Bob|Oslo)\\b', 'PER', { status: 'proposed' }),
  rule('loc', '\\bOslo\\b', 'LOC', { status: 'disabled', priority: 1 }),
  rule('broken', '(unclosed', 'LOC'),
];

describe('the learning loop’s evaluators', () => {
  test('the service’s and the loop’s own give the core evaluator’s numbers for every status', async () => {
    const core = await evaluateRuleset(task, rules, rows, { outcomes: false });
    const service = await pipelineEvaluator(task)(rules, rows, { outcomes: false, split: 'dev' });
    const loop = await evaluateRules(task, rules, rows, { split: 'dev' });
    // The disabled LOC rule runs too, and its Oslo outranks the PER rule's: no false positive.
    expect(core.totals.counts).toEqual({ tp: 4, fp: 0, fn: 1 });
    for (const ev of [service, loop]) {
      expect(ev.scores).toEqual(core.scores);
      expect(ev.predictions).toEqual(core.predictions);
      expect(ev.metrics).toEqual(core.totals.micro());
      expect(ev.report.split).toBe('dev');
    }
  });

  test('the service’s notes what did not run; the loop’s own leaves notes to its caller', async () => {
    const service = await pipelineEvaluator(task)(rules, rows, { outcomes: false, split: null });
    const loop = await evaluateRules(task, rules, rows);
    expect(service.report.notes).toContainEqual(expect.stringMatching(/1 rule could not be compiled and did not run: broken/));
    expect(loop.report.notes.some((n) => n.includes('could not be compiled'))).toBe(false);
  });
});
