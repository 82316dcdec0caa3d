import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import { Pool } from './pool.js';

/**
 * The candidate runs of one learn, kept so a later run runs only what it lacks. The arbiter runs
 * each learner's variants one after another on each fold, and their candidates are mostly the
 * same; the folds' texts are all texts of the first run. So the first run is made over its train
 * and dev texts together, and a run on some of those texts takes their matches from it
 * (`Pool.sliced`), running only the candidates it has not seen (`Pool.reusing`). Examples are
 * known by identity: the folds hold the same example objects as the learn they are cut from.
 */
export class ProbeCache {
  private last: { key: string; pool: Pool } | null = null;
  private whole: { pool: Pool; at: Map<Example, number> } | null = null;

  /** `Pool.run(task, rules, train, dev)`, taking what it can from the runs before it. */
  run(task: Task, rules: readonly Rule[], train: readonly Example[], dev: readonly Example[] | null): Pool {
    const key = `${idsOf(train)}\u0002${idsOf(dev ?? [])}`;
    const pool = this.last?.key === key ? this.last.pool.reusing(rules) : this.fromWhole(task, rules, train, dev);
    this.last = { key, pool };
    return pool;
  }

  /** A run on texts of the first run, cut from one run of `rules` over all of them; the first run makes it. */
  private fromWhole(task: Task, rules: readonly Rule[], train: readonly Example[], dev: readonly Example[] | null): Pool {
    const at = this.whole?.at;
    const docs = (es: readonly Example[]) => Int32Array.from(es, (e) => at?.get(e) ?? -1);
    const [t, d] = [docs(train), docs(dev ?? [])];
    if (this.whole && !t.includes(-1) && !d.includes(-1)) {
      this.whole = { ...this.whole, pool: this.whole.pool.reusing(rules) };
      return this.whole.pool.sliced({ examples: train, docs: t }, dev && { examples: dev, docs: d });
    }
    if (this.whole) return Pool.run(task, rules, train, dev);
    const all = [...train, ...(dev ?? [])];
    this.whole = { pool: Pool.run(task, rules, all, null), at: new Map(all.map((e, i) => [e, i])) };
    return this.fromWhole(task, rules, train, dev);
  }
}

const idsOf = (examples: readonly Example[]): string => examples.map((e) => e.id).join('\u0001');
