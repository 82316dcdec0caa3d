import { describe, expect, test } from 'vitest';
import { PatternScreen } from '../../../src/core/matchers/pattern-screen.js';
import { Example } from '../../../src/core/schemas/example.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { evaluateRules } from '../../../src/learn/loop/evaluate.js';
import { makeTask } from '../../helpers/temp.js';

// A gold value used as the pattern (`regex` matcher without a pattern of its own): `(a+)+$`
// matches the rule's output "aaaa" at once, so only the ReDoS screen keeps it from running.
const task = makeTask({ type: 'transformation', matching: { matchers: { code: 'regex' } } });
const examples = [
  Example.parse({ id: 'r1', input: { text: 'code: aaaa' }, output: { code: '(a+)+$' } }),
  Example.parse({ id: 'r2', input: { text: 'code: aaaa' }, output: { code: 'a+' } }),
];
const rules = [Rule.parse({ id: 'code', name: 'code', format: 'regex', pattern: 'a+', status: 'proposed', provenance: 'induced', output: { label: 'code' } })];

describe('the learning loop’s own evaluator', () => {
  test('screens matcher patterns as the pipeline does: an exponential gold pattern is refused, by example and field', async () => {
    const r = await evaluateRules(task, rules, examples);
    expect(r.report.micro).toMatchObject({ tp: 1, fp: 1, fn: 1 });
    expect(r.scores[0]!.matcher_issues).toEqual([expect.objectContaining({ field: 'code', matcher: 'regex', issue: 'refused' })]);
    expect(r.scores[1]!.matcher_issues).toBeUndefined();
  });

  test('keeps the screen’s verdicts in ctx.patterns across calls', async () => {
    const patterns = new PatternScreen();
    await evaluateRules(task, rules, examples, { ctx: { patterns } });
    expect(patterns.lookup('^(?:(a+)+$)$', '')).toMatchObject({ refused: true });
    expect(patterns.lookup('^(?:a+)$', '')).toMatchObject({ refused: false });
  });
});
