import { z } from 'zod';
import { RulewrightError } from '../errors.js';
import { patternLimitIssue } from '../safety/pattern-limits.js';
import { clip, screenedVerdict, withinBudget } from './pattern-screen.js';
import type { MatcherContext, MatcherDefinition, Verdict } from './types.js';
import { asText, show, verdict } from './values.js';
import { remember } from '../remember.js';

const Options = z.strictObject({
  /** The pattern the predicted value must match; when absent, the gold value is the pattern. */
  pattern: z.string().min(1).optional(),
  flags: z.string().regex(/^[imsuv]*$/, 'flags are among i, m, s, u, v').default(''),
  /** Whole-value match (anchored) rather than a search. */
  full: z.boolean().default(true),
  /** Also require the gold value to match (only with `pattern`). */
  check_gold: z.boolean().default(false),
});
type RegexOptions = z.infer<typeof Options>;

/** Compiles a matcher pattern; one past PATTERN_LIMITS (a gold value used as the pattern) is an error, never analysed. */
function compile(source: string, o: RegexOptions): RegExp {
  const tooLarge = patternLimitIssue(source, o.flags);
  if (tooLarge) throw new Error(tooLarge);
  return new RegExp(o.full ? `^(?:${source})$` : source, o.flags);
}

/** Bounded memo sizes: compiled gold patterns, and verdicts of (pattern, value, budget). */
const MAX_PATTERNS = 10_000;
const MAX_VERDICTS = 50_000;

/**
 * One test of `re` on `text` under the per-call time budget; a timeout counts as no match. `role`
 * names the value tested, for the reason.
 */
function guardedTest(re: RegExp, text: string, role: string, ctx: MatcherContext): boolean | Verdict {
  const r = withinBudget(() => re.test(text), ctx, `pattern /${clip(re.source)}/ on the ${role} ${show(text)}`);
  return 'value' in r ? r.value : r;
}

/**
 * The predicted value matches a regular expression (from the options, or the gold value itself).
 * The pattern goes through the rules' ReDoS screen (when scoring screened it first, see
 * pattern-screen.ts) and every test runs under the per-call time budget, so a catastrophic pattern
 * from a config or from the data costs at most one budget per distinct value, and says so.
 */
export const regexMatcher: MatcherDefinition<RegexOptions> = {
  name: 'regex',
  description: 'the predicted value matches a regex (options.pattern, or the gold value as the pattern)',
  options: Options,
  bind(o) {
    let fixed: RegExp | undefined;
    const tooLarge = o.pattern === undefined ? undefined : patternLimitIssue(o.pattern, o.flags);
    if (tooLarge) throw new RulewrightError('BAD_INPUT', `regex matcher: options.pattern: ${tooLarge}`);
    if (o.pattern !== undefined) {
      try {
        fixed = compile(o.pattern, o);
      } catch (e) {
        throw new RulewrightError('BAD_INPUT', `regex matcher: regex does not compile: ${(e as Error).message}`);
      }
    }
    const fromGold = new Map<string, RegExp | string>();
    const memo = new Map<string, Verdict>();
    const known = (k: string, v: Verdict): Verdict => remember(memo, k, v, MAX_VERDICTS);
    const goldPattern = (src: string): RegExp | string => {
      let re = fromGold.get(src);
      if (re === undefined) {
        try {
          re = compile(src, o);
        } catch (e) {
          re = (e as Error).message;
        }
        remember(fromGold, src, re, MAX_PATTERNS);
      }
      return re;
    };
    return {
      screensPatterns: true,
      fixedPatterns: fixed ? [{ source: fixed.source, flags: fixed.flags }] : [],
      match(gold, predicted, ctx) {
        const p = asText(predicted);
        let re = fixed;
        let g: string | undefined;
        if (!re) {
          const src = asText(gold);
          const compiled = goldPattern(src);
          if (typeof compiled === 'string')
            return { ...verdict(false, 0, `the gold value ${show(gold)} is not a regex that compiles: ${compiled}`), issue: 'invalid' };
          re = compiled;
        } else if (o.check_gold) g = asText(gold);
        const refused = screenedVerdict(re.source, re.flags, ctx);
        if (refused) return refused;
        const k = `${ctx.budgetMs ?? ''}\u0000${re.source}\u0000${g ?? ''}\u0000${p}`;
        const hit = memo.get(k);
        if (hit) return hit;
        if (g !== undefined) {
          const gt = guardedTest(re, g, 'gold value', ctx);
          if (typeof gt !== 'boolean') return known(k, gt);
          if (!gt) return known(k, verdict(false, 0, `gold ${show(gold)} does not match /${clip(o.pattern!)}/`, { pattern: re.source }));
        }
        const t = guardedTest(re, p, 'predicted value', ctx);
        if (typeof t !== 'boolean') return known(k, t);
        return known(k, verdict(t, t ? 1 : 0, `${show(predicted)} ${t ? 'matches' : 'does not match'} /${clip(re.source)}/`, { pattern: re.source }));
      },
    };
  },
};
