import { describe, expect, test } from 'vitest';
import { RulewrightError } from '../../../src/core/errors.js';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';
import type { Judge } from '../../../src/core/matchers/types.js';
import { VerdictCache, prefetchVerdicts } from '../../../src/core/matchers/verdict-cache.js';

const reg = createMatcherRegistry();
const rubric = reg.resolve({ name: 'llm_rubric', options: { criterion: 'names the same merchant', threshold: 0.7 } });

/** A fake judge: full marks when the first word agrees, else 0.2. */
function fakeJudge(): Judge & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async grade(criterion, gold, predicted) {
      calls.push(`${criterion}|${gold}|${predicted}`);
      const same = String(gold).split(' ')[0] === String(predicted).split(' ')[0];
      return { score: same ? 1 : 0.2, reason: same ? 'same merchant' : 'different merchant' };
    },
  };
}

describe('llm_rubric matcher', () => {
  test('without a judge: LLM_NOT_CONFIGURED that says how to configure one', () => {
    let err: unknown;
    try {
      rubric.check({});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RulewrightError);
    expect((err as RulewrightError).code).toBe('LLM_NOT_CONFIGURED');
    expect((err as RulewrightError).message).toMatch(/OPENAI_API_KEY/);
    expect(() => rubric.match('a', 'b', {})).toThrow(/needs an LLM judge/);
  });

  test.each([
    ['TESCO STORES', 'TESCO', true, 1, 'judge score 1.00 >= 0.7: same merchant'],
    ['TESCO STORES', 'AEON', false, 0.2, 'judge score 0.20 < 0.7: different merchant'],
  ])('%j vs %j through the judge passes %s', async (gold, predicted, passed, score, reason) => {
    const v = await rubric.matchAsync(gold, predicted, { judge: fakeJudge() });
    expect(v).toMatchObject({ passed, score, reason });
  });

  test('synchronous use reads verdicts prepared by the pre-pass, one judge call per pair', async () => {
    const judge = fakeJudge();
    const verdicts = new VerdictCache();
    const ctx = { judge, verdicts };
    const pairs = [
      ['TESCO STORES', 'TESCO'],
      ['TESCO STORES', 'TESCO'],
      ['AEON MALL', 'GIANT'],
    ] as const;
    expect(() => rubric.match('x', 'y', ctx)).toThrow(/not prepared/);
    const r = await prefetchVerdicts(verdicts, () => pairs.forEach(([g, p]) => rubric.match(g, p, ctx)));
    expect(r.computed).toBe(2);
    expect(judge.calls).toHaveLength(2);
    expect(pairs.map(([g, p]) => rubric.match(g, p, ctx).passed)).toEqual([true, true, false]);
  });

  test('a judge answer without a numeric score is an LLM error', async () => {
    const bad: Judge = { grade: async () => ({ score: Number.NaN, reason: '?' }) };
    await expect(rubric.matchAsync('a', 'b', { judge: bad })).rejects.toThrow(/no numeric score/);
  });
});
