import { describe, expect, test } from 'vitest';
import { firstFiringRule, predictionOf, resolveDocument, resolveRuleAlone, resolveTriples, sameTriples } from '../../../src/core/engine/resolve.js';
import { predict } from '../../../src/core/engine/predict.js';
import { Task, type TaskInput } from '../../../src/core/schemas/task.js';
import { rule } from '../../helpers/rules.js';

const task = (type: TaskInput['type'], over: Partial<TaskInput> = {}) => Task.parse({ name: 't', type, ...over });
const docs = (...texts: string[]) => texts.map((text, i) => ({ id: `d${i}`, text }));

describe('classification', () => {
  const rules = [
    rule('refund-any', 'refund', 'refund', { priority: 1 }),
    rule('card-lost', 'lost.*card', 'lost_card', { priority: 5 }),
    rule('card', 'card', 'card_issue', { priority: 5, validated_precision: 0.9, validated_support: 50 }),
  ];

  test.each([
    ['the higher priority rule wins', 'refund my lost card', 'card', 'card_issue'],
    ['within a priority, the more trusted rule wins', 'I lost my card', 'card', 'card_issue'],
    ['a lower priority rule wins when nothing above fires', 'refund please', 'refund-any', 'refund'],
  ])('%s', (_t, text, ruleId, label) => {
    const { predictions } = predict(task('classification'), rules, docs(text));
    expect(predictions[0]).toEqual({ label, rule_id: ruleId });
  });

  test('no rule fires: abstain with a null label', () => {
    expect(predict(task('classification'), rules, docs('hello')).predictions[0]).toEqual({ label: null, rule_id: null });
  });
});

describe('spans', () => {
  test('output spans carry text and rule id, sorted by position', () => {
    const rules = [rule('year', '\\b\\d{4}\\b', 'DATE'), rule('name', 'Mr\\.? ([A-Z]\\w+)', 'PER', { output: { label: 'PER', group: '$1' } })];
    const { predictions } = predict(task('ner'), rules, docs('In 1999 Mr Smith met Mr. Jones.'));
    expect(predictions[0]!.spans).toEqual([
      { start: 3, end: 7, label: 'DATE', text: '1999', rule_id: 'year' },
      { start: 11, end: 16, label: 'PER', text: 'Smith', rule_id: 'name' },
      { start: 25, end: 30, label: 'PER', text: 'Jones', rule_id: 'name' },
    ]);
  });

  const overlapping = [
    rule('long', 'New York City', 'LOC', { priority: 2 }),
    rule('short', 'w York City', 'LOC', { priority: 1 }),
    rule('org', 'City Bank', 'ORG', { priority: 1 }),
  ];

  test('rulechef policy: same-label IoU > 0.7 dropped, other labels kept', () => {
    const { predictions } = predict(task('ner'), overlapping, docs('New York City Bank'));
    expect(predictions[0]!.spans!.map((s) => s.rule_id)).toEqual(['long', 'org']);
  });

  test('non-overlapping policy: the higher-ordered rule wins any overlap', () => {
    const t = task('ner', { matching: { conflict_policy: 'non_overlapping' } });
    const { predictions } = predict(t, overlapping, docs('New York City Bank'));
    expect(predictions[0]!.spans!.map((s) => s.rule_id)).toEqual(['long']);
  });
});

