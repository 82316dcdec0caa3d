import { z } from 'zod';
import { RulewrightError } from '../errors.js';
import type { MatcherDefinition } from './types.js';
import { asText, show, verdict } from './values.js';

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

function compile(source: string, o: RegexOptions, where: string): RegExp {
  try {
    return new RegExp(o.full ? `^(?:${source})$` : source, o.flags);
  } catch (e) {
    throw new RulewrightError('BAD_INPUT', `${where}: regex does not compile: ${(e as Error).message}`);
  }
}

/** The predicted value matches a regular expression (from the options, or the gold value itself). */
export const regexMatcher: MatcherDefinition<RegexOptions> = {
  name: 'regex',
  description: 'the predicted value matches a regex (options.pattern, or the gold value as the pattern)',
  options: Options,
  bind(o) {
    const fixed = o.pattern === undefined ? undefined : compile(o.pattern, o, 'regex matcher');
    const fromGold = new Map<string, RegExp>();
    return {
      match(gold, predicted) {
        let re = fixed;
        if (!re) {
          const src = asText(gold);
          re = fromGold.get(src);
          if (!re) {
            re = compile(src, o, 'regex matcher (gold value as pattern)');
            if (fromGold.size < 10_000) fromGold.set(src, re);
          }
        } else if (o.check_gold && !re.test(asText(gold))) {
          return verdict(false, 0, `gold ${show(gold)} does not match /${o.pattern}/`);
        }
        const ok = re.test(asText(predicted));
        return verdict(ok, ok ? 1 : 0, `${show(predicted)} ${ok ? 'matches' : 'does not match'} ${re.source}`);
      },
    };
  },
};
