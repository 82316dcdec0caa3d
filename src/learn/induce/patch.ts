import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import type { InduceOptions, InduceResult } from './types.js';

export async function patch(_task: Task, _train: readonly Example[], _current: readonly Rule[], _options: InduceOptions): Promise<InduceResult> {
  throw new Error('todo');
}
