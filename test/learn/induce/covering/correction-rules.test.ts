import { describe, expect, test } from 'vitest';
import { runRules } from '../../../../src/core/engine/predict.js';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { correctionRules } from '../../../../src/learn/induce/covering/correction-rules.js';

const task = Task.parse({ name: 'support', type: 'classification', labels: ['billing', 'shipping', 'technical', 'account'] });

const rows: [string, string, string][] = [
  ['b1', 'Why did my invoice go up this month?', 'billing'],
  ['b2', 'Why did you charge me twice?', 'billing'],
  ['b3', 'There is a charge on my card I do not know.', 'billing'],
  ['s1', 'Why did my package not arrive yet?', 'shipping'],
  ['s2', 'Why did the delivery get delayed again?', 'shipping'],
  ['t1', 'Why did the app crash when I opened it?', 'technical'],
  ['a1', 'Why did my password stop working?', 'account'],
  ['a2', 'I forgot my password again.', 'account'],
];
const train = rows.map(([id, text, label]) => Example.parse({ id, text, label, split: 'train' }));
const correction = (id: string, text: string, label: string, corrects?: string) =>
  Example.parse({ id, text, label, split: 'train', source: 'correction', ...(corrects ? { meta: { corrects } } : {}) });

/** The train texts a rule fires on. */
const firesOn = (rule: Parameters<typeof runRules>[1][number], examples: readonly Example[]) => [...runRules(task, [rule], examples).ruleDocs[0]!].map((d) => examples[d]!.id);

describe('correction rules', () => {
  test.each([
    ['a "why did" billing question', 'Why did my bill go up?'],
    ['a text of common words only', 'Why did it go up again?'],
    ['a text with one telling word', 'Why did you take 30 dollars twice?'],
  ])('%s gets a rule that catches no train text of another label', (_what, text) => {
    const c = correction('correction-c1', text, 'billing');
    const r = correctionRules(task, [c, ...train], [], [], 'ind-');
    expect(r.checks).toHaveLength(1);
    const k = r.checks[0]!;
    expect(k.catches).toEqual([]);
    expect(r.rules.map((x) => x.id)).toEqual([k.rule.id]);
    // Run for real: it fires on the correction and on no shipping, technical or account text.
    const fired = firesOn(k.rule, [c, ...train]);
    expect(fired).toContain('correction-c1');
    expect(fired.filter((id) => !id.startsWith('b') && id !== 'correction-c1')).toEqual([]);
    expect(k.rule.description).toMatch(/^from correction correction-c1: .* fires on \d+ train texts? of billing, none of another label$/);
  });

  test('a rule that still catches texts of other labels is refused, naming them', () => {
    // The same words as a shipping text: no condition on its own text leaves that text out.
    const c = correction('correction-c1', 'Why did my package not arrive yet?', 'billing');
    const r = correctionRules(task, [c, ...train], [], [], 'ind-');
    expect(r.rules).toEqual([]);
    expect(r.checks[0]!.catches).toEqual([{ id: 's1', label: 'shipping', text: 'Why did my package not arrive yet?' }]);
  });

  test('the example a correction corrects is not held against its rule', () => {
    // The person says s1 is billing: s1's own gold is what they overrode.
    const c = correction('correction-c1', 'Why did my package not arrive yet?', 'billing', 's1');
    const r = correctionRules(task, [c, ...train], [], [], 'ind-');
    expect(r.checks[0]!.catches).toEqual([]);
    expect(r.rules).toHaveLength(1);
    expect(firesOn(r.rules[0]!, train)).not.toContain('s2');
  });

  test('a correction the rules already get right gets no rule', () => {
    const c = correction('correction-c1', 'Why did my bill go up?', 'billing');
    const rule = correctionRules(task, [c, ...train], [], [], 'ind-').rules[0]!;
    expect(correctionRules(task, [c, ...train], [], [rule], 'ind-')).toEqual({ rules: [], checks: [], notes: [] });
  });
});