describe('transformation', () => {
  const rules = [
    rule('amount-eur', '(\\d+) EUR', 'amount', { priority: 2, output: { label: 'amount', group: '$1' } }),
    rule('amount-any', '\\d+', 'amount', { priority: 1 }),
    rule('item', '(?<item>[a-z]+)s?:', 'items', { output: { label: 'items', group: 'item' } }),
  ];
  const t = task('transformation', { list_fields: ['items'], text_field: 'body' });

  test('a scalar field takes the first value in rule order, a list field all values', () => {
    const { predictions } = predict(t, rules, [{ id: 'x', input: { body: 'apple: 3, pear: 12 EUR', other: 'ignored' } }]);
    expect(predictions[0]).toEqual({
      output: { amount: '12', items: ['apple', 'pear'] },
      output_rules: { amount: ['amount-eur'], items: ['item'] },
    });
  });

  test('the conflict policy runs per field', () => {
    const both = [rule('a', '\\d+', 'x'), rule('b', '\\d+', 'y')];
    const tt = task('transformation', { list_fields: ['x', 'y'] });
    expect(predict(tt, both, [{ id: 'x', input: { text: '42' } }]).predictions[0]!.output).toEqual({ x: ['42'], y: ['42'] });
  });
});

describe('re-resolution with rules left out', () => {
  const rules = [
    rule('a', 'New York( City)?', 'LOC', { priority: 3 }),
    rule('b', 'York', 'LOC', { priority: 2 }),
    rule('c', 'York City', 'ORG', { priority: 2 }),
    rule('d', '\\bCity\\b', 'LOC', { priority: 1 }),
    rule('e', '[A-Z]\\w+', 'MISC', { priority: 0 }),
  ];
  const texts = docs('New York City', 'York City', 'a City', 'nothing here', 'New York and York');

  test.each(['ner', 'classification'] as const)('excluding a rule equals running without it (%s)', (type) => {
    for (const policy of ['rulechef', 'non_overlapping'] as const) {
      const t = task(type, { matching: { conflict_policy: policy } });
      const { outputs } = predict(t, rules, texts);
      for (let p = 0; p < rules.length; p++) {
        const id = outputs.rules[p]!.id;
        const without = predict(t, rules.filter((r) => r.id !== id), texts).predictions;
        const mask = new Uint8Array(rules.length);
        mask[p] = 1;
        for (let d = 0; d < texts.length; d++) {
          expect(resolveDocument(outputs, d, new Set([p]))).toEqual(without[d]);
          expect(resolveDocument(outputs, d, mask)).toEqual(without[d]);
        }
        const alone = predict(t, [rules.find((r) => r.id === id)!], texts).predictions;
        for (let d = 0; d < texts.length; d++) expect(resolveRuleAlone(outputs, d, p)).toEqual(alone[d]);
      }
    }
  });

  test.each([
    ['ner', 'rulechef'],
    ['ner', 'non_overlapping'],
    ['transformation', 'rulechef'],
    ['classification', 'rulechef'],
  ] as const)('a resolution made earlier gives the prediction resolving again gives (%s, %s)', (type, policy) => {
    const t = task(type, { matching: { conflict_policy: policy }, ...(type === 'transformation' ? { list_fields: ['LOC'] } : {}) });
    const { outputs } = predict(t, rules, texts);
    for (let m = 0; m < 1 << rules.length; m++) {
      const mask = Uint8Array.from(rules, (_r, p) => (m >> p) & 1);
      for (let d = 0; d < texts.length; d++) {
        const resolved = type === 'classification' ? firstFiringRule(outputs, d, mask) : resolveTriples(outputs, d, mask);
        expect(predictionOf(outputs, d, resolved)).toEqual(resolveDocument(outputs, d, mask));
      }
    }
  });

  test('equal triples, and only equal triples, are the same resolution', () => {
    expect(sameTriples([0, 1, 4, 2, 5, 9], [0, 1, 4, 2, 5, 9])).toBe(true);
    expect(sameTriples([0, 1, 4], [0, 1, 5])).toBe(false);
    expect(sameTriples([0, 1, 4], [0, 1, 4, 2, 5, 9])).toBe(false);
  });

  test('the first firing rule skips excluded positions', () => {
    const { outputs } = predict(task('classification'), rules, texts);
    expect(firstFiringRule(outputs, 0)).toBe(0);
    expect(firstFiringRule(outputs, 0, new Set([0]))).toBe(1);
    expect(firstFiringRule(outputs, 3)).toBe(-1);
  });
});
