import { describe, expect, test } from 'vitest';
import { DEFAULT_RULE_PATTERN, isDefaultRule } from '../../../src/core/engine/default-rule.js';
import { predict } from '../../../src/core/engine/predict.js';
import { checkRule } from '../../../src/core/safety/check-rule.js';
import { Example } from '../../../src/core/schemas/example.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';
import { rule } from '../../helpers/rules.js';

const task = Task.parse({ name: 'sms', type: 'classification', labels: ['ham', 'spam'] });

describe('the default rule', () => {
  // [title, rule, is a default rule]
  test.each<[string, Rule, boolean]>([
    ['the default pattern', rule('d', DEFAULT_RULE_PATTERN, 'ham'), true],
    ['the default pattern with flags', rule('d', DEFAULT_RULE_PATTERN, 'ham', { flags: 'i' }), true],
    ['the default pattern in the Python dialect', rule('d', DEFAULT_RULE_PATTERN, 'ham', { dialect: 'python' }), true],
    ['an unanchored any-character catch-all', rule('d', '[\\s\\S]', 'ham'), false],
    ['a catch-all .+', rule('d', '.+', 'ham'), false],
    ['the default pattern with a group', rule('d', DEFAULT_RULE_PATTERN, 'ham', { group: '$1' }), false],
    ['the default pattern under a condition', rule('d', DEFAULT_RULE_PATTERN, 'ham', { when: { meta: { channel: 'sms' } } }), false],
  ])('%s: %s', (_t, r, expected) => {
    expect(isDefaultRule(r)).toBe(expected);
  });

  test.each(['add', 'import', 'learn'] as const)('passes the checks in %s mode, with no flag', async (mode) => {
    const c = await checkRule(rule('d', DEFAULT_RULE_PATTERN, 'ham'), { mode });
    expect(c.ok).toBe(true);
    expect(c.problems).toEqual([]);
    expect(c.rule.status).toBe('active');
  });

  test('a catch-all written another way is still rejected, and the message names the default form', async () => {
    const c = await checkRule(rule('r', '.+', 'ham'), { mode: 'add', redos: 'off' });
    expect(c.ok).toBe(false);
    expect(c.problems[0]!.message).toContain(`the pattern ${DEFAULT_RULE_PATTERN} at the lowest priority`);
  });

  test('at the lowest priority it labels every text no other rule labels, and a text with no character stays unlabelled', () => {
    const rules = [rule('spam', '\\bprize\\b', 'spam', { priority: 1 }), rule('d', DEFAULT_RULE_PATTERN, 'ham', { priority: 0 })];
    const texts = ['you won a prize', 'see you at lunch', ' ', ''];
    const examples = texts.map((text, i) => Example.parse({ id: `e${i}`, text }));
    const { predictions } = predict(task, rules, examples);
    expect(predictions.map((p) => p.label ?? null)).toEqual(['spam', 'ham', 'ham', null]);
  });
});
