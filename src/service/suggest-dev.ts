import { predict } from '../core/engine/predict.js';
import { ALL_STATUSES, evaluateRuleset, scorePredictions } from '../core/eval/evaluate-ruleset.js';
import { sumScores } from '../core/eval/totals.js';
import type { ExampleScore } from '../core/eval/types.js';
import { plus } from '../core/metrics/scored-run.js';
import { type Counts, f1Of } from '../core/ratio.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import type { DatasetContext } from './dataset-context.js';
import { activePredictions, type SplitRows } from './split-predictions.js';

/** The active rules' dev scores, per example and summed: scored once per run of the ensemble. */
interface Baseline {
  scores: readonly ExampleScore[];
  counts: Counts;
}

const baselines = new WeakMap<readonly Prediction[], Promise<Baseline>>();

function baselineOf(ctx: DatasetContext, dev: SplitRows, predictions: readonly Prediction[]): Promise<Baseline> {
  let b = baselines.get(predictions);
  if (!b) {
    b = scorePredictions(ctx.dataset.task, dev.examples, predictions, { outcomes: false }).then(({ scores }) => ({ scores, counts: sumScores(scores).counts }));
    baselines.set(predictions, b);
    // A failed scoring is not kept: the next call scores again.
    b.catch(() => baselines.delete(predictions));
  }
  return b;
}

/**
 * Dev micro F1 of the active rules, and a function giving it with each of some rules placed, one
 * at a time, above them. On classification a rule on top answers wherever it fires and the rules
 * below answer the rest (the first firing rule wins), so the new rules run once together, and only
 * the texts each fires on are scored again: their old scores are taken from the sums and their new
 * ones added. On span tasks overlaps are resolved among all the rules, so the whole ensemble runs
 * again for each.
 */
export async function devF1WithRules(
  ctx: DatasetContext,
  active: readonly Rule[],
  dev: SplitRows,
): Promise<{ before: number | null; after: (rules: readonly Rule[]) => Promise<(number | null)[]> }> {
  const task = ctx.dataset.task;
  if (!dev.examples.length) return { before: null, after: (rules) => Promise.resolve(rules.map(() => null)) };
  const predictions = activePredictions(ctx, dev, active);
  const base = await baselineOf(ctx, dev, predictions);
  const before = f1Of(base.counts);
  if (task.type !== 'classification')
    return { before, after: (rules) => Promise.all(rules.map(async (rule) => (await evaluateRuleset(task, [...active, rule], dev.examples, { outcomes: false })).totals.microF1())) };
  const onTop = async (label: string, fires: Iterable<number>): Promise<number | null> => {
    const changed = [...fires];
    if (!changed.length) return before;
    const { scores } = await scorePredictions(task, changed.map((i) => dev.examples[i]!), changed.map(() => ({ label, rule_id: null })), { outcomes: false });
    const delta = sumScores(scores);
    for (const i of changed) delta.add(base.scores[i]!, -1);
    return f1Of(plus(base.counts, delta.counts));
  };
  return {
    before,
    after: async (rules) => {
      const { outputs } = predict(task, rules, dev.examples, { statuses: ALL_STATUSES });
      const fires = new Map(outputs.rules.map((r, p) => [r.id, { label: r.label, docs: outputs.ruleDocs[p]! }] as const));
      return Promise.all(rules.map((r) => onTop(fires.get(r.id)?.label ?? r.output.label, fires.get(r.id)?.docs ?? [])));
    },
  };
}
