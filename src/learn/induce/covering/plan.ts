import type { Example } from '../../../core/schemas/example.js';
import type { Rule } from '../../../core/schemas/rule.js';
import type { Task } from '../../../core/schemas/task.js';
import type { ResolvedOptions } from '../options.js';
import { Pool } from '../pool.js';
import { candidateId, toRule } from '../rule-factory.js';
import type { Candidate, InduceReport } from '../types.js';
import { TUNING } from '../tuning.js';
import type { BaseRate } from './base-rate.js';
import type { CoverOptions } from './cover-options.js';
import { learnDecisionList, reorderList, type DecisionList } from './decision-list.js';
import { bestPerPass, type DevCut } from './dev-cut.js';
import type { FeatureConfig, FeatureIndex, Vocabulary } from './features.js';
import { renderRule } from './render.js';

export const FEATURES: FeatureConfig = { stems: true, ngrams: true, gaps: true, positions: true, shapes: true, minNgramDf: TUNING.covering.minNgramDf };

export interface ClassInput {
  task: Task;
  train: readonly Example[];
  opts: ResolvedOptions;
  report: InduceReport;
  started: number;
}

/**
 * Most rules of one label a list keeps before merging: rules are counted per label as merged
 * (`fitLabelBudget`), and up to `maxAlternatives` merge into one, so the list keeps enough for the
 * budget to choose the best of.
 */
export const perClassBeforeMerging = (opts: Pick<ResolvedOptions, 'maxRulesPerLabel'>): number => opts.maxRulesPerLabel * TUNING.merge.maxAlternatives;

export function coverOptions(opts: ResolvedOptions, deadline: number, onStep?: CoverOptions['onStep']): CoverOptions {
  return {
    z: TUNING.covering.z,
    minSupport: TUNING.covering.minSupport,
    minScore: TUNING.covering.minScore,
    maxRules: opts.maxRules,
    perClass: perClassBeforeMerging(opts),
    refineTop: TUNING.covering.refineTop,
    refineSample: TUNING.covering.refineSample,
    maxLiterals: TUNING.covering.maxLiterals,
    deadline,
    ...(opts.avoidFunctionWords ? { avoidFunctionWords: true } : {}),
    ...(onStep ? { onStep } : {}),
  };
}

/** A rule of the list as a candidate, with its score and the pass that learned it (-1: the default rule). */
export interface Picked {
  cand: Candidate;
  score: number;
  pass: number;
}

/** How a list is learned: covering's Wilson z, the train-wide bound, and the z of a global reorder. */
export interface Variant {
  z: number;
  global: boolean;
  /** z of the global order (see global-order.ts), when the list is reordered. */
  orderZ?: number;
}

/** A learned, rendered list and its rules, with its dev F1 at the best cut (no dev: 0). */
export interface Plan extends Variant {
  list: DecisionList;
  picked: Picked[];
  /** `picked` as rules, in the same order. */
  rules: Rule[];
  /** The engine's run of `rules` on dev (no dev: null). */
  devRun: Pool | null;
  estimate: number;
  /** Dev texts it gets right at that cut (no dev: none). */
  right: Uint8Array;
  /** Ids of the rules the dev cut keeps (no dev: null, all are kept). */
  keptIds: ReadonlySet<string> | null;
  /** The default class the cut gave the texts no kept rule decides (none: they stay unlabelled). */
  fallback: string | null;
}

/** A plan cut on dev, its kept rules run through the engine on train (`picked` and `rules`: those kept). */
export interface Fit extends Plan {
  pool: Pool | null;
  /** Names of the rules the dev cut left out. */
  cutAway: string[];
}

/** What every list of one learn run shares: the texts, their labels and classes, and the train index. */
export interface PlanBase extends ClassInput {
  texts: string[];
  labels: (string | null)[];
  classes: string[];
  minScore: number;
  deadline: number;
  prebuilt: { vocab: Vocabulary; index: FeatureIndex };
  /** The default rule put after the list (it runs on dev with it, so a cut can be judged with and without it). */
  defaultRule: Picked | null;
  /** Whether the list ends with the default rule (it is cut, and runs, with it). */
  withDefault: boolean;
  /** Learn the list for a default class: its rules scored against its base rate. */
  defaultClass: BaseRate | null;
}

export interface FitInput extends PlanBase, Variant {
  passes: number;
  allPasses: boolean;
  onStep: ((done: number, total: number) => void) | undefined;
}

const norm = (l: string): string => l.trim().toLowerCase();

/** The decision list as candidates, in order; a rule below the precision floor is left out. */
function candidatesOf(list: DecisionList, floor: number | null, minScore: number): Picked[] {
  const out: Picked[] = [];
  for (const r of list.rules) {
    if (r.score < minScore) continue;
    if (floor !== null && r.tp / r.n < floor) continue;
    const cand = renderRule({
      literals: r.literals,
      label: list.classes[r.cls]!,
      kindOf: (f) => list.index.kinds[f]!,
      keyOf: (f) => list.index.keys[f]!,
      tp: r.tp,
      n: r.n,
      ...(r.scope ? { scope: r.scope } : {}),
    });
    out.push({ cand, score: r.score, pass: r.pass });
  }
  return out;
}

