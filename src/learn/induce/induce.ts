import { mulberry32 } from '../../core/random.js';
import type { Example } from '../../core/schemas/example.js';
import type { Task } from '../../core/schemas/task.js';
import { classificationCandidates } from './classify.js';
import { fieldCandidates } from './fields.js';
import { resolveOptions, type ResolvedOptions } from './options.js';
import { runPipeline } from './pipeline.js';
import { newReport } from './report.js';
import { spanCandidates } from './spans/index.js';
import type { Candidate, InduceOptions, InduceResult } from './types.js';

/** A seeded sample of `n` examples, in their original order. */
export function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  if (items.length <= n) return [...items];
  const rnd = mulberry32(seed);
  const idx = items.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

/** Candidates for any task type, from the train examples. */
export function generateCandidates(task: Task, train: readonly Example[], opts: ResolvedOptions): Candidate[] {
  if (task.type === 'classification') return classificationCandidates(task, train, opts);
  if (task.type === 'transformation') return fieldCandidates(task, train, opts);
  return spanCandidates(task, train, opts);
}

/** `induceRules`: candidates from train, then the shared selection pipeline. */
export async function induce(task: Task, trainIn: readonly Example[], options: InduceOptions): Promise<InduceResult> {
  const started = performance.now();
  const opts = resolveOptions(task, options);
  const train = sample(trainIn, opts.maxTrainExamples, opts.seed);
  const report = newReport(task, train.length, opts.dev?.length ?? 0);
  if (train.length < trainIn.length) report.notes.push(`train sampled to ${train.length} of ${trainIn.length} examples (seed ${opts.seed})`);
  if (!train.length) {
    report.notes.push('no train examples: nothing to learn from');
    report.elapsed_ms = Math.round(performance.now() - started);
    return { rules: [], remove: [], report };
  }
  const candidates = generateCandidates(task, train, opts);
  const rules = await runPipeline({ task, train, candidates, opts, report, started, merge: task.type === 'classification' });
  report.emitted = rules.length;
  report.elapsed_ms = Math.round(performance.now() - started);
  return { rules, remove: [], report };
}
