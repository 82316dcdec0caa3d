import { describe, expect, test } from 'vitest';
import { StoredTask, Task } from '../../../src/core/schemas/task.js';

describe('the rule time budget', () => {
  test.each([1, 100, 10_000])('%s ms is a budget', (ms) => {
    expect(Task.parse({ name: 't', type: 'ner', matching: { rule_budget_ms: ms } }).matching.rule_budget_ms).toBe(ms);
  });

  test.each([0, 0.5, 10_001, 2 ** 32, 1e308, Number.NaN])('%s ms is refused, the message saying the range', (ms) => {
    const r = Task.safeParse({ name: 't', type: 'ner', matching: { rule_budget_ms: ms } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toMatch(/from 1 to 10,000 ms per rule per document/);
  });

  test.each([
    [2 ** 32, 10_000],
    [0, 1],
    [250, 250],
  ])('a stored task with %s ms (saved before budgets were bounded) loads with %s ms', (stored, loaded) => {
    expect(StoredTask.parse({ name: 't', type: 'ner', matching: { rule_budget_ms: stored } }).matching.rule_budget_ms).toBe(loaded);
  });
});
