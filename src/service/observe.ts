import { RulewrightError } from '../core/errors.js';
import type { EvalReport } from '../core/schemas/eval-report.js';
import type { Split } from '../core/schemas/example.js';
import { activeRulesHash } from '../store/fingerprint.js';
import type { DatasetContext } from './dataset-context.js';
import { pipelineEvaluator } from './learn-evaluator.js';

export interface ObserveRequest {
  /** Only observed examples of this split (default: all observed examples). */
  split?: Split;
}

/** How well the rules could take over an observed model's traffic. */
export interface ObserveResult {
  dataset: string;
  split: Split | null;
  /** Observed examples scored. */
  n: number;
  rules: number;
  /** Share of the traffic the rules answer (they produce any output). */
  coverage: number | null;
  /** The rules against the observed model's own outputs. */
  agreement: NonNullable<EvalReport['observed']>['agreement'];
  /** Against real gold where the traffic has it: the rules, and the observed model itself. */
  truth: NonNullable<EvalReport['observed']>['truth'];
  /** The full evaluation of the observed examples (the `eval` report, with its `observed` block). */
  report: EvalReport;
  notes: string[];
  dataset_hash: string;
  ruleset_hash: string;
  elapsed_ms: number;
}

/**
 * Scores the active rules on observed traffic (examples imported with `--source observed`):
 * coverage, agreement with the observed model, and where the traffic carries gold (`truth`),
 * the accuracy of the rules and of the model against it. The same pipeline stages as `eval`,
 * restricted to the observed examples.
 */
export async function observeTraffic(ctx: DatasetContext, req: ObserveRequest = {}): Promise<ObserveResult> {
  const t0 = performance.now();
  const { store, dataset: d } = ctx;
  const examples = store.examples.list(d.id, { source: 'observed', ...(req.split ? { split: req.split } : {}) });
  if (!examples.length)
    throw new RulewrightError(
      'NOT_FOUND',
      `dataset "${d.name}" has no observed examples${req.split ? ` in ${req.split}` : ''}: import a model's logged traffic with \`rulewright import FILE --source observed\``,
    );
  const rules = store.rules.list(d.id, { status: 'active' });
  const { report } = await pipelineEvaluator(d.task)(rules, examples, { outcomes: false, split: req.split ?? null });
  const observed = report.observed!;
  report.dataset_hash = store.examples.hash(d.id, req.split);
  report.ruleset_hash = activeRulesHash(rules);
  const notes: string[] = [];
  if (!rules.length) notes.push('the dataset has no active rules: learn some with `rulewright learn`');
  if (!observed.truth) notes.push('the traffic carries no gold answers: accuracy against gold is unknown');
  return {
    dataset: d.name,
    split: req.split ?? null,
    n: observed.n,
    rules: rules.length,
    coverage: observed.coverage,
    agreement: observed.agreement,
    truth: observed.truth,
    report,
    notes,
    dataset_hash: report.dataset_hash,
    ruleset_hash: report.ruleset_hash,
    elapsed_ms: Math.round(performance.now() - t0),
  };
}
