import { z } from 'zod';

/** A labelled character range: `start`/`end` are end-exclusive JS string (UTF-16) indices. */
export const Span = z
  .strictObject({
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    label: z.string().min(1),
    text: z.string().optional(),
  })
  .refine((s) => s.end > s.start, { message: 'span end must be greater than start' });
export type Span = z.infer<typeof Span>;

/** A span produced by a rule: always carries its covered text and the id of the rule that made it. */
export const OutputSpan = z.strictObject({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  label: z.string().min(1),
  text: z.string(),
  rule_id: z.string(),
});
export type OutputSpan = z.infer<typeof OutputSpan>;
