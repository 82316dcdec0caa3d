import { z } from 'zod';
import { Answer, Split } from './example.js';

/** A person's fix of a wrong output: the input, what the rules produced, what was expected. */
export const Correction = z.strictObject({
  id: z.string().min(1),
  example_id: z.string().nullable().default(null),
  text: z.string().optional(),
  input: z.record(z.string(), z.unknown()).optional(),
  produced: Answer,
  expected: Answer,
  note: z.string().default(''),
  /** The held-out split the corrected example was moved out of (`correct --move-to-train`). */
  moved_from: Split.nullable().default(null),
  /** What was expected differs from the corrected example's gold: one of the two is wrong. */
  contradicts_gold: z.boolean().default(false),
  created_at: z.string(),
});
export type Correction = z.infer<typeof Correction>;
