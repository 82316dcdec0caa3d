import { describe, expect, test } from 'vitest';
import { Example, type ExampleInput } from '../../src/core/schemas/example.js';
import { Rule } from '../../src/core/schemas/rule.js';
import { activeRulesHash, datasetHash, exampleContentHash, givenRulesHash, ruleHash } from '../../src/store/fingerprint.js';

const ex = (v: ExampleInput) => Example.parse(v);
const rows = (list: Example[]) => list.map((e) => ({ hash: exampleContentHash(e), split: e.split }));

describe('dataset hash', () => {
  const a = ex({ id: 'a', text: 'Ann met Bob', spans: [{ start: 0, end: 3, label: 'P' }, { start: 8, end: 11, label: 'P' }] });
  const b = ex({ id: 'b', text: 'x', spans: [] });

  test('does not depend on example order', () => {
    expect(datasetHash(rows([a, b]))).toBe(datasetHash(rows([b, a])));
  });

  test('does not depend on span order, span text, empty answers or meta', () => {
    const reordered = ex({ ...a, spans: [{ start: 8, end: 11, label: 'P', text: 'Bob' }, { start: 0, end: 3, label: 'P' }], meta: { from: 'x' } });
    expect(exampleContentHash(reordered)).toBe(exampleContentHash(a));
    expect(exampleContentHash(ex({ id: 'b', text: 'x' }))).toBe(exampleContentHash(b));
  });

  test.each([
    ['a label', { spans: [{ start: 0, end: 3, label: 'Q' }, { start: 8, end: 11, label: 'P' }] }],
    ['an offset', { spans: [{ start: 0, end: 2, label: 'P' }, { start: 8, end: 11, label: 'P' }] }],
    ['the text', { text: 'Ann met Bob.' }],
    ['the id', { id: 'a2' }],
    ['asserted labels', { annotated: ['P'] }],
  ])('changes with %s', (_name, change) => {
    expect(exampleContentHash(ex({ ...a, ...change }))).not.toBe(exampleContentHash(a));
  });

  test('changes when an example moves to another split', () => {
    expect(datasetHash(rows([a, b]))).not.toBe(datasetHash(rows([a, ex({ ...b, split: 'dev' })])));
  });
});

describe('ruleset hash', () => {
  const rule = Rule.parse({ id: 'r1', name: 'money', format: 'regex', pattern: '\\d+', output: { label: 'AMOUNT' } });
  const other = Rule.parse({ id: 'r2', name: 'date', format: 'regex', pattern: '\\d{4}', output: { label: 'DATE' } });

  test('ignores volatile fields', () => {
    const touched = { ...rule, version: 7, flagged: [{ code: 'x', message: 'y' }], description: 'new words' };
    expect(ruleHash(touched)).toBe(ruleHash(rule));
  });

  test('changes with validated stats, which set the execution order', () => {
    expect(ruleHash({ ...rule, validated_precision: 0.9, validated_support: 12 })).not.toBe(ruleHash(rule));
  });

  test('changes with the pattern and ignores rule order and inactive rules', () => {
    expect(ruleHash({ ...rule, pattern: '\\d*' })).not.toBe(ruleHash(rule));
    expect(activeRulesHash([rule, other])).toBe(activeRulesHash([other, rule]));
    expect(activeRulesHash([rule, { ...other, status: 'disabled' }])).toBe(activeRulesHash([rule]));
    expect(givenRulesHash([rule, { ...other, status: 'disabled' }])).not.toBe(givenRulesHash([rule]));
    expect(activeRulesHash([rule, { ...other, status: 'disabled' }])).toBe(givenRulesHash([rule]));
  });
});
