import { describe, expect, test } from 'vitest';
import { isDefaultRule } from '../../../src/core/engine/default-rule.js';
import { predict } from '../../../src/core/engine/predict.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';
import { chooseDefault, defaultWorthTrying } from '../../../src/learn/induce/default-class.js';
import { induceRules } from '../../../src/learn/induce/index.js';
import { fallbackPriority } from '../../../src/learn/induce/patch.js';
import { KeywordList } from '../../bench/learning/keyword-list.js';
import { rule } from '../../helpers/rules.js';
import { intents, skewedMessages } from './fixtures.js';

const sms = Task.parse({ name: 'sms', type: 'classification', labels: ['ham', 'spam'] });

/** F1 of one class over the examples, from predicted labels (an abstention is a miss). */
function classF1(examples: readonly Example[], predicted: readonly (string | null | undefined)[], cls: string): number {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  examples.forEach((e, i) => {
    const p = predicted[i];
    if (p === cls && e.label === cls) tp++;
    else if (p === cls) fp++;
    else if (e.label === cls) fn++;
  });
  return (2 * tp) / (2 * tp + fp + fn);
}

describe('choosing the default class', () => {
  // [labels, user, label, count, of, by]
  test.each<[(string | null)[], string | undefined, string | null, number, number, string]>([
    [['ham', 'spam', 'ham', null], undefined, 'ham', 2, 3, 'majority'],
    [['b', 'a', 'a', 'b'], undefined, 'a', 2, 4, 'majority'],
    [['ham', 'spam', 'ham'], 'spam', 'spam', 1, 3, 'user'],
  ])('%j (user: %s) -> %s', (labels, user, label, count, of, by) => {
    expect(chooseDefault(labels, user)).toEqual({ label, count, of, by });
  });

  test('no labelled text, no default', () => {
    expect(chooseDefault([null, null])).toBeNull();
  });

  // [count, of, by, held-out F1 of the list, worth trying]: a default pays when its share is at least half the F1.
  test.each<[number, number, 'majority' | 'user', number, boolean]>([
    [87, 100, 'majority', 0.9, true],
    [23, 100, 'majority', 0.83, false],
    [45, 100, 'majority', 0.9, true],
    [10, 100, 'user', 0.9, true],
  ])('%i of %i (%s) beside F1 %f: worth trying %s', (count, of, by, f1, worth) => {
    expect(defaultWorthTrying({ label: 'x', count, of, by }, f1)).toBe(worth);
  });
});

describe('the offline inducer on a skewed binary set', () => {
  const train = skewedMessages(1, 400, 0.13, 'train');
  const dev = skewedMessages(2, 100, 0.13, 'dev');
  const test_ = skewedMessages(3, 1000, 0.13, 'test');
  const keywordF1 = (rows: readonly Example[]) => {
    const list = KeywordList.train(rows.map((e) => ({ text: e.text!, label: e.label! })));
    return classF1(test_, test_.map((e) => list.classify(e.text!)), 'spam');
  };
  const spamF1 = (rules: readonly Rule[]) => classF1(test_, predict(sms, rules, test_, { statuses: ['active', 'proposed'] }).predictions.map((p) => p.label), 'spam');

  test.each([
    ['with a dev split', dev],
    ['without one (cross-validation on train)', [] as Example[]],
  ])('%s: the majority class is the default rule, the rules are the minority class\'s, and spam F1 is at least the keyword list\'s', async (_t, held) => {
    const res = await induceRules(sms, train, { dev: held, seed: 42 });
    const defaults = res.rules.filter(isDefaultRule);
    expect(defaults.map((r) => r.output.label)).toEqual(['ham']);
    expect(defaults[0]!.priority).toBe(Math.min(...res.rules.map((r) => r.priority)));
    expect(res.rules.filter((r) => !isDefaultRule(r)).every((r) => r.output.label === 'spam')).toBe(true);
    expect(res.report.default).toMatchObject({ label: 'ham', chosen_by: 'majority', added: true });
    expect(res.report.notes).toContainEqual(expect.stringMatching(/^default: ham \(the most frequent label, 8\d % of train\)/));
    expect(spamF1(res.rules)).toBeGreaterThanOrEqual(keywordF1([...train, ...held]));
  });

  test('the default the user names is the default, whatever the figures', async () => {
    const res = await induceRules(sms, train, { dev, seed: 42, defaultLabel: 'spam' });
    expect(res.rules.filter(isDefaultRule).map((r) => r.output.label)).toEqual(['spam']);
    expect(res.report.default).toMatchObject({ label: 'spam', chosen_by: 'user', added: true });
    expect(res.report.notes).toContainEqual(expect.stringMatching(/^default: spam \(chosen with --default-label; 1\d % of train\)/));
  });
});

describe('a balanced task', () => {
  test('gets no default when the rules already label what they can: abstaining beats guessing one of four', async () => {
    const task = Task.parse({ name: 'intents', type: 'classification', labels: ['cash_limit', 'pending_cash', 'pending_transfer', 'refund_request'] });
    const res = await induceRules(task, intents(1, 30, 'train'), { dev: intents(2, 10, 'dev'), seed: 42 });
    expect(res.rules.some(isDefaultRule)).toBe(false);
    expect(res.report.default?.added ?? false).toBe(false);
  });
});

describe('where a patch puts a fallback', () => {
  const at = (priority: number, pattern = '\\bx\\b') => rule(`r${priority}`, pattern, 'x', { priority });
  const dflt = (priority: number) => at(priority, '^[\\s\\S]');
  // [title, current rules, priority]
  test.each<[string, Rule[], number]>([
    ['below every rule when there is no default', [at(3), at(2)], 1],
    ['just above the default, a whole priority when there is room', [at(3), at(2), dflt(0)], 1],
    ['halfway between the lowest rule and the default when there is none', [at(3), at(1), dflt(0)], 0.5],
    ['above a default that is the only rule', [dflt(0)], 1],
  ])('%s', (_t, current, priority) => {
    expect(fallbackPriority(current)).toBe(priority);
  });
});
