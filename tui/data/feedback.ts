import type { Feedback } from '../../src/core/schemas/index.js';
import type { Workspace } from '../../src/service/index.js';
import type { FeedbackTarget } from '../context.js';

/** Stores feedback on the target; the service checks the target exists and the text is not empty. */
export function addFeedback(ws: Workspace, dataset: string | undefined, target: FeedbackTarget, text: string): Feedback {
  return ws.addFeedback({
    ...(dataset ? { dataset } : {}),
    text,
    ...(target.level === 'rule' ? { rule: target.id } : target.level === 'example' ? { example: target.id } : {}),
  }).feedback;
}

/** All feedback of the dataset, oldest first, with counts by status. */
export function listFeedback(ws: Workspace, dataset: string | undefined): { feedback: Feedback[]; counts: Record<Feedback['status'], number> } {
  const r = ws.listFeedback({ ...(dataset ? { dataset } : {}) });
  return { feedback: r.feedback, counts: r.counts };
}

/** Opens dismissed or applied feedback again (the next learning run reads it). */
export function reopenFeedback(ws: Workspace, dataset: string | undefined, id: string): Feedback {
  return ws.reopenFeedback(id, dataset).feedback;
}

/** Dismisses feedback (kept, no longer read by learning). */
export function dismissFeedback(ws: Workspace, dataset: string | undefined, id: string): Feedback {
  return ws.dismissFeedback(id, dataset).feedback;
}
