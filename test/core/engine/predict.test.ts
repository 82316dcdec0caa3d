import { describe, expect, test } from 'vitest';
import { predict, textOf } from '../../../src/core/engine/predict.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';
import { rule } from '../../helpers/rules.js';

const ner = Task.parse({ name: 't', type: 'ner' });

describe('text a rule reads', () => {
  const tf = Task.parse({ name: 't', type: 'transformation', text_field: 'body' });
  test.each<[string, Task, { text?: string; input?: Record<string, unknown> }, string]>([
    ['span tasks read text', ner, { text: 'abc' }, 'abc'],
    ['missing text is empty', ner, {}, ''],
    ['transformation reads input[text_field]', tf, { input: { body: 'the body', title: 'a much longer title here' } }, 'the body'],
    ['else the longest string of input (RuleChef)', tf, { input: { title: 'short', summary: 'the longest one', n: 12345678 } }, 'the longest one'],
    ['no input falls back to text', tf, { text: 'plain' }, 'plain'],
  ])('%s', (_t, task, example, expected) => {
    expect(textOf(task, example)).toBe(expected);
  });
});

describe('predict', () => {
  test('only active rules run by default; statuses widen it', () => {
    const rules = [rule('on', 'a'), rule('off', 'b', 'X', { status: 'disabled' }), rule('new', 'c', 'X', { status: 'proposed' })];
    const ex = [{ id: 'x', text: 'abc' }];
    expect(predict(ner, rules, ex).predictions[0]!.spans!.map((s) => s.rule_id)).toEqual(['on']);
    expect(predict(ner, rules, ex, { statuses: ['active', 'proposed'] }).predictions[0]!.spans!.map((s) => s.rule_id)).toEqual(['on', 'new']);
  });

  test('a rule that does not compile is reported, never silently skipped, and the rest run', () => {
    const rules = [rule('bad', '(unclosed'), rule('empty', ''), rule('good', 'ok')];
    const { predictions, issues } = predict(ner, rules, [{ id: 'x', text: 'ok' }]);
    expect(issues.map((i) => [i.kind, i.rule_id])).toEqual([
      ['invalid', 'bad'],
      ['invalid', 'empty'],
    ]);
    expect(issues[1]!.message).toMatch(/pattern is empty/);
    expect(predictions[0]!.spans).toHaveLength(1);
  });

  test('lexicon rules run next to regex rules', () => {
    const lex = Rule.parse({ id: 'lex', name: 'lex', format: 'lexicon', terms: ['Acme Corp', 'Acme'], output: { label: 'ORG' } });
    const { predictions } = predict(ner, [lex, rule('year', '\\d{4}', 'DATE')], [{ id: 'x', text: 'ACME CORP since 1999; acmeish' }]);
    expect(predictions[0]!.spans!.map((s) => [s.label, s.text, s.rule_id])).toEqual([
      ['ORG', 'ACME CORP', 'lex'],
      ['DATE', '1999', 'year'],
    ]);
  });
});
