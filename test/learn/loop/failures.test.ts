import { describe, expect, test } from 'vitest';
import { Example } from '../../../src/core/schemas/example.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { evaluateRules } from '../../../src/learn/loop/evaluate.js';
import { clusterFailures, failureCount } from '../../../src/learn/loop/failures.js';
import { ruleViews } from '../../../src/learn/loop/rule-stats.js';
import { makeTask } from '../../helpers/temp.js';

const ner = makeTask({ type: 'ner', labels: ['PER', 'ORG'], matching: { mode: 'exact' } });
const examples = [
  Example.parse({ id: 'a', text: 'Ann Lee works at Acme Corp.', spans: [{ start: 0, end: 7, label: 'PER' }, { start: 17, end: 26, label: 'ORG' }] }),
  Example.parse({ id: 'b', text: 'Bob visited Paris.', spans: [{ start: 0, end: 3, label: 'PER' }] }),
];
const caps = Rule.parse({ id: 'caps', name: 'capitalized', format: 'regex', pattern: '\\b[A-Z][a-z]+\\b', output: { label: 'PER' } });

describe('failure clustering', () => {
  test('groups failures by kind and label with samples in context and the rules behind them', async () => {
    const ev = await evaluateRules(ner, [caps], examples, { outcomes: true });
    const clusters = clusterFailures(ner, examples, ev.scores, { window: 8 });
    const byKey = Object.fromEntries(clusters.map((c) => [`${c.kind}:${c.label}`, c]));
    // "Ann" (gold "Ann Lee") is a boundary error, "Acme" (gold ORG "Acme Corp") a wrong label;
    // Lee, Corp and Paris are spurious.
    expect(byKey['wrong_boundary:PER']).toMatchObject({ count: 1, rule_ids: ['caps'] });
    expect(byKey['wrong_boundary:PER']!.samples[0]).toMatchObject({ example_id: 'a', context: '⟦Ann Lee⟧ works a…', gold: '"Ann Lee" PER', predicted: '"Ann" PER', rule_id: 'caps' });
    expect(byKey['wrong_label:ORG']!.samples).toEqual([
      { example_id: 'a', context: '…orks at ⟦Acme Corp⟧.', gold: '"Acme Corp" ORG', predicted: '"Acme" PER', rule_id: 'caps' },
    ]);
    expect(clusters[0]).toMatchObject({ kind: 'spurious', label: 'PER', count: 3 });
    expect(clusters[0]!.samples.map((x) => x.context)).toEqual(['Ann ⟦Lee⟧ works a…', '…at Acme ⟦Corp⟧.', '…visited ⟦Paris⟧.']);
    expect(failureCount(clusters)).toBe(clusters.reduce((n, c) => n + c.count, 0));
    const views = ruleViews([caps], ev.outputs, ev.scores, () => true);
    expect(views[0]).toMatchObject({ tp: 1, fired: 2, editable: true }); // Bob
    expect(views[0]!.fp).toBeGreaterThan(0);
  });

  test('keep restricts the failures, and samples are bounded', async () => {
    const ev = await evaluateRules(ner, [caps], examples, { outcomes: true });
    const only = clusterFailures(ner, examples, ev.scores, { keep: (f) => f.example.id === 'b', maxSamples: 1 });
    expect(only.every((c) => c.samples.every((s) => s.example_id === 'b'))).toBe(true);
    expect(only.every((c) => c.samples.length <= 1)).toBe(true);
  });

  test('classification: wrong labels are clustered under the expected label', async () => {
    const task = makeTask({ type: 'classification', labels: ['refund', 'greet'] });
    const rows = [Example.parse({ id: 'x', text: 'hello, refund please', label: 'refund' }), Example.parse({ id: 'y', text: 'hi', label: 'greet' })];
    const hello = Rule.parse({ id: 'hello', name: 'hello', format: 'regex', pattern: 'hello', output: { label: 'greet' } });
    const ev = await evaluateRules(task, [hello], rows, { outcomes: true });
    expect(clusterFailures(task, rows, ev.scores)).toEqual([
      { kind: 'missed', label: 'greet', count: 1, rule_ids: [], samples: [{ example_id: 'y', context: 'hi', gold: 'greet', predicted: null, rule_id: null }] },
      { kind: 'wrong_label', label: 'refund', count: 1, rule_ids: ['hello'], samples: [{ example_id: 'x', context: 'hello, refund please', gold: 'refund', predicted: 'greet', rule_id: 'hello' }] },
    ]);
  });
});
