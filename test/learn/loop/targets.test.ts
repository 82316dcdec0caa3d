import { describe, expect, test } from 'vitest';
import { Example } from '../../../src/core/schemas/example.js';
import { Feedback } from '../../../src/core/schemas/feedback.js';
import { computeTargets, isEmptyTargets, labelsOfAnswer } from '../../../src/learn/loop/targets.js';
import { makeTask } from '../../helpers/temp.js';
import { rule } from '../../helpers/rules.js';

const task = makeTask({ type: 'classification', labels: ['refund', 'greet', 'cancel'] });
const caseless = { flags: 'i' } as const;
const rules = [rule('refund', '\\brefund\\b', 'refund', caseless), rule('hello', '\\bhello\\b', 'greet', caseless), rule('cancel', '\\bcancel\\b', 'cancel', caseless), rule('stop', '\\bstop\\b', 'cancel', caseless)];
const examples = new Map([['e1', Example.parse({ id: 'e1', text: 'hello, I want to cancel', label: 'cancel' })]]);
const fb = (id: string, level: 'rule' | 'example', target: string) =>
  Feedback.parse({ id, level, target_id: target, text: 'x', created_at: '2025-01-01T00:00:00Z' });

describe('incremental targets', () => {
  test('rule feedback targets that rule and its label', () => {
    const t = computeTargets(task, rules, [fb('f1', 'rule', 'refund')], [], (id) => examples.get(id));
    expect([...t.rules]).toEqual(['refund']);
    expect([...t.labels]).toEqual(['refund']);
    expect(t.feedback).toEqual(['f1']);
  });

  test('example feedback targets the rules that fired on it and the rules of its label', () => {
    const t = computeTargets(task, rules, [fb('f2', 'example', 'e1')], [], (id) => examples.get(id));
    expect([...t.rules].sort()).toEqual(['cancel', 'hello', 'stop']);
    expect([...t.labels]).toEqual(['cancel']);
    expect([...t.examples]).toEqual(['e1']);
  });

  test('a correction targets what fired, the rules of the expected label, and both labels', () => {
    const t = computeTargets(
      task,
      rules,
      [],
      [{ id: 'c1', example_ids: ['correction-c1'], text: 'hello, refund me', produced: { label: 'greet' }, expected: { label: 'refund' } }],
      () => undefined,
    );
    expect([...t.rules].sort()).toEqual(['hello', 'refund']);
    expect([...t.labels].sort()).toEqual(['greet', 'refund']);
    expect([...t.examples]).toEqual(['correction-c1']);
    expect(t.reasons[0]).toMatchObject({ source: 'correction', id: 'c1' });
  });

  test('feedback on a missing rule or example targets nothing and says why', () => {
    const t = computeTargets(task, rules, [fb('f3', 'rule', 'gone'), fb('f4', 'example', 'nope')], [], () => undefined);
    expect(isEmptyTargets(t)).toBe(true);
    expect(t.feedback).toEqual([]);
    expect(t.reasons.map((r) => r.note)).toEqual(['rule "gone" is not active', 'example "nope" does not exist']);
  });

  test('labels of an answer', () => {
    expect(labelsOfAnswer({ spans: [{ start: 0, end: 1, label: 'A' }, { start: 1, end: 2, label: 'A' }] })).toEqual(['A']);
    expect(labelsOfAnswer({ output: { total: '1', date: null, items: [] } }).sort()).toEqual(['items', 'total']);
    expect(labelsOfAnswer({ label: null })).toEqual([]);
  });
});
