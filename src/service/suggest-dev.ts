import { evaluateRuleset, executeRuleset, scorePredictions } from '../core/eval/evaluate-ruleset.js';
import { sumScores } from '../core/eval/totals.js';
import type { Example } from '../core/schemas/example.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import { activeRulesHash } from '../store/fingerprint.js';
import type { Store } from '../store/index.js';
import type { PredictionKey } from '../store/prediction-cache.js';
import type { DatasetContext } from './dataset-context.js';

/** The active rules' predictions on dev and their micro F1. */
interface Baseline {
  predictions: readonly Prediction[];
  f1: number | null;
}

/**
 * The active rules' run on dev, kept per open workspace (the TUI asks for one suggestion list
 * after another under the same rules) and in the workspace between processes, for the rules and
 * dev it was made from: running the ensemble is most of an answer.
 */
const baselines = new WeakMap<Store, { key: string; run: Promise<Baseline> }>();

async function computeBaseline(ctx: DatasetContext, active: readonly Rule[], dev: readonly Example[], key: PredictionKey): Promise<Baseline> {
  const { store, dataset: d } = ctx;
  const cached = store.predictionCache.get(d.id, key);
  // Kept by position: they hold only while dev lists the same examples in the same order.
  if (cached && cached.ids.length === dev.length && cached.ids.every((id, i) => id === dev[i]!.id)) {
    return { predictions: cached.predictions, f1: sumScores((await scorePredictions(d.task, dev, cached.predictions, { outcomes: false })).scores).microF1() };
  }
  const run = await evaluateRuleset(d.task, active, dev, { outcomes: false });
  store.predictionCache.put(d.id, key, { ids: dev.map((e) => e.id), predictions: run.predictions });
  return { predictions: run.predictions, f1: run.totals.microF1() };
}

function devBaseline(ctx: DatasetContext, active: readonly Rule[], dev: readonly Example[]): Promise<Baseline> {
  const { store, dataset: d } = ctx;
  const key: PredictionKey = { split: 'dev', ruleset_hash: activeRulesHash(active), dataset_hash: store.examples.hash(d.id, 'dev') };
  const id = `${d.id}\0${key.ruleset_hash}\0${key.dataset_hash}`;
  const kept = baselines.get(store);
  if (kept?.key === id) return kept.run;
  const run = computeBaseline(ctx, active, dev, key);
  baselines.set(store, { key: id, run });
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
  if (task.type !== 'classification') return { before: base.f1, after: async (rule) => (await evaluateRuleset(task, [...active, rule], dev, { outcomes: false })).totals.microF1() };
  return {
    before: base.f1,
    after: async (rule) => {
      const own = executeRuleset(task, [rule], dev).predictions;
      return f1(base.predictions.map((p, i) => ((own[i]!.label ?? '') !== '' ? own[i]! : p)));
    },
  };
}
