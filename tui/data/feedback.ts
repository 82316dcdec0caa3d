import type { Feedback } from '../../src/core/schemas/feedback.js';
import type { DatasetHandle } from '../../src/service/index.js';
import type { FeedbackTarget } from '../context.js';

/** Stores feedback on the target; the service checks the target exists and the text is not empty. */
export function addFeedback(d: DatasetHandle, target: FeedbackTarget, text: string): Feedback {
  return d.addFeedback({
    text,
    ...(target.level === 'rule' ? { rule: target.id } : target.level === 'example' ? { example: target.id } : {}),
  }).feedback;
}

/** All feedback of the dataset, oldest first, with counts by status. */
export function listFeedback(d: DatasetHandle): { feedback: Feedback[]; counts: Record<Feedback['status'], number> } {
  const r = d.listFeedback();
  return { feedback: r.feedback, counts: r.counts };
}

/** Opens dismissed or applied feedback again (the next learning run reads it). */
export function reopenFeedback(d: DatasetHandle, id: string): Feedback {
  return d.reopenFeedback(id).feedback;
}

/** Dismisses feedback (kept, no longer read by learning). */
export function dismissFeedback(d: DatasetHandle, id: string): Feedback {
  return d.dismissFeedback(id).feedback;
}
