import { describe, expect, test } from 'vitest';
import { DEFAULT_RULE_PATTERN } from '../../../../src/core/engine/default-rule.js';
import { predict } from '../../../../src/core/engine/predict.js';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { closingDefault } from '../../../../src/learn/induce/covering/closing-default.js';
import { Pool } from '../../../../src/learn/induce/pool.js';
import { evaluateRulesetNow } from '../../../../src/core/eval/evaluate-ruleset.js';
import { rule } from '../../../helpers/rules.js';

const task = Task.parse({ name: 't', type: 'classification', labels: ['uk', 'other'] });
const ex = (split: string, i: number, text: string, label: string) => Example.parse({ id: `${split}-${i}`, text, label, split });
const rules = [rule('court', '\\bcourt\\b', 'other'), rule('lord', '\\blord\\b', 'uk')];
const train = ['the court held', 'the court ruled', 'my lord said', 'the lord found', 'the court again'].map((t, i) => ex('train', i, t, t.includes('lord') ? 'uk' : 'other'));
const all = new Set(rules.map((r) => r.id));

describe('the closing default', () => {
  test('takes the label most frequent among dev texts no rule labels, not the train majority, and counts as a run would', () => {
    // Train is mostly "other"; what no rule labels on dev is mostly "uk".
    const dev = [
      ex('dev', 0, 'the court held', 'other'),
      ex('dev', 1, 'my lord', 'uk'),
      ex('dev', 2, 'the secretary of state', 'uk'),
      ex('dev', 3, 'the home office', 'uk'),
      ex('dev', 4, 'a solicitor wrote', 'uk'),
      ex('dev', 5, 'the minister', 'uk'),
      ex('dev', 6, 'the applicant', 'other'),
    ];
    const pool = Pool.run(task, rules, train, dev, all);
    const c = closingDefault(pool)!;
    expect(c).toMatchObject({ label: 'uk', unlabelled: 5, right: 4 });
    // Its figures are those of the list run with a default rule after it.
    const withIt = [...rules, rule('dflt', DEFAULT_RULE_PATTERN, 'uk', { priority: -10 })];
    const run = evaluateRulesetNow(task, withIt, dev, { statuses: ['active'], outcomes: false }).totals.counts;
    expect({ tp: c.dev.tp, fp: c.dev.fp, fn: c.dev.fn }).toEqual(run);
    expect(c.after).toBeGreaterThan(c.before);
    expect(predict(task, withIt, [ex('test', 0, 'unseen words', 'uk')]).predictions[0]!.label).toBe('uk');
  });

  test.each([
    ['every dev text is labelled', ['the court held', 'my lord'], ['other', 'uk']],
    ['the unlabelled dev texts are split, so a default is a coin toss', ['the court', 'a b', 'c d', 'e f', 'g h'], ['other', 'uk', 'other', 'uk', 'other']],
  ])('adds nothing when %s', (_, texts, labels) => {
    const dev = texts.map((t, i) => ex('dev', i, t, labels[i]!));
    expect(closingDefault(Pool.run(task, rules, train, dev, all))).toBeNull();
  });

  test('adds nothing when the list already ends with a default, or there is no dev', () => {
    const dev = [ex('dev', 0, 'a b', 'uk'), ex('dev', 1, 'c d', 'uk'), ex('dev', 2, 'e f', 'uk')];
    const withIt = [...rules, rule('dflt', DEFAULT_RULE_PATTERN, 'other', { priority: -10 })];
    expect(closingDefault(Pool.run(task, withIt, train, dev, new Set(withIt.map((r) => r.id))))).toBeNull();
    expect(closingDefault(Pool.run(task, rules, train, null, all))).toBeNull();
    expect(closingDefault(Pool.run(task, rules, train, dev, all))).toMatchObject({ label: 'uk', right: 3 });
  });
});
