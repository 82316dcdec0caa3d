import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { predict } from '../core/engine/predict.js';
import { wilsonLower } from '../core/ratio.js';
import type { Example } from '../core/schemas/example.js';
import { rankNext, type NextReason, type RulesOnTrain } from '../learn/induce/next.js';
import { buildTrainIndex } from '../learn/induce/train-index.js';
import { TUNING } from '../learn/induce/tuning.js';
import type { DatasetContext } from './dataset-context.js';
import { round } from './round.js';

/** One train example worth fixing next. */
export interface NextExample {
  id: string;
  text: string;
  label: string;
  /** What the active rules give it (null: none fires). */
  predicted: string | null;
  reason: NextReason;
  /** Train errors of its label the best rule from its text would fix, less right answers it would take over. */
  gain: number;
  why: string;
}

export interface NextResult {
  dataset: string;
  examples: NextExample[];
  /** Train errors and abstentions under the active rules. */
  failing: number;
  train: number;
  elapsed_ms: number;
}

const norm = (s: string | null | undefined) => (s ?? '').trim();

/** What the active rules do on train: each text's answer, every label that fires, the winner's train bound. */
function rulesOnTrain(ctx: DatasetContext, train: readonly Example[]): RulesOnTrain {
  const { store, dataset: d } = ctx;
  const rules = store.rules.list(d.id, { status: 'active' });
  const { predictions, outputs } = predict(d.task, rules, train);
  const fired: string[][] = train.map(() => []);
  const byId = new Map<string, { name: string; bound: number }>();
  for (const [p, docs] of outputs.ruleDocs.entries()) {
    const r = outputs.rules[p]!;
    let tp = 0;
    for (const doc of docs) {
      fired[doc]!.push(r.label);
      if (norm(train[doc]!.label).toLowerCase() === norm(r.label).toLowerCase()) tp++;
    }
    byId.set(r.id, { name: r.rule.name, bound: docs.length ? wilsonLower(tp / docs.length, docs.length, TUNING.covering.z) : 0 });
  }
  return {
    predicted: predictions.map((x) => (norm(x.label) === '' ? null : norm(x.label))),
    fired,
    winner: predictions.map((x) => (x.rule_id ? (byId.get(x.rule_id) ?? null) : null)),
  };
}

/**
 * `next`: the train examples whose fix would help most under the active rules, each with why:
 * errors and abstentions first, by how many others of their label the best rule from their own
 * text would mend; then right answers other labels' rules also claim; then right answers whose
 * rule is weakly supported on train. Classification only.
 */
export function nextExamples(ctx: DatasetContext, req: { limit?: number } = {}): NextResult {
  const t0 = performance.now();
  const { store, dataset: d } = ctx;
  if (d.task.type !== 'classification') throw new RulewrightError('BAD_INPUT', `next ranks classification examples; dataset "${d.name}" is ${d.task.type}: see \`rulewright eval\` for its errors`);
  const train = store.examples.list(d.id, { split: 'train' });
  const ti = buildTrainIndex(train);
  const now = rulesOnTrain(ctx, train);
  const rows = rankNext(ti, now, req.limit ?? 10);
  const failing = train.filter((e, i) => norm(e.label) !== '' && now.predicted[i] !== norm(e.label)).length;
  return {
    dataset: d.name,
    examples: rows.map((r) => ({ id: train[r.doc]!.id, text: train[r.doc]!.text ?? '', label: norm(train[r.doc]!.label), predicted: now.predicted[r.doc] ?? null, reason: r.reason, gain: r.gain, why: r.why })),
    failing,
    train: train.length,
    elapsed_ms: round(performance.now() - t0),
  };
}
