import { describe, expect, test } from 'vitest';
import { Example } from '../../../src/core/schemas/example.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { answerJsonSchema, isStrictCompatible } from '../../../src/learn/llm/json-schema.js';
import { parseAnswer } from '../../../src/learn/llm/parse-answer.js';
import { PATCH_MARKER, patchPrompt } from '../../../src/learn/prompts/patch-prompt.js';
import { PatchAnswer, SynthesisAnswer } from '../../../src/learn/prompts/answer-schema.js';
import { SYNTHESIS_MARKER, synthesisPrompt } from '../../../src/learn/prompts/synthesis-prompt.js';
import { labelEvidence } from '../../../src/learn/prompts/evidence.js';
import { makeTask } from '../../helpers/temp.js';

const task = makeTask({ type: 'classification', labels: ['refund', 'greet'], description: 'customer intents' });
const train = [Example.parse({ id: 'a', text: 'refund my order', label: 'refund' }), Example.parse({ id: 'b', text: 'hello there', label: 'greet' })];
const rule = Rule.parse({ id: 'r1', name: 'refund word', format: 'regex', pattern: '\\brefund\\b', output: { label: 'refund' } });

describe('answer schemas', () => {
  test.each([
    ['synthesis', SynthesisAnswer],
    ['patch', PatchAnswer],
  ])('the %s answer schema suits strict structured output', (_, schema) => {
    expect(isStrictCompatible(answerJsonSchema(schema))).toBe(true);
  });

  test('a malformed rule is dropped and the rest kept', () => {
    const good = { name: 'x', description: '', format: 'regex', pattern: 'x', terms: null, flags: null, dialect: null, group: null, label: 'refund', priority: null, confidence: null };
    const r = parseAnswer(JSON.stringify({ rules: [good, { ...good, format: 'perl' }, { name: 'y' }] }), SynthesisAnswer);
    expect(r.parsed!.rules).toHaveLength(1);
    expect(r.invalid.map((i) => i.path).sort()).toEqual(['rules.1', 'rules.2']);
  });
});

describe('prompts', () => {
  test('a synthesis prompt shows the task, corrections first, the evidence, feedback and existing rules', () => {
    const [system, user] = synthesisPrompt({
      task,
      label: 'refund',
      labels: ['refund', 'greet'],
      evidence: labelEvidence(task, 'refund', train),
      corrections: [{ id: 'c1', text: 'money back please', produced: { label: null }, expected: { label: 'refund' }, note: 'money back = refund' }],
      feedback: [{ id: 'fb-1', level: 'task', target_id: null, text: 'keep rules short' }],
      existing: [rule],
      maxRules: 5,
    });
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/Never write code: rules are data/);
    const text = user!.content;
    expect(text.startsWith(`${SYNTHESIS_MARKER} "refund".`)).toBe(true);
    expect(text).toContain('Description: customer intents');
    expect(text.indexOf('## Corrections')).toBeLessThan(text.indexOf('## Training texts labelled refund'));
    expect(text).toContain('rules produced: (no label)');
    expect(text).toContain('note: money back = refund');
    expect(text).toContain('[greet] "hello there"');
    expect(text).toContain('about the task: keep rules short');
    expect(text).toContain('"id":"r1"');
    expect(text).toMatch(/Write up to 5 rules whose label is "refund"/);
  });

  test('a patch prompt shows metrics, failure clusters, editable and fixed rules, scope and history', () => {
    const other = { ...rule, id: 'r2', name: 'greeting', output: { label: 'greet', group: '$0' } };
    const [, user] = patchPrompt({
      task,
      labels: ['refund', 'greet'],
      round: 2,
      metrics: { precision: 0.5, recall: null, f1: 0.25 },
      per_class: { refund: { precision: 1, recall: 0.5, f1: 2 / 3, tp: 1, fp: 0, fn: 1 } },
      clusters: [{ kind: 'missed', label: 'refund', count: 3, samples: [{ example_id: 'x', context: 'money back', gold: 'refund', predicted: null, rule_id: null }], rule_ids: [] }],
      rules: [
        { rule, tp: 1, fp: 0, precision: 1, fired: 1, editable: true },
        { rule: other, tp: 0, fp: 2, precision: 0, fired: 2, editable: false },
      ],
      corrections: [],
      feedback: [{ id: 'fb-2', level: 'rule', target_id: 'r1', text: 'misses money back' }],
      allowedLabels: ['refund'],
      history: [{ round: 1, accepted: false, reason: 'dev F1 0.5 → 0.4' }],
    });
    const text = user!.content;
    expect(text.startsWith(`${PATCH_MARKER} 2).`)).toBe(true);
    expect(text).toContain('precision 0.500, recall n/a, F1 0.250');
    expect(text).toContain('- refund: 1 / 0.500 / 0.667, 1 0 1');
    expect(text).toContain('### missed (no output where the answer has one): refund, 3 times');
    expect(text).toContain('- "money back"; expected refund');
    expect(text.indexOf('"id":"r1"')).toBeLessThan(text.indexOf('## Other rules'));
    expect(text.indexOf('"id":"r2"')).toBeGreaterThan(text.indexOf('## Other rules'));
    expect(text).toContain('about rule r1: misses money back');
    expect(text).toContain('New rules may only have these labels: refund.');
    expect(text).toContain('- round 1: rejected: dev F1 0.5 → 0.4');
  });
});
