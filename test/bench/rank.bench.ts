/**
 * Leave-one-out ranking: incremental (rules executed once, only the documents a rule fired on
 * re-resolved and re-scored, counts adjusted by subtract/add) against naive (the ruleset run again
 * from scratch without each rule, as RuleChef's `rank_rules` does), in the same run:
 *
 * - Banking77: 126 rules on 200 queries; TAB: 22 rules on 127 long documents. Single thread:
 *   `exec` (engine, warm regex cache), `rank` (accumulate + finish), `total`; `cold` is the first
 *   run with an empty compile cache; `2 workers` is the same work split over two warm worker
 *   threads (a pool that already loaded the rules). Naive is measured in full.
 *   Target: under 100 ms each (RuleChef on this machine: ~24 s and ~22 s, reference/rc_*.json).
 * - Synthetic: 1,000 rules on 100,000 documents (rank-synthetic.ts), on two worker threads, each
 *   executing and accumulating its half in blocks of 5,000 documents (bounded memory; peak RSS is
 *   sampled). Naive is ESTIMATED: two sampled rules, each left out and run from scratch on the
 *   first 2,000 documents, scaled linearly to 100,000 documents and 1,000 rules (naive cost is
 *   linear in both). Target: under a minute on 2 cores.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { clearCompileCache } from '../../src/core/engine/compile-rule.js';
import { prepareRules, runRules } from '../../src/core/engine/predict.js';
import { compileScorer } from '../../src/core/eval/scorer.js';
import { finishRank, mergeRankPartials, rankRules, type RankResult } from '../../src/core/metrics/rank.js';
import { naiveCounts, naiveRank } from '../../src/core/metrics/naive-rank.js';
import { loadCase, type SharedCase } from './rank-cases.js';
import type { RankJob, RankJobResult } from './rank-worker.js';
import { SYNTHETIC, syntheticDocs, syntheticRules, syntheticTask, vocabulary } from './rank-synthetic.js';
import { median } from './bench-support.js';
import type { BenchResult } from './run-all.js';

const REPEATS = 7;
/** CPU time (user + system) of the whole process, all threads, in ms: robust to other load on the machine. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Two worker threads that each take one job at a time. */
class Pool {
  private readonly workers: Worker[];
  constructor(n: number) {
    this.workers = Array.from({ length: n }, () => new Worker(new URL('./rank-worker.js', import.meta.url)));
  }
  get size(): number {
    return this.workers.length;
  }
  run(jobs: RankJob[]): Promise<RankJobResult[]> {
    return Promise.all(
      jobs.map(
        (job, i) =>
          new Promise<RankJobResult>((resolve, reject) => {
            const w = this.workers[i % this.workers.length]!;
            w.once('message', (m: { ok: boolean; res?: RankJobResult; error?: string }) => (m.ok ? resolve(m.res!) : reject(new Error(m.error))));
            w.postMessage(job);
          }),
      ),
    );
  }
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

const halves = (n: number, parts: number) => Array.from({ length: parts }, (_, i) => [Math.floor((i * n) / parts), Math.floor(((i + 1) * n) / parts)] as const);

const sameMarginals = (a: RankResult, b: { rules: { id: string; marginal_f1: number | null; solo_f1: number | null }[] }) => {
  const by = new Map(a.rules.map((r) => [r.id, r]));
  return b.rules.every((n) => Object.is(by.get(n.id)?.marginal_f1, n.marginal_f1) && Object.is(by.get(n.id)?.solo_f1, n.solo_f1));
};

async function sharedRow(name: SharedCase, pool: Pool): Promise<Record<string, string | number> | string> {
  const c = loadCase(name);
  if (!c) return `${name}: skipped (shared datasets not found)`;
  const scorer = compileScorer(c.task, { outcomes: false });
  clearCompileCache();
  const c0 = performance.now();
  rankRules({ outputs: runRules(c.task, c.rules, c.examples), examples: c.examples, scorer });
  const cold = performance.now() - c0;

  const exec: number[] = [];
  const rank: number[] = [];
  const total: number[] = [];
  const cpu: number[] = [];
  let result!: RankResult;
  for (let i = 0; i < REPEATS + 1; i++) {
    const c0 = cpuMs();
    const t0 = performance.now();
    const outputs = runRules(c.task, c.rules, c.examples);
    const t1 = performance.now();
    result = rankRules({ outputs, examples: c.examples, scorer });
    const t2 = performance.now();
    if (i === 0) continue;
    exec.push(t1 - t0);
    rank.push(t2 - t1);
    total.push(t2 - t0);
    cpu.push(cpuMs() - c0);
  }

  const jobs: RankJob[] = halves(c.examples.length, pool.size).map(([from, to]) => ({ kind: 'shared', name, from, to }));
  await pool.run(jobs);
  const par: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const t0 = performance.now();
    const parts = await pool.run(jobs);
    finishRank(prepareRules(c.task, c.rules).compiled, mergeRankPartials(parts.map((p) => p.partial)));
    par.push(performance.now() - t0);
  }

  const n0 = performance.now();
  const naive = naiveRank(c.task, c.rules, c.examples, scorer);
  const naiveMs = performance.now() - n0;
  return {
    case: name,
    rules: c.rules.length,
    docs: c.examples.length,
    'exec ms': median(exec),
    'rank ms': median(rank),
    'total ms': median(total),
    'cpu ms': median(cpu),
    'cold ms': cold,
    '2 workers ms': median(par),
    'naive ms': naiveMs,
    'speed-up': naiveMs / median(total),
    'RuleChef ms': c.rulechefRankS * 1000,
    exact: sameMarginals(result, naive) && naive.f1 === result.f1 ? 'yes' : 'NO',
  };
}

