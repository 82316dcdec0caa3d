import type { Example } from '../../../core/schemas/example.js';
import type { Task } from '../../../core/schemas/task.js';
import type { ResolvedOptions } from '../options.js';
import type { Candidate } from '../types.js';

export function spanCandidates(_task: Task, _train: readonly Example[], _opts: ResolvedOptions): Candidate[] {
  return [];
}
