import { describe, expect, test } from 'vitest';
import { compileWhen, describeWhen } from '../../../src/core/engine/when.js';
import { predict } from '../../../src/core/engine/predict.js';
import { Rule, RuleWhen } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';
import { loadRuleset } from '../../../src/runtime/index.js';

const slots = Task.parse({ name: 'slots', type: 'extraction' });
const bare = (id: string, label: string, slot: string): Rule =>
  Rule.parse({ id, name: id, format: 'regex', pattern: '^\\d+$', output: { label }, when: { meta: { requested_slots: slot } } });

describe('rules with a metadata condition', () => {
  test.each<[string, Record<string, unknown> | undefined, boolean]>([
    ['a list field that holds the value', { requested_slots: ['time', 'date'] }, true],
    ['a scalar field equal to the value', { requested_slots: 'time' }, true],
    ['a list field without it', { requested_slots: ['people'] }, false],
    ['another field', { asked: 'time' }, false],
    ['no metadata at all', undefined, false],
  ])('%s', (_t, meta, fires) => {
    expect(compileWhen({ meta: { requested_slots: 'time' } })!(meta)).toBe(fires);
  });

  test('a rule without a condition always applies', () => {
    expect(compileWhen(undefined)).toBeNull();
  });

  test('the engine runs a conditional rule only where its condition holds', () => {
    const rules = [bare('t', 'time', 'time'), bare('p', 'people', 'people')];
    const examples = [
      { id: 'a', text: '7', meta: { requested_slots: ['time'] } },
      { id: 'b', text: '7', meta: { requested_slots: ['people'] } },
      { id: 'c', text: '7' },
    ];
    const labels = predict(slots, rules, examples).predictions.map((p) => (p.spans ?? []).map((s) => s.label));
    expect(labels).toEqual([['time'], ['people'], []]);
  });

  test('the runtime passes each input’s meta to the rules', () => {
    const rs = loadRuleset({ rulewright: 1, task: { name: 's', type: 'extraction' }, rules: [bare('t', 'time', 'time')] });
    const out = rs.run([{ text: '8', meta: { requested_slots: ['time'] } }, '8']);
    expect(out.predictions.map((p) => p.spans?.length ?? 0)).toEqual([1, 0]);
  });

  test.each<[string, unknown]>([
    ['no field', { meta: {} }],
    ['an unknown key', { meta: { a: 'b' }, text: 'x' }],
    ['an object value', { meta: { a: { b: 1 } } }],
  ])('a condition with %s is refused', (_t, when) => {
    expect(RuleWhen.safeParse(when).success).toBe(false);
  });

  test('reads as field = value', () => {
    expect(describeWhen({ meta: { requested_slots: 'time', channel: 'sms' } })).toBe('requested_slots = time and channel = sms');
  });
});
