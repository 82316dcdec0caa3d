/**
 * The batched pipeline's second core: a worker thread that runs the rules on the first part of
 * every batch while this thread runs them on the rest, reads the next batch and counts the last
 * one. Rules run document by document, so splitting a batch changes no match; the parts are counted in
 * document order, as batches of their own (see RuleMetricsAccumulator), so every figure is the
 * same as on one thread. Used only for large splits on a machine with more than one core, and
 * only when the worker script is built (dist/); otherwise, and if the worker fails to start,
 * everything runs here.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompiledRule } from '../core/engine/compile-rule.js';
import type { ExecTask, RuleOutputs } from '../core/engine/executor.js';
import { RulewrightError } from '../core/errors.js';
import type { ExecJob, ExecWorkerData } from './pipeline-worker-thread.js';

/** Below this many examples the worker's start-up (~50 ms, compiling every rule again) is not worth it. */
const PARALLEL_MIN_EXAMPLES = 50_000;

type RawOutputs = Pick<
  RuleOutputs,
  'docEntries' | 'entryRule' | 'entrySpans' | 'spans' | 'ruleDocs' | 'ruleMatches' | 'issues' | 'elapsedMs' | 'batches'
>;

type Reply = { id: number; outputs?: RawOutputs; error?: string };

/**
 * The compiled worker script: beside this module in the bundle (an entry of its own) and in the
 * plain build, else the plain build's; from TypeScript sources (tests) the compiled copy.
 */
function workerScript(): string | null {
  const here = fileURLToPath(import.meta.url);
  const dir = dirname(here);
  const candidates = [
    join(dir, 'pipeline-worker-thread.js'),
    join(dir, '..', 'src', 'service', 'pipeline-worker-thread.js'),
    join(dir, '..', '..', 'dist', 'src', 'service', 'pipeline-worker-thread.js'),
  ];
  return here.endsWith('.ts') ? (existsSync(candidates[2]!) ? candidates[2]! : null) : (candidates.slice(0, 2).find((p) => existsSync(p)) ?? null);
}

/** One block of documents sent to the worker: its outputs, once the worker has run it. */
export interface ExecPart {
  readonly outputs: Promise<RuleOutputs>;
}

export class ExecWorker {
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (o: RawOutputs) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly task: ExecTask,
    private readonly rules: readonly CompiledRule[],
  ) {
    worker.on('message', (m: Reply) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.outputs) w.resolve(m.outputs);
      else w.reject(new RulewrightError('INTERNAL', `running the rules in a worker thread failed: ${m.error}`));
    });
    const fail = (e: Error) => {
      this.failure = new RulewrightError('INTERNAL', `the pipeline's worker thread stopped: ${e.message}; run again, or report it if it persists`);
      for (const w of this.waiting.values()) w.reject(this.failure);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.waiting.size) fail(new Error(`exit code ${code}`));
    });
  }

  /** A worker for these rules, or null when one would not help (small split, one core) or cannot start. */
  static open(task: ExecTask, rules: readonly CompiledRule[], examples: number, from = PARALLEL_MIN_EXAMPLES): ExecWorker | null {
    if (examples < from || examples < 2 || rules.length === 0 || availableParallelism() < 2) return null;
    const script = workerScript();
    if (!script) return null;
    const data: ExecWorkerData = {
      task: { type: task.type, list_fields: task.list_fields, matching: { conflict_policy: task.matching.conflict_policy, rule_budget_ms: task.matching.rule_budget_ms } },
      rules: rules.map((r) => r.rule),
    };
    try {
      return new ExecWorker(new Worker(script, { workerData: data }), task, rules);
    } catch {
      return null;
    }
  }

  /** Sends documents to run; `docOffset` is the index of `texts[0]` in the whole split. */
  run(texts: string[], ids: (string | undefined)[], meta: ExecJob['meta'], docOffset: number): ExecPart {
    const id = this.nextId++;
    const raw = new Promise<RawOutputs>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.waiting.set(id, { resolve, reject });
      const job: ExecJob = { id, texts, ids, meta, docOffset };
      this.worker.postMessage(job);
    });
    // Rejections are handled where the part is awaited; this keeps an unawaited one from crashing the process.
    raw.catch(() => {});
    return { outputs: raw.then((o): RuleOutputs => ({ ...o, task: this.task, rules: this.rules, texts, ids, docOffset })) };
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
