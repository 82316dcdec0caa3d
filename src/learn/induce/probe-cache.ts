import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import { Pool } from './pool.js';

/**
 * The last candidate run of one learn, kept so the next run on the same train and dev texts runs
 * only the candidates it lacks (`Pool.reusing`). The arbiter runs each learner's variants one
 * after another on each fold, and their candidates are mostly the same. One per learn: within it
 * an example id names one example, so the ids say which texts a run was on.
 */
export class ProbeCache {
  private last: { key: string; pool: Pool } | null = null;

  /** `Pool.run(task, rules, train, dev)`, taking what it can from the last run on the same texts. */
  run(task: Task, rules: readonly Rule[], train: readonly Example[], dev: readonly Example[] | null): Pool {
    const key = `${idsOf(train)}\u0002${idsOf(dev ?? [])}`;
    const pool = this.last?.key === key ? this.last.pool.reusing(rules) : Pool.run(task, rules, train, dev);
    this.last = { key, pool };
    return pool;
  }
}

const idsOf = (examples: readonly Example[]): string => examples.map((e) => e.id).join('\u0001');
