import { z } from 'zod';
import { RulewrightError } from '../errors.js';
import type { Judge, MatcherContext, MatcherDefinition, Verdict } from './types.js';
import { cachedVerdict, verdictKey } from './verdict-cache.js';
import { verdict } from './values.js';

const Options = z.strictObject({
  /** What a good predicted value is, in plain English (e.g. "names the same merchant as the gold value"). */
  criterion: z.string().min(1),
  /** Passes when the judge's score is at least this. */
  threshold: z.number().min(0).max(1).default(0.5),
});
type RubricOptions = z.infer<typeof Options>;

function judgeOf(ctx: MatcherContext): Judge {
  if (!ctx.judge)
    throw new RulewrightError(
      'LLM_NOT_CONFIGURED',
      'the llm_rubric matcher needs an LLM judge: set OPENAI_API_KEY (and OPENAI_BASE_URL for an ' +
        'OpenAI-compatible server) so rulewright can grade with the same client learning uses, pass a ' +
        'Judge in the scoring context when calling the API, or choose another matcher in task.matching.matchers',
    );
  return ctx.judge;
}

async function grade(judge: Judge, o: RubricOptions, gold: unknown, predicted: unknown): Promise<Verdict> {
  const r = await judge.grade(o.criterion, gold, predicted);
  if (typeof r?.score !== 'number' || Number.isNaN(r.score))
    throw new RulewrightError('LLM', `llm_rubric: the judge returned no numeric score (${JSON.stringify(r)?.slice(0, 120)})`);
  const score = Math.max(0, Math.min(1, r.score));
  const passed = score >= o.threshold;
  const why = String(r.reason ?? '').trim() || 'the judge gave no reason';
  return verdict(passed, score, `judge score ${score.toFixed(2)} ${passed ? '>=' : '<'} ${o.threshold}: ${why}`, { criterion: o.criterion, judge: true, judge_reason: r.reason ?? null });
}

/** A natural-language criterion graded by an injected judge (an LLM). Asynchronous: needs a pre-pass. */
export const llmRubricMatcher: MatcherDefinition<RubricOptions> = {
  name: 'llm_rubric',
  description: 'an LLM judge grades the predicted value against a plain-English criterion (needs an LLM)',
  options: Options,
  bind(o) {
    const key = `llm_rubric${JSON.stringify(o)}`;
    return {
      match(gold, predicted, ctx) {
        const judge = judgeOf(ctx);
        return cachedVerdict(ctx, 'llm_rubric', key, gold, predicted, () => grade(judge, o, gold, predicted));
      },
      async matchAsync(gold, predicted, ctx) {
        const judge = judgeOf(ctx);
        const k = verdictKey(key, gold, predicted);
        const hit = ctx.verdicts?.get(k);
        if (hit) return hit;
        const v = await grade(judge, o, gold, predicted);
        ctx.verdicts?.set(k, v);
        return v;
      },
      needsAsync: () => true,
      check: (ctx) => void judgeOf(ctx),
    };
  },
};
