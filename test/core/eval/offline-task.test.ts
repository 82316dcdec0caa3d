import { describe, expect, test } from 'vitest';
import { offlineScoringTask } from '../../../src/core/eval/offline-task.js';
import { Task } from '../../../src/core/schemas/task.js';

const receipts = (matching: Record<string, unknown>) => Task.parse({ name: 'r', type: 'transformation', matching });
const rubric = { name: 'llm_rubric', options: { criterion: 'the same business' } };

describe('the task as the offline inducer scores it', () => {
  test.each([
    ['built-in synchronous matchers', { matchers: { date: 'date', total: 'numeric_tolerance', name: 'semantic_similarity' } }, [], ['date', 'name', 'total']],
    ['a matcher from a user module', { matchers: { total: 'same_number', date: 'date' } }, ['total'], ['date']],
    ['an LLM judge', { matchers: { company: rubric } }, ['company'], []],
    ['a composite with a user part', { matchers: { total: { name: 'composite', options: { components: [{ matcher: 'same_number', weight: 1 }] } } } }, ['total'], []],
  ])('%s', (_what, matching, replaced, kept) => {
    const r = offlineScoringTask(receipts(matching));
    expect(r.replaced).toEqual(replaced);
    expect(Object.keys(r.task.matching.matchers).sort()).toEqual(kept);
  });

  test('a default matcher that needs a module falls back to exact', () => {
    const r = offlineScoringTask(receipts({ default_matcher: 'same_number', matchers: { date: 'date' } }));
    expect(r.replaced).toEqual(['default_matcher']);
    expect(r.task.matching.default_matcher).toBe('exact');
    expect(r.task.matching.matchers).toEqual({ date: 'date' });
  });

  test('a task the built-ins can score is returned as it is', () => {
    const task = receipts({ matchers: { date: 'date' } });
    expect(offlineScoringTask(task).task).toBe(task);
  });
});
