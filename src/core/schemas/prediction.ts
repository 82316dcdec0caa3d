import { z } from 'zod';
import { OutputSpan } from './span.js';

/** What the ruleset produced for one example. Every item names the rule that produced it. */
export const Prediction = z.strictObject({
  spans: z.array(OutputSpan).optional(),
  label: z.string().nullable().optional(),
  /** The rule whose label won (classification). */
  rule_id: z.string().nullable().optional(),
  output: z.record(z.string(), z.unknown()).optional(),
  /** Transformation: the rule ids behind each field's value. */
  output_rules: z.record(z.string(), z.array(z.string())).optional(),
});
export type Prediction = z.infer<typeof Prediction>;
