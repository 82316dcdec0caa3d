import { describe, expect, test } from 'vitest';
import { draftToRule } from '../../../src/learn/loop/drafts.js';
import type { RuleDraft } from '../../../src/learn/prompts/answer-schema.js';

const base: RuleDraft = {
  name: 'refund word',
  description: 'the word refund',
  format: 'regex',
  pattern: '\\brefund\\b',
  terms: null,
  flags: 'i',
  dialect: null,
  group: null,
  label: 'refund',
  priority: null,
  confidence: null,
};
const ctx = { id: 'llm-refund-1', provenance: 'llm' as const, labels: ['refund', 'greet'] };

describe('draftToRule', () => {
  test('a good draft becomes a proposed rule with defaults filled in', () => {
    expect(draftToRule(base, { ...ctx, origin: 'LLM synthesis for refund' })).toMatchObject({
      id: 'llm-refund-1',
      name: 'refund word',
      description: 'the word refund (LLM synthesis for refund)',
      format: 'regex',
      pattern: '\\brefund\\b',
      flags: 'i',
      dialect: 'js',
      output: { label: 'refund', group: '$0' },
      priority: 0,
      confidence: 0.5,
      status: 'proposed',
      provenance: 'llm',
    });
  });

  test.each<[string, Partial<RuleDraft>, Record<string, unknown>]>([
    ['group 1', { group: '1' }, { output: { label: 'refund', group: '$1' } }],
    ['group $2', { group: '$2' }, { output: { label: 'refund', group: '$2' } }],
    ['a named group in brackets', { group: '<amount>' }, { output: { label: 'refund', group: 'amount' } }],
    ['the label in another case', { label: 'REFUND' }, { output: { label: 'refund', group: '$0' } }],
    ['flags g and d dropped, duplicates merged', { flags: 'gidi' }, { flags: 'i' }],
    ['priority and confidence clamped', { priority: 1e9, confidence: 7 }, { priority: 1000, confidence: 1 }],
    ['a lexicon with its terms trimmed and unique', { format: 'lexicon', pattern: '', terms: [' hello ', 'hi', 'hello'] }, { format: 'lexicon', terms: ['hello', 'hi'], status: 'proposed' }],
  ])('%s', (_, change, expected) => {
    expect(draftToRule({ ...base, ...change }, ctx)).toMatchObject(expected);
  });

  test.each<[string, Partial<RuleDraft>, RegExp]>([
    ['an unknown label', { label: 'complaint' }, /label "complaint" is not one of the task's labels \(refund, greet\)/],
    ['a lexicon without terms', { format: 'lexicon', terms: [] }, /a lexicon rule needs a non-empty "terms" list/],
    ['a flag that is not allowed', { flags: 'iv' }, /flag v not allowed/],
    ['a pattern over the size limit', { pattern: 'a'.repeat(3000) }, /the limit is 2000/],
    ['an empty group name', { group: '<>' }, /malformed: output.group/],
  ])('%s is rejected with the reason', (_, change, reason) => {
    const r = draftToRule({ ...base, ...change }, ctx);
    expect(r.status).toBe('rejected');
    expect(r.rejection).toMatch(reason);
  });

  test('the pattern stays a string, whatever it looks like', () => {
    const r = draftToRule({ ...base, pattern: '${process.exit(1)}' }, ctx);
    expect(r.pattern).toBe('${process.exit(1)}');
    expect(r.status).toBe('proposed');
  });
});
