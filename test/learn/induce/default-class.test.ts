import { describe, expect, test } from 'vitest';
import { isDefaultRule } from '../../../src/core/engine/default-rule.js';
import { predict } from '../../../src/core/engine/predict.js';
import { Example as ExampleSchema, type Example } from '../../../src/core/schemas/example.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';
import { chooseDefault, defaultCandidate, defaultNote, defaultWorthTrying } from '../../../src/learn/induce/default-class.js';
import { induceRules } from '../../../src/learn/induce/index.js';
import { coveringLearner } from '../../../src/learn/induce/learners.js';
import { resolveOptions } from '../../../src/learn/induce/options.js';
import { newReport } from '../../../src/learn/induce/report.js';
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

  // The closing default is chosen on dev or, with no dev split, on cross-validation's held-out folds.
  test.each<['majority' | 'user' | 'unlabelled', string]>([
    ['user', '(--default-label)'],
    ['unlabelled', '(the most frequent label among held-out texts no rule labels: dev, or the folds of cross-validation)'],
    ['majority', 'default class: every text'],
  ])('the default rule chosen by %s says so in its description', (by, says) => {
    const d = defaultCandidate({ label: 'ham', count: 87, of: 100, by });
    expect(d.description).toContain(says);
    expect(d.description).toContain('87 of 100 train texts (87 %)');
  });

  // [none, appended, own, what the note says]: a default that scored higher yet was not kept did raise F1, and the note says why it was not kept.
  test.each<[number, number | null, number | null, string]>([
    [0.908, 0.917, 0.842, 'as the default raised dev F1 0.908 with no default, 0.917 with it after rules for every label, 0.842 with it and rules learned for the rest, by less than'],
    [0.908, 0.9, null, 'as the default did not raise dev F1 0.908 with no default, 0.900 with it after rules for every label'],
  ])('with no default kept, F1 %f beside %s and %s reads as it was', (none, appended, own, says) => {
    const note = defaultNote({ label: 'ham', count: 187, of: 360, by: 'majority' }, { none, appended, own, chosen: 'none', on: 'dev' });
    expect(note).toContain(says);
    expect(note.startsWith('default: none (texts no rule labels stay unlabelled); ham (52 % of train)')).toBe(true);
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
    // With 8x % ham, covering's folds judge by macro F1 as the arbiter does, and the summary says so.
    if (!held.length) {
      expect(res.report.notes).toContainEqual(expect.stringMatching(/cut the list at rule score [\d.]+ \(held-out macro F1 [\d.]+, each label counting the same as ham holds 8\d % of train; F1 [\d.]+\)/));
      expect(res.report.notes).toContainEqual(expect.stringMatching(/^default: ham .*5-fold cross-validation macro F1 [\d.]+ with no default/));
    }
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

describe('a default learned from what the rules leave unlabelled', () => {
  const task = Task.parse({ name: 'courts', type: 'classification', labels: ['other', 'uk'] });
  const courts = ['district', 'regional', 'supreme', 'city', 'county', 'appeal'];
  const row = (split: 'train' | 'dev' | 'test', i: number, text: string, label: string): Example => ExampleSchema.parse({ id: `${split}-${i}`, text, label, split });
  // "other" holds most of train and always names a court; of "uk", only some texts name a lord.
  const other = (split: 'train' | 'dev', n: number) => Array.from({ length: n }, (_, i) => row(split, i, `the ${courts[i % 6]} court held ${i}`, 'other'));
  const odd = ['zebra quantum', 'violet harbour', 'maple engine', 'copper lantern', 'silent orchard', 'amber crossing', 'velvet summit', 'hollow meadow', 'frozen ledger', 'woven signal', 'brisk tundra', 'scarlet pylon'];

  test('without dev worth judging on, cross-validation finds it where the folds leave texts unlabelled', async () => {
    const train = [...other('train', 40), ...Array.from({ length: 6 }, (_, i) => row('train', 40 + i, `my lord said ${i}`, 'uk')), ...odd.map((t, i) => row('train', 50 + i, t, 'uk'))];
    const res = await induceRules(task, train, { seed: 42 });
    expect(res.rules.filter(isDefaultRule).map((r) => r.output.label)).toEqual(['uk']);
    expect(res.report.default).toMatchObject({ label: 'uk', chosen_by: 'unlabelled', added: true });
    expect(res.report.notes.filter((n) => n.startsWith('default: '))).toEqual([expect.stringMatching(/^default: uk rather than other \(the most frequent label of train\): of the 1\d texts held out by 5-fold cross-validation no rule labels, 1\d are uk/)]);
    expect(predict(task, res.rules, [row('test', 0, 'foreign office replied', 'uk')], { statuses: ['active', 'proposed'] }).predictions[0]!.label).toBe('uk');
    // With --default-label the user's default stands.
    const named = await induceRules(task, train, { seed: 42, defaultLabel: 'other' });
    expect(named.rules.filter(isDefaultRule).map((r) => r.output.label)).toEqual(['other']);
  });

  test('with dev, the covering learner finds it among the dev texts its cut and pruned list leaves unlabelled', async () => {
    const train = [...other('train', 36), ...Array.from({ length: 12 }, (_, i) => row('train', 36 + i, `my lord said ${i}`, 'uk'))];
    const dev = [...other('dev', 12), row('dev', 12, 'the lord found', 'uk'), ...odd.slice(0, 8).map((t, i) => row('dev', 13 + i, t, 'uk'))];
    const report = newReport(task, train.length, dev.length);
    const list = await coveringLearner.learn(train, { task, opts: resolveOptions(task, { dev, seed: 42 }), report, started: performance.now() });
    expect(list.rules.filter(isDefaultRule).map((r) => r.output.label)).toEqual(['uk']);
    expect(report.default).toMatchObject({ label: 'uk', chosen_by: 'unlabelled', added: true, verdict: { on: 'dev' } });
    expect(report.notes.filter((n) => n.startsWith('default: '))).toEqual([expect.stringMatching(/^default: uk rather than other .*: of the 8 dev texts no rule labels, 8 are uk/)]);
    // A fallback pass decides the texts a default would: it was judged against the first pass with the default after each.
    expect(report.notes.filter((n) => /fallback covering pass/.test(n))).toEqual([expect.stringMatching(/\(\d\.\d{3} -> \d\.\d{3}, each with other as the default after it where that scores higher\)/)]);
    // Its figures are counted, not run: they are what the engine gives on dev.
    const stage = report.stages.find((s) => s.stage === 'closing_default')!;
    const run = predict(task, list.rules, dev, { statuses: ['active', 'proposed'] }).predictions.filter((p, i) => p.label === dev[i]!.label).length;
    expect(stage.dev!.tp).toBe(run);
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
