import { describe, expect, test } from 'vitest';
import { isDefaultRule } from '../../../src/core/engine/default-rule.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { defaultLearnerPays, selectionForDefaultLearner, selectionLearner, type LearnContext } from '../../../src/learn/induce/learners.js';
import { resolveOptions } from '../../../src/learn/induce/options.js';
import { newReport } from '../../../src/learn/induce/report.js';
import { skewedMessages } from './fixtures.js';

const sms = Task.parse({ name: 'sms', type: 'classification', labels: ['ham', 'spam'] });
const train = skewedMessages(1, 400, 0.13, 'train');
const dev = skewedMessages(2, 150, 0.13, 'dev');
const ctxOf = (): LearnContext => ({ task: sms, opts: resolveOptions(sms, { dev, seed: 42 }), report: newReport(sms, train.length, dev.length), started: performance.now() });
const majorityRules = (rules: readonly { output: { label: string } }[]) => rules.filter((r) => r.output.label === 'ham' && !isDefaultRule(r as never)).length;

describe('candidate selection learned for the default', () => {
  test('ends with the majority as its default rule, and keeps far fewer majority rules than plain selection', async () => {
    const plain = await selectionLearner.learn(train, ctxOf());
    const forDefault = await selectionForDefaultLearner.learn(train, ctxOf());
    const last = forDefault.rules.at(-1)!;
    expect(isDefaultRule(last)).toBe(true);
    expect(last.output.label).toBe('ham');
    expect(last.priority).toBe(Math.min(...forDefault.rules.map((r) => r.priority)));
    expect(forDefault.rules.filter((r) => isDefaultRule(r))).toHaveLength(1);
    expect(majorityRules(forDefault.rules)).toBeLessThan(majorityRules(plain.rules));
  });

  test.each<[string, (string | null)[], boolean]>([
    ['a majority of 87 %', [...Array<string>(87).fill('ham'), ...Array<string>(13).fill('spam')], true],
    ['five balanced labels', ['a', 'b', 'c', 'd', 'e'], false],
  ])('runs only where the majority is large enough: %s', (_what, labels, pays) => {
    const examples = labels.map((label, i) => ({ id: `${i}`, text: 'x', label }) as Example);
    expect(defaultLearnerPays(examples, null)).toBe(pays);
  });
});
