import type { Task } from '../schemas/task.js';
import { compileScorer } from './scorer.js';

/** A task whose matchers the built-in registry can run with no module, judge or network. */
export interface OfflineScoringTask {
  task: Task;
  /** Labels or fields whose matcher was replaced (`default_matcher` for the default). */
  replaced: string[];
}

/** Whether the built-ins alone can score a task synchronously (no user module, no LLM judge). */
function scoresOffline(task: Task): boolean {
  try {
    return !compileScorer(task, { outcomes: false }).needsAsync;
  } catch {
    return false;
  }
}

/**
 * The task as the offline inducer can score it while it searches: each matcher that needs a
 * user module (`--matchers`) or an LLM judge is left out, so that label or field falls back to
 * the default comparison (and a default that needs one falls back to `exact`). The inducer only
 * proposes; the learning loop still judges every change with the task's own matchers.
 */
export function offlineScoringTask(task: Task): OfflineScoringTask {
  const replaced: string[] = [];
  let matching = task.matching;
  if (!scoresOffline({ ...task, matching: { ...matching, matchers: {} } })) {
    matching = { ...matching, default_matcher: 'exact' };
    replaced.push('default_matcher');
  }
  const matchers: Task['matching']['matchers'] = {};
  for (const [key, ref] of Object.entries(matching.matchers)) {
    if (scoresOffline({ ...task, matching: { ...matching, matchers: { [key]: ref } } })) matchers[key] = ref;
    else replaced.push(key);
  }
  return replaced.length ? { task: { ...task, matching: { ...matching, matchers } }, replaced } : { task, replaced };
}