async function syntheticRow(pool: Pool, notes: string[]): Promise<Record<string, string | number>> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const c0 = cpuMs();
  const t0 = performance.now();
  const parts = await pool.run(halves(SYNTHETIC.docs, pool.size).map(([from, to]) => ({ kind: 'synthetic', from, to, block: 5_000 })));
  const task = syntheticTask();
  const vocab = vocabulary();
  const rules = syntheticRules(vocab);
  const result = finishRank(prepareRules(task, rules).compiled, mergeRankPartials(parts.map((p) => p.partial)));
  const wall = performance.now() - t0;
  const cpu = cpuMs() - c0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  // Naive estimate from a sample: two rules left out and run from scratch on the first 2,000 documents.
  const SUB = 2_000;
  const docs = syntheticDocs(vocab, 0, SUB);
  const scorer = compileScorer(task, { outcomes: false });
  const sample = [rules[17]!, rules[503]!];
  const n0 = performance.now();
  const naive = naiveRank(task, rules, docs, scorer, new Set(sample.map((r) => r.id)));
  const naiveSample = performance.now() - n0;
  const ensembleMs = (() => {
    const e0 = performance.now();
    naiveCounts(task, rules, docs, scorer);
    return performance.now() - e0;
  })();
  const perRule = (naiveSample - ensembleMs) / sample.length;
  const estimate = perRule * (SUB > 0 ? SYNTHETIC.docs / SUB : 1) * SYNTHETIC.rules;
  const sub = rankRules({ outputs: runRules(task, rules, docs), examples: docs, scorer });

  const exec = parts.reduce((a, p) => a + p.execMs, 0);
  const rank = parts.reduce((a, p) => a + p.rankMs, 0);
  const gen = parts.reduce((a, p) => a + p.genMs, 0);
  const firedPairs = result.rules.reduce((a, r) => a + r.fired_docs, 0);
  notes.push(
    `synthetic: ${SYNTHETIC.rules} rules × ${SYNTHETIC.docs.toLocaleString('en-US')} docs on ${pool.size} worker threads: wall ${(wall / 1000).toFixed(1)} s ` +
      `(summed over threads: exec ${(exec / 1000).toFixed(1)} s, rank ${(rank / 1000).toFixed(1)} s, generating docs ${(gen / 1000).toFixed(1)} s); ` +
      `CPU time ${(cpu / 1000).toFixed(1)} s, so ~${(cpu / 2000).toFixed(1)} s of wall time on 2 otherwise idle cores; load average ${loadavg()[0]!.toFixed(1)} during the run; ` +
      `${(firedPairs / SYNTHETIC.docs).toFixed(1)} rules fire per doc, ${result.rules.filter((r) => r.dead).length} dead, ${result.rules.filter((r) => r.harmful).length} harmful; ` +
      `ensemble F1 ${result.f1?.toFixed(4)}; peak RSS ${(peak / 2 ** 20).toFixed(0)} MB (process, all threads; sampled every 50 ms).`,
    `synthetic naive is an ESTIMATE: ${sample.length} sampled rules left out and re-run from scratch on ${SUB.toLocaleString('en-US')} docs took ` +
      `${perRule.toFixed(0)} ms per rule; × ${SYNTHETIC.docs / SUB} (docs) × ${SYNTHETIC.rules} (rules) = ${(estimate / 3_600_000).toFixed(1)} h single-threaded. ` +
      `On that sample, incremental and naive marginals are ${sameMarginals(sub, naive) ? 'identical (===)' : 'DIFFERENT'}.`,
  );
  return {
    case: 'synthetic',
    rules: SYNTHETIC.rules,
    docs: SYNTHETIC.docs,
    'exec ms': exec,
    'rank ms': rank,
    'total ms': exec + rank,
    'cpu ms': cpu,
    '2 workers ms': wall,
    'naive ms': estimate,
    'speed-up': estimate / wall,
    exact: sameMarginals(sub, naive) ? 'yes (sample)' : 'NO',
  };
}

export async function run(): Promise<BenchResult> {
  const notes: string[] = [];
  const rows: Record<string, string | number>[] = [];
  const pool = new Pool(Math.min(2, Math.max(1, availableParallelism())));
  try {
    for (const name of ['banking77', 'tab'] as const) {
      const row = await sharedRow(name, pool);
      if (typeof row === 'string') notes.push(row);
      else rows.push(row);
    }
    if (!process.env.RANK_BENCH_SKIP_SYNTHETIC) rows.push(await syntheticRow(pool, notes));
    else notes.push('synthetic: skipped (RANK_BENCH_SKIP_SYNTHETIC is set)');
  } finally {
    await pool.close();
  }
  notes.unshift(
    `machine: ${availableParallelism()} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} at the end (other processes slow the wall times; cpu ms is this process's CPU time);`,
    'exec/rank/total: single thread, warm compile cache, median of 7 (synthetic: summed over both threads); cpu: CPU time of exec + rank; cold: first run with an empty compile cache;',
    '2 workers: wall time on a warm 2-thread pool (synthetic: the whole run, document generation included); speed-up: naive / total (synthetic: naive estimate / 2-worker wall).',
    'targets: banking77 and tab under 100 ms; synthetic under 60,000 ms on 2 cores.',
  );
  return { name: 'rank: incremental leave-one-out vs naive', rows, notes };
}

