import { z } from 'zod';
import type { MatcherDefinition } from './types.js';
import { parseDate } from './parse-date.js';
import { show, verdict } from './values.js';

const Options = z.strictObject({
  /** All-numeric dates are day-first (`01/02/2018` = 1 Feb) unless false. */
  day_first: z.boolean().default(true),
  /** Two-digit years below the pivot are 20xx, the rest 19xx. */
  pivot_year: z.number().int().min(0).max(100).default(50),
});
type DateOptions = z.infer<typeof Options>;

/** Both values denote the same calendar date, whatever the written form. */
export const dateMatcher: MatcherDefinition<DateOptions> = {
  name: 'date',
  description: 'same calendar date in any written form (25/12/2018, JAN 18, 2018, 2018-01-18; day-first)',
  options: Options,
  bind(o) {
    const opts = { dayFirst: o.day_first, pivot: o.pivot_year };
    return {
      match(gold, predicted) {
        const g = parseDate(gold, opts);
        const p = parseDate(predicted, opts);
        if (g === null) return verdict(false, 0, `gold ${show(gold)} is not a date I can read`);
        if (p === null) return verdict(false, 0, `predicted ${show(predicted)} is not a date I can read`);
        return g === p
          ? verdict(true, 1, `both are ${g}`, { gold: g, predicted: p })
          : verdict(false, 0, `predicted ${show(predicted)} reads as ${p}, gold ${show(gold)} as ${g}`, { gold: g, predicted: p });
      },
    };
  },
};
