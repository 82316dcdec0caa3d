import { z } from 'zod';
import { Answer } from './example.js';

/** A person's fix of a wrong output: the input, what the rules produced, what was expected. */
export const Correction = z.strictObject({
  id: z.string().min(1),
  example_id: z.string().nullable().default(null),
  text: z.string().optional(),
  input: z.record(z.string(), z.unknown()).optional(),
  produced: Answer,
  expected: Answer,
  note: z.string().default(''),
  created_at: z.string(),
});
export type Correction = z.infer<typeof Correction>;
