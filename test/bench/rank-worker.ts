/**
 * Worker thread of the ranking benchmark: executes the rules on its share of the documents (in
 * blocks, so memory stays bounded), accumulates the ranking counts, and posts them back; the main
 * thread adds the partials up (`mergeRankPartials`). Not a benchmark itself (run-all only picks
 * `*.bench.js`).
 */
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import type { CompiledRule } from '../../src/core/engine/compile-rule.js';
import { executeRules } from '../../src/core/engine/executor.js';
import { prepareRules } from '../../src/core/engine/predict.js';
import { compileScorer, type Scorer } from '../../src/core/eval/scorer.js';
import { accumulateRank, mergeRankPartials, type RankPartial } from '../../src/core/metrics/rank.js';
import type { Example } from '../../src/core/schemas/example.js';
import type { Task } from '../../src/core/schemas/task.js';
import { loadCase, type SharedCase } from './rank-cases.js';
import { syntheticDocs, syntheticRules, syntheticTask, type Vocabulary, vocabulary } from './rank-synthetic.js';

export type RankJob = { kind: 'synthetic'; from: number; to: number; block: number } | { kind: 'shared'; name: SharedCase; from: number; to: number };

export interface RankJobResult {
  partial: RankPartial;
  execMs: number;
  rankMs: number;
  /** Generating synthetic documents (not part of ranking, but inside the wall time). */
  genMs: number;
  docs: number;
}

interface Prepared {
  task: Task;
  compiled: CompiledRule[];
  scorer: Scorer;
  examples?: Example[];
  vocab?: Vocabulary;
}

const prepared = new Map<string, Prepared>();

function prepare(job: RankJob): Prepared {
  const key = job.kind === 'synthetic' ? 'synthetic' : job.name;
  let p = prepared.get(key);
  if (p) return p;
  if (job.kind === 'synthetic') {
    const vocab = vocabulary();
    const task = syntheticTask();
    p = { task, compiled: prepareRules(task, syntheticRules(vocab)).compiled, scorer: compileScorer(task, { outcomes: false }), vocab };
  } else {
    const c = loadCase(job.name);
    if (!c) throw new Error('shared datasets not found');
    p = { task: c.task, compiled: prepareRules(c.task, c.rules).compiled, scorer: compileScorer(c.task, { outcomes: false }), examples: c.examples };
  }
  prepared.set(key, p);
  return p;
}

function run(job: RankJob): RankJobResult {
  const p = prepare(job);
  let total: RankPartial | undefined;
  let execMs = 0;
  let rankMs = 0;
  let genMs = 0;
  const step = job.kind === 'synthetic' ? job.block : job.to - job.from;
  for (let a = job.from; a < job.to; a += step) {
    const b = Math.min(job.to, a + step);
    const g0 = performance.now();
    const examples = job.kind === 'synthetic' ? syntheticDocs(p.vocab!, a, b) : p.examples!.slice(a, b);
    const t0 = performance.now();
    genMs += t0 - g0;
    const outputs = executeRules(p.task, p.compiled, examples.map((e) => e.text ?? ''), { docOffset: a });
    const t1 = performance.now();
    const part = accumulateRank({ outputs, examples, scorer: p.scorer });
    total = total ? mergeRankPartials([total, part]) : part;
    rankMs += performance.now() - t1;
    execMs += t1 - t0;
  }
  return { partial: total!, execMs, rankMs, genMs, docs: job.to - job.from };
}

parentPort?.on('message', (job: RankJob) => {
  try {
    const res = run(job);
    const { loo, solo, fired, firedDocs } = res.partial;
    parentPort!.postMessage({ ok: true, res }, [loo.buffer, solo.buffer, fired.buffer, firedDocs.buffer] as ArrayBuffer[]);
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).stack ?? String(e) });
  }
});