/** The rules of a list, in order (priority falls along it). */
function rulesOf(picked: readonly Picked[], opts: ResolvedOptions): Rule[] {
  return picked.map((p, i) => toRule(p.cand, { id: candidateId(p.cand, opts.idPrefix), priority: picked.length - i, confidence: p.score, status: 'active' }));
}

/**
 * Where dev F1 is best along a list whose rules the engine ran on dev (`devRun`), and that F1;
 * with a `fallback` class the default rule (pass -1) is kept and decides what no kept rule does.
 */
function cutOnDev(devRun: Pool, picked: readonly Picked[], rules: readonly Rule[], fallback: string | null): DevCut {
  const dev = devRun.dev!;
  const passOf = new Int32Array(devRun.size);
  rules.forEach((r, i) => (passOf[devRun.position.get(r.id)!] = picked[i]!.pass));
  const cut = bestPerPass({
    firings: { docEntries: dev.outputs.docEntries, entryRule: dev.outputs.entryRule },
    gold: dev.examples.map((e) => norm(e.label ?? '')),
    label: devRun.rules.map((r) => norm(r.label)),
    passOf,
    ...(fallback === null ? {} : { fallback: norm(fallback) }),
  });
  if (fallback !== null) passOf.forEach((p, i) => p < 0 && cut.kept.push(i));
  return cut;
}

/** A plan's dev cut made again, with the default class deciding what no kept rule does (or without it). */
export function recut(plan: Plan, fallback: string | null): Plan {
  if (!plan.devRun) return { ...plan, fallback };
  const cut = cutOnDev(plan.devRun, plan.picked, plan.rules, fallback);
  return { ...plan, estimate: cut.f1, right: cut.right, keptIds: new Set(cut.kept.map((p) => plan.devRun!.rules[p]!.id)), fallback };
}

/**
 * One decision list learned with a variant and rendered, with its dev F1 at the best cut: the
 * engine runs it on dev alone (the index's matches differ from the engine's at tokenizer edges,
 * most on long texts), and only the chosen list is then run on train as well.
 */
export function planList(f: FitInput, from?: DecisionList): Plan {
  const { opts } = f;
  const variant: Variant = { z: f.z, global: f.global, ...(f.orderZ === undefined ? {} : { orderZ: f.orderZ }) };
  const cover = { ...coverOptions(opts, f.deadline, f.onStep), z: f.z, global: f.global, ...(f.defaultClass ? { defaultClass: f.defaultClass } : {}) };
  const learned = from ?? learnDecisionList(f.texts, f.labels, f.classes, FEATURES, cover, f.passes, f.prebuilt, f.allPasses);
  const list = f.orderZ === undefined ? learned : reorderList(learned, f.labels, { z: f.orderZ, minScore: f.minScore, deadline: f.deadline, maxRules: opts.maxRules, perClass: perClassBeforeMerging(opts) });
  const listed = candidatesOf(list, opts.userMinPrecision, f.minScore);
  const picked = f.defaultRule ? [...listed, f.defaultRule] : listed;
  const rules = rulesOf(picked, opts);
  const fallback = f.withDefault && f.defaultRule ? f.defaultRule.cand.label : null;
  if (!opts.dev?.length || !listed.length) return { ...variant, list, picked, rules, devRun: null, estimate: 0, right: new Uint8Array(0), keptIds: null, fallback };
  const devRun = Pool.run(f.task, rules, [], opts.dev);
  return recut({ ...variant, list, picked, rules, devRun, estimate: 0, right: new Uint8Array(0), keptIds: null, fallback }, fallback);
}

/**
 * A plan's rules run through the engine on train, beside its dev run. With dev, only the rules
 * its dev cut kept run (the rest are named in `cutAway`): the cut is the plan's, measured by the
 * same engine. Without dev, every rule runs, the default rule only when the plan has a default.
 */
export function runPlan(f: ClassInput, plan: Plan): Fit {
  const { devRun } = plan;
  const keptIds = plan.keptIds ?? (plan.fallback === null ? new Set(plan.rules.filter((_, i) => plan.picked[i]!.pass >= 0).map((r) => r.id)) : null);
  const keep = (_: unknown, i: number) => !keptIds || keptIds.has(plan.rules[i]!.id);
  const picked = plan.picked.filter(keep);
  const rules = plan.rules.filter(keep);
  const cutAway = plan.keptIds ? plan.rules.filter((r, i) => !keptIds!.has(r.id) && plan.picked[i]!.pass >= 0).map((r) => r.name) : [];
  if (!picked.length) return { ...plan, picked, rules: [], pool: null, cutAway };
  const active = keptIds ?? new Set(rules.map((r) => r.id));
  const pool = devRun ? devRun.withTrain(rules, f.train, active) : Pool.run(f.task, rules, f.train, null, active);
  return { ...plan, picked, rules, pool, cutAway };
}
