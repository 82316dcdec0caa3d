import { evaluateRuleset, executeRuleset, type RulesetEvaluation, scorePredictions } from '../core/eval/evaluate-ruleset.js';
import { sumScores } from '../core/eval/totals.js';
import type { Example } from '../core/schemas/example.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import { rulesetHash } from '../store/fingerprint.js';
import type { Store } from '../store/index.js';
import type { DatasetContext } from './dataset-context.js';

/**
 * The active rules' run on dev, kept per open workspace for the rules and dev it was made from:
 * the TUI asks for one suggestion list after another under the same rules, and the ensemble's
 * run is most of each answer.
 */
const baselines = new WeakMap<Store, { key: string; run: Promise<RulesetEvaluation> }>();

function devBaseline(ctx: DatasetContext, active: readonly Rule[], dev: readonly Example[]): Promise<RulesetEvaluation> {
  const { store, dataset: d } = ctx;
  const key = `${d.id}\0${rulesetHash(active)}\0${store.examples.hash(d.id, 'dev')}`;
  const kept = baselines.get(store);
  if (kept?.key === key) return kept.run;
  const run = evaluateRuleset(d.task, active, dev, { outcomes: false });
  baselines.set(store, { key, run });
  // A failed run is not kept: the next call runs again.
  run.catch(() => baselines.get(store)?.run === run && baselines.delete(store));
  return run;
}

/**
 * Dev micro F1 of the active rules, and a function giving it with one more rule placed above
 * them. On classification the rule on top answers wherever it fires and the rules below answer
 * the rest (the first firing rule wins), so only it runs and its answers replace the ensemble's;
 * on span tasks overlaps are resolved among all the rules, so the whole ensemble runs again.
 */
export async function devF1WithRule(
  ctx: DatasetContext,
  active: readonly Rule[],
  dev: readonly Example[],
): Promise<{ before: number | null; after: (rule: Rule) => Promise<number | null> }> {
  const task = ctx.dataset.task;
  if (!dev.length) return { before: null, after: () => Promise.resolve(null) };
  const base = await devBaseline(ctx, active, dev);
  const f1 = async (predictions: readonly Prediction[]) => sumScores((await scorePredictions(task, dev, predictions, { outcomes: false })).scores).microF1();
  if (task.type !== 'classification') return { before: base.totals.microF1(), after: async (rule) => (await evaluateRuleset(task, [...active, rule], dev, { outcomes: false })).totals.microF1() };
  return {
    before: base.totals.microF1(),
    after: async (rule) => {
      const own = executeRuleset(task, [rule], dev).predictions;
      return f1(base.predictions.map((p, i) => ((own[i]!.label ?? '') !== '' ? own[i]! : p)));
    },
  };
}
