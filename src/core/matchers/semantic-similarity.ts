import { z } from 'zod';
import { RulewrightError } from '../errors.js';
import type { MatcherDefinition, Verdict } from './types.js';
import { charNgramCosine, cosine, tokenJaccard } from './lexical.js';
import { cachedVerdict, verdictKey } from './verdict-cache.js';
import { asText, verdict } from './values.js';

const Options = z.strictObject({
  /** Passes when the similarity is at least this. */
  threshold: z.number().min(0).max(1).default(0.8),
  /** Used when no embedder is configured; the verdict then says it is lexical, not semantic. */
  fallback: z.enum(['char_ngram', 'token_jaccard']).default('char_ngram'),
  /** n of the character n-grams. */
  n: z.number().int().min(1).max(6).default(3),
});
type SemanticOptions = z.infer<typeof Options>;

function isPromise<T>(v: T | Promise<T>): v is Promise<T> {
  return typeof (v as { then?: unknown })?.then === 'function';
}

function vector(v: unknown): number[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number'))
    throw new RulewrightError('BAD_INPUT', 'semantic_similarity: the embedder must return an array of numbers');
  return v;
}

function semanticVerdict(a: number[], b: number[], threshold: number): Verdict {
  const similarity = cosine(vector(a), vector(b));
  const score = Math.max(0, Math.min(1, similarity));
  const passed = score >= threshold;
  return verdict(passed, score, `embedding cosine ${score.toFixed(3)} ${passed ? '>=' : '<'} ${threshold}`, {
    semantic: true,
    similarity,
  });
}

/**
 * Similar meaning by embedding cosine when an embedder is injected; otherwise a lexical
 * similarity (character n-gram cosine or token Jaccard) whose verdict says it is not semantic.
 */
export const semanticSimilarityMatcher: MatcherDefinition<SemanticOptions> = {
  name: 'semantic_similarity',
  description: 'embedding cosine at a threshold; without an embedder, a lexical similarity flagged as not semantic',
  options: Options,
  bind(o) {
    const key = `semantic_similarity${JSON.stringify(o)}`;
    const lexical = (g: string, p: string): Verdict => {
      const similarity = o.fallback === 'char_ngram' ? charNgramCosine(g, p, o.n) : tokenJaccard(g, p);
      const passed = similarity >= o.threshold;
      const method = o.fallback === 'char_ngram' ? `character ${o.n}-gram cosine` : 'token Jaccard';
      return {
        ...verdict(
          passed,
          similarity,
          `lexical similarity ${similarity.toFixed(3)} ${passed ? '>=' : '<'} ${o.threshold} (${method}; no embedder is configured, so this is not semantic)`,
          { semantic: false, method: o.fallback, similarity },
        ),
        lexical_fallback: true,
      };
    };
    return {
      match(gold, predicted, ctx) {
        const g = asText(gold);
        const p = asText(predicted);
        if (!ctx.embedder) return lexical(g, p);
        if (g === p) return verdict(true, 1, 'identical text', { semantic: true, similarity: 1 });
        const hit = ctx.verdicts?.get(verdictKey(key, g, p));
        if (hit) return hit;
        const eg = ctx.embedder.embed(g);
        const ep = ctx.embedder.embed(p);
        if (!isPromise(eg) && !isPromise(ep)) return semanticVerdict(eg, ep, o.threshold);
        // An asynchronous embedder: answered from (or deferred to) the verdict cache.
        const pending = Promise.all([eg, ep]);
        pending.catch(() => undefined);
        return cachedVerdict(ctx, 'semantic_similarity', key, g, p, async () => {
          const [a, b] = await pending;
          return semanticVerdict(a, b, o.threshold);
        });
      },
      async matchAsync(gold, predicted, ctx) {
        const g = asText(gold);
        const p = asText(predicted);
        if (!ctx.embedder) return lexical(g, p);
        if (g === p) return verdict(true, 1, 'identical text', { semantic: true, similarity: 1 });
        const [a, b] = await Promise.all([ctx.embedder.embed(g), ctx.embedder.embed(p)]);
        return semanticVerdict(a, b, o.threshold);
      },
      needsAsync: (ctx) => ctx.embedder !== undefined,
    };
  },
};
