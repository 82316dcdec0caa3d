import { z } from 'zod';
import { MatcherRef } from '../schemas/task.js';
import type { BoundMatcher, MatcherDefinition, Verdict } from './types.js';
import { verdict } from './values.js';

const Options = z.strictObject({
  components: z
    .array(z.strictObject({ matcher: MatcherRef, weight: z.number().positive().default(1) }))
    .min(1, 'composite needs at least one component'),
  /** Passes when the weighted mean score is at least this. */
  threshold: z.number().min(0).max(1).default(0.5),
});
type CompositeOptions = z.infer<typeof Options>;

function combine(parts: { m: BoundMatcher; weight: number }[], verdicts: Verdict[], threshold: number): Verdict {
  let total = 0;
  let weights = 0;
  const components = verdicts.map((v, i) => {
    const { m, weight } = parts[i]!;
    total += weight * v.score;
    weights += weight;
    return { matcher: m.name, weight, score: v.score, passed: v.passed, reason: v.reason };
  });
  const score = total / weights;
  const passed = score >= threshold;
  const summary = components.map((c) => `${c.matcher} ${c.score.toFixed(2)}×${c.weight}`).join(', ');
  const failed = verdicts.map((v, i) => (v.passed ? null : `${parts[i]!.m.name}: ${v.reason}`)).filter((r) => r !== null);
  const why = failed.length ? `; ${failed.join('; ')}` : '';
  const v = verdict(passed, score, `weighted score ${score.toFixed(3)} ${passed ? '>=' : '<'} ${threshold} (${summary})${why}`, { components });
  // A component's flags are the composite's: its verdict rests on them.
  const issue = verdicts.find((c) => c.issue)?.issue;
  if (issue) v.issue = issue;
  if (verdicts.some((c) => c.lexical_fallback)) v.lexical_fallback = true;
  return v;
}

/** A weighted mean of other matchers' scores, passing at a threshold. */
export const compositeMatcher: MatcherDefinition<CompositeOptions> = {
  name: 'composite',
  description: 'weighted mean of component matchers, passing at a threshold',
  options: Options,
  bind(o, resolve) {
    const parts = o.components.map((c, i) => ({ m: resolve(c.matcher, `composite component ${i + 1}`), weight: c.weight }));
    return {
      match: (gold, predicted, ctx) => combine(parts, parts.map((p) => p.m.match(gold, predicted, ctx)), o.threshold),
      matchAsync: async (gold, predicted, ctx) =>
        combine(parts, await Promise.all(parts.map((p) => p.m.matchAsync(gold, predicted, ctx))), o.threshold),
      screensPatterns: parts.some((p) => p.m.screensPatterns),
      fixedPatterns: parts.flatMap((p) => p.m.fixedPatterns),
      needsAsync: (ctx) => parts.some((p) => p.m.needsAsync(ctx)),
      check: (ctx) => parts.forEach((p) => p.m.check(ctx)),
    };
  },
};
