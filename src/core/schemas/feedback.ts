import { z } from 'zod';

export const FeedbackLevel = z.enum(['task', 'rule', 'example']);
export type FeedbackLevel = z.infer<typeof FeedbackLevel>;
export const FeedbackStatus = z.enum(['open', 'applied', 'dismissed']);
export type FeedbackStatus = z.infer<typeof FeedbackStatus>;

/** Plain-English guidance for learning, aimed at the task, one rule, or one example. */
export const Feedback = z
  .strictObject({
    id: z.string().min(1),
    level: FeedbackLevel,
    target_id: z.string().nullable().default(null),
    text: z.string().min(1),
    status: FeedbackStatus.default('open'),
    created_at: z.string(),
    applied_run_id: z.number().int().nullable().default(null),
    /** The latest learn run that read it without accepting a change it prompted, and why: it stayed open. */
    not_applied: z.strictObject({ run_id: z.number().int(), reason: z.string() }).nullable().default(null),
  })
  .refine((f) => (f.level === 'task') === (f.target_id === null), {
    message: 'task-level feedback has no target; rule and example feedback need a target id',
  });
export type Feedback = z.infer<typeof Feedback>;
