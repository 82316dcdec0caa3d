/**
 * The worker side of the batched pipeline's second core (see pipeline-worker.ts): compiles the rules it is given
 * once, in the order given, then runs `executeRules` on every block of texts it is sent and posts
 * the raw outputs back (typed arrays transferred, not copied). It imports only the engine, so it
 * starts in a few tens of milliseconds.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileRule } from '../core/engine/compile-rule.js';
import { type ExecTask, executeRules } from '../core/engine/executor.js';
import type { DocMeta } from '../core/engine/when.js';
import type { Rule } from '../core/schemas/rule.js';

export interface ExecWorkerData {
  task: ExecTask;
  /** The compiled rules' own rules, in execution order. */
  rules: Rule[];
}

export interface ExecJob {
  id: number;
  texts: string[];
  ids: (string | undefined)[];
  meta: (DocMeta | undefined)[];
  docOffset: number;
}

const { task, rules } = workerData as ExecWorkerData;
const compiled = rules.map(compileRule);

parentPort!.on('message', (job: ExecJob) => {
  try {
    const o = executeRules(task, compiled, job.texts, { ids: job.ids, meta: job.meta as DocMeta[], docOffset: job.docOffset });
    const raw = {
      docEntries: o.docEntries,
      entryRule: o.entryRule,
      entrySpans: o.entrySpans,
      spans: o.spans,
      ruleDocs: o.ruleDocs,
      ruleMatches: o.ruleMatches,
      issues: o.issues,
      elapsedMs: o.elapsedMs,
      batches: o.batches,
    };
    const buffers = [o.docEntries, o.entryRule, o.entrySpans, o.spans, o.ruleMatches, ...o.ruleDocs].map((a) => a.buffer as ArrayBuffer);
    parentPort!.postMessage({ id: job.id, outputs: raw }, [...new Set(buffers)]);
  } catch (e) {
    parentPort!.postMessage({ id: job.id, error: (e as Error).message ?? String(e) });
  }
});
