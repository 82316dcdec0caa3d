import { describe, expect, test } from 'vitest';
import { evaluateRuleset } from '../../../src/core/eval/evaluate-ruleset.js';
import { Example } from '../../../src/core/schemas/example.js';
import * as selection from '../../../src/learn/induce/pipeline.js';
import { rule } from '../../helpers/rules.js';
import { makeTask } from '../../helpers/temp.js';

const task = makeTask({ type: 'classification', labels: ['refund', 'card'] });
const rows = [
  Example.parse({ id: 'q1', text: 'I want a refund', label: 'refund' }),
  Example.parse({ id: 'q2', text: 'my card is lost', label: 'card' }),
  Example.parse({ id: 'q3', text: 'refund my card fee', label: 'card' }),
  Example.parse({ id: 'q4', text: 'hello', label: 'card' }),
];
const rules = [
  rule('refund', '\\brefund\\b', 'refund', { status: 'active', priority: 2 }),
  rule('card', '\\bcard\\b', 'card', { status: 'proposed', priority: 1 }),
  rule('hello', '\\bhello\\b', 'refund', { status: 'disabled' }),
];

describe('the inducer’s selection step', () => {
  test('is named for what it does, apart from the service’s evaluation pipeline', () => {
    expect(typeof selection.selectCandidates).toBe('function');
    expect('runPipeline' in selection).toBe(false);
  });

  test('scoreRules scores the active and proposed rules with the core evaluator’s numbers', async () => {
    const ev = await evaluateRuleset(task, rules, rows, { statuses: ['active', 'proposed'], outcomes: false });
    const { tp, fp, fn } = ev.totals.counts;
    expect(selection.scoreRules(task, rules, rows)).toEqual({ n: 4, ...ev.totals.micro(), tp, fp, fn });
    // The disabled rule stays out: q4 is abstained on, not called a refund.
    expect({ tp, fp, fn }).toEqual({ tp: 2, fp: 1, fn: 2 });
  });
});
