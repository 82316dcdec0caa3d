import { describe, expect, test } from 'vitest';
import { runRules } from '../../../src/core/engine/predict.js';
import { ruleInteractions } from '../../../src/core/metrics/interactions.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import { Task, type TaskInput } from '../../../src/core/schemas/task.js';
import { rule } from '../../helpers/rules.js';

function interactions(task: TaskInput, rules: Rule[], docs: Partial<Example>[]) {
  const t = Task.parse(task);
  const examples = docs.map((d, i) => ({ id: `e${i}`, split: 'dev', source: 'gold', ...d }) as Example);
  const outputs = runRules(t, rules, examples);
  const inter = ruleInteractions(outputs);
  return Object.fromEntries(
    outputs.rules.map((r, p) => {
      const x = inter[p]!;
      const partner = (m: Map<number, number>) => Object.fromEntries([...m].map(([q, n]) => [outputs.rules[q]!.id, n]));
      return [r.id, { overlap: x.overlap, conflict: x.conflict, suppressed: x.suppressed, overlapWith: partner(x.overlapWith), conflictWith: partner(x.conflictWith) }];
    }),
  );
}

describe('rule interactions', () => {
  test('non_overlapping: any overlap with an earlier kept span is a suppression, whatever the labels', () => {
    const rules = [rule('full', 'John Smith', 'PER', { priority: 3 }), rule('first', 'John', 'PER', { priority: 2 }), rule('corp', 'Smith Corp', 'ORG', { priority: 1 }), rule('far', 'Oslo', 'LOC')];
    const x = interactions({ name: 't', type: 'ner', matching: { conflict_policy: 'non_overlapping' } }, rules, [
      { text: 'John Smith Corp in Oslo' },
      { text: 'John in Oslo' },
    ]);
    expect(x.full).toEqual({ overlap: 1, conflict: 1, suppressed: 0, overlapWith: { first: 1, corp: 1, far: 1 }, conflictWith: { first: 1, corp: 1 } });
    expect(x.first).toEqual({ overlap: 2, conflict: 1, suppressed: 1, overlapWith: { full: 1, corp: 1, far: 2 }, conflictWith: { full: 1 } });
    expect(x.corp).toMatchObject({ conflict: 1, suppressed: 1, conflictWith: { full: 1 } });
    expect(x.far).toMatchObject({ overlap: 2, conflict: 0, suppressed: 0 });
  });

  test('rulechef: an overlapping same-label span that is kept is no conflict; other labels and exact-offset duplicates are', () => {
    const rules = [rule('full', 'John Smith', 'PER', { priority: 3 }), rule('first', 'John', 'PER', { priority: 2 }), rule('org', 'John Smith', 'ORG', { priority: 1 })];
    const x = interactions({ name: 't', type: 'ner' }, rules, [{ text: 'John Smith' }]);
    // first (PER "John") is kept beside full (IoU 0.4); it clashes only with org's ORG span.
    expect(x.first).toMatchObject({ conflict: 1, suppressed: 0, conflictWith: { org: 1 } });
    expect(x.org).toMatchObject({ conflict: 1, suppressed: 1, conflictWith: { full: 1, first: 1 } });
  });

  test('transformation: two rules giving different values to one scalar field conflict; list fields do not', () => {
    const rules = [rule('paris', 'Paris', 'city', { priority: 2 }), rule('london', 'London', 'city', { priority: 1 }), rule('t1', 'tea', 'items', { priority: 2 }), rule('t2', 'cake', 'items', { priority: 1 })];
    const x = interactions({ name: 't', type: 'transformation', list_fields: ['items'] }, rules, [{ input: { text: 'tea and cake in Paris or London' }, output: {} }]);
    expect(x.london).toMatchObject({ conflict: 1, suppressed: 1, conflictWith: { paris: 1 } });
    expect(x.t2).toMatchObject({ overlap: 1, conflict: 0, suppressed: 0 });
  });

  test('classification: rules that agree on the label (case-folded) do not conflict', () => {
    const rules = [rule('a', 'card', 'Refund', { priority: 2 }), rule('b', 'card', 'refund ', { priority: 1 }), rule('c', 'lost', 'lost')];
    const x = interactions({ name: 't', type: 'classification' }, rules, [{ text: 'card lost' }, { text: 'card' }]);
    expect(x.a).toEqual({ overlap: 2, conflict: 1, suppressed: 0, overlapWith: { b: 2, c: 1 }, conflictWith: { c: 1 } });
    expect(x.b).toMatchObject({ conflict: 1, suppressed: 0, conflictWith: { c: 1 } });
    expect(x.c).toMatchObject({ conflict: 1, suppressed: 1, conflictWith: { a: 1, b: 1 } });
  });
});
