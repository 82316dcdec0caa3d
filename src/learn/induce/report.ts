import type { Task } from '../../core/schemas/task.js';
import type { Pool } from './pool.js';
import { splitScore } from './pool.js';
import type { DropReason, InduceReport } from './types.js';

const EXAMPLES_PER_REASON = 8;

/** An empty report for a task and split sizes. */
export function newReport(task: Task, trainN: number, devN: number): InduceReport {
  return {
    task_type: task.type,
    train_n: trainN,
    dev_n: devN,
    candidates: { considered: 0, by_kind: {}, eligible: 0, kept: 0 },
    dropped: {},
    dropped_examples: {},
    stages: [],
    emitted: 0,
    removed: [],
    notes: [],
    elapsed_ms: 0,
  };
}

/** Counts a dropped candidate under its reason (and keeps its name among the first few). */
export function drop(report: InduceReport, reason: DropReason, name: string, count = 1): void {
  report.dropped[reason] = (report.dropped[reason] ?? 0) + count;
  const list = (report.dropped_examples[reason] ??= []);
  if (list.length < EXAMPLES_PER_REASON) list.push(name);
}

/** Records a stage: the pool's current ensemble size and its train and dev scores. */
export function stage(report: InduceReport, name: string, pool: Pool, started: number): void {
  report.stages.push({
    stage: name,
    rules: pool.activePositions().length,
    train: splitScore(pool.train.totals),
    dev: pool.dev ? splitScore(pool.dev.totals) : null,
    elapsed_ms: Math.round(performance.now() - started),
  });
}
