import { z } from 'zod';
import type { MatcherDefinition } from './types.js';
import { parseNumber } from './parse-number.js';
import { show, verdict } from './values.js';

const Tolerance = z.number().min(0);
const Range = z
  .strictObject({
    min: z.number().optional(),
    max: z.number().optional(),
    abs: Tolerance.optional(),
    rel: Tolerance.optional(),
  })
  .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: 'range min must not exceed max' });

const Options = z.strictObject({
  /** Absolute tolerance: |gold - predicted| <= abs passes. */
  abs: Tolerance.default(0),
  /** Relative tolerance: |gold - predicted| <= rel * |gold| passes. */
  rel: Tolerance.default(0),
  /** Layered tolerances: the narrowest range containing the gold value overrides abs/rel. */
  ranges: z.array(Range).default([]),
  decimal: z.enum(['.', ',']).default('.'),
});
export type NumericToleranceOptions = z.infer<typeof Options>;

/** The (abs, rel) tolerance for a gold value: the narrowest containing range wins, first listed on ties. */
export function toleranceFor(gold: number, o: NumericToleranceOptions): { abs: number; rel: number; range: number | null } {
  let best = -1;
  let bestWidth = Infinity;
  o.ranges.forEach((r, i) => {
    if ((r.min !== undefined && gold < r.min) || (r.max !== undefined && gold > r.max)) return;
    const width = (r.max ?? Infinity) - (r.min ?? -Infinity);
    if (best === -1 || width < bestWidth) {
      best = i;
      bestWidth = width;
    }
  });
  const r = best >= 0 ? o.ranges[best] : undefined;
  return { abs: r?.abs ?? o.abs, rel: r?.rel ?? o.rel, range: best >= 0 ? best : null };
}

/** A gap as people read it: binary noise such as 0.30000000000000004 - 0.1 rounded away. */
const gap = (d: number): string => String(Number(d.toPrecision(12)));

/** Numbers equal within an absolute or relative tolerance; numbers are read from text such as "RM 9.00". */
export const numericToleranceMatcher: MatcherDefinition<NumericToleranceOptions> = {
  name: 'numeric_tolerance',
  description: 'numbers within abs or rel tolerance (layered by value range); reads "RM 9.00", "1,234.50"',
  options: Options,
  bind: (o) => ({
    match(gold, predicted) {
      const g = parseNumber(gold, o.decimal);
      const p = parseNumber(predicted, o.decimal);
      if (g === null) return verdict(false, 0, `gold ${show(gold)} is not a number`);
      if (p === null) return verdict(false, 0, `predicted ${show(predicted)} is not a number`);
      const t = toleranceFor(g, o);
      const diff = Math.abs(g - p);
      const allowed = Math.max(t.abs, t.rel * Math.abs(g));
      // Decimal text such as 0.1 is not exact in binary; a few ulps must not fail a match.
      const passed = diff <= allowed + 1e-9 * Math.max(1, Math.abs(g));
      const score = passed ? 1 : Math.max(0, 1 - diff / Math.max(Math.abs(g), Math.abs(p), 1e-12));
      const details = { gold: g, predicted: p, diff, allowed, range: t.range };
      return verdict(passed, score, passed ? `${p} is within ${allowed} of ${g} (gap ${gap(diff)})` : `${p} differs from ${g} by ${gap(diff)} (allowed ${allowed})`, details);
    },
  }),
};
