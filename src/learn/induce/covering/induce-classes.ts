import type { Example } from '../../../core/schemas/example.js';
import type { Rule } from '../../../core/schemas/rule.js';
import type { Task } from '../../../core/schemas/task.js';
import { mergeAdjacent, mergedCandidate } from '../merge.js';
import type { ResolvedOptions } from '../options.js';
import { Pool } from '../pool.js';
import { drop, stage } from '../report.js';
import { candidateId, toRule } from '../rule-factory.js';
import { clearlyHarmful } from '../dev-judges.js';
import { prunePass } from '../select.js';
import { labelWords, uniqSorted } from '../text.js';
import type { Candidate, InduceReport } from '../types.js';
import type { Figures } from '../pipeline.js';
import type { CoverOptions } from './cover.js';
import { chooseThreshold } from './cross-validate.js';
import { learnDecisionList, reorderList, type DecisionList } from './decision-list.js';
import { buildVocabulary, FeatureIndex, type FeatureConfig, type Vocabulary } from './features.js';
import { renderRule } from './render.js';
import { bestPerPass, pairedGain, type DevCut } from './dev-cut.js';
import { TUNING } from '../tuning.js';

/**
 * The learned rules and their train and dev figures: merging adjacent rules of one label into one
 * alternation leaves every prediction as it was, so these are the figures of the rules returned.
 */
export interface ClassesResult {
  rules: Rule[];
  figures: Figures | null;
}

export interface ClassInput {
  task: Task;
  train: readonly Example[];
  opts: ResolvedOptions;
  report: InduceReport;
  started: number;
}

const FEATURES: FeatureConfig = { stems: true, ngrams: true, gaps: true, positions: true, minNgramDf: TUNING.covering.minNgramDf };

function coverOptions(opts: ResolvedOptions, deadline: number, onStep?: CoverOptions['onStep']): CoverOptions {
  return {
    z: TUNING.covering.z,
    minSupport: 1,
    minScore: TUNING.covering.minScore,
    maxRules: opts.maxRules,
    perClass: opts.maxRulesPerLabel,
    refineTop: TUNING.covering.refineTop,
    refineSample: TUNING.covering.refineSample,
    maxLiterals: TUNING.covering.maxLiterals,
    deadline,
    ...(onStep ? { onStep } : {}),
  };
}

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

/** Labels with train examples and no emitted rule, each with the reason. */
function unruled(train: readonly Example[], rules: readonly Rule[], list: DecisionList): { label: string; reason: string }[] {
  const have = new Set(rules.map((r) => r.output.label));
  const learned = new Set(list.rules.map((r) => list.classes[r.cls]!));
  const seen = uniqSorted(train.map((e) => (e.label ?? '').trim()).filter((l) => l !== ''));
  return seen
    .filter((l) => !have.has(l))
    .map((label) => ({
      label,
      reason: learned.has(label) ? 'its rules did not help on the held-out judgement (dev, or cross-validation on train)' : 'no word, phrase or combination of them predicts it with enough train precision',
    }));
}

/**
 * Classification by sequential covering over an inverted index of train (see cover.ts): the
 * decision list is cut where held-out F1 is best (the dev split, or k-fold cross-validation on
 * train when there is none), run through the real engine on train and dev (the engine's matches,
 * not the index's estimates, decide from there), pruned of rules whose removal raises dev F1, and
 * adjacent rules of one label are merged.
 */
export function induceClasses(input: ClassInput): ClassesResult {
  const { task, train, opts, report, started } = input;
  const deadline = started + opts.budgetMs;
  const texts = train.map((e) => e.text ?? '');
  const labels = train.map((e) => ((e.label ?? '').trim() === '' ? null : (e.label ?? '').trim()));
  const classes = uniqSorted([...labels.filter((l): l is string => l !== null), ...(task.labels ?? [])]);
  // Task knowledge: each label's own name is one more text of that label ("pending card payment").
  for (const c of classes) {
    const words = labelWords(c);
    if (!words.length) continue;
    texts.push(words.join(' '));
    labels.push(c);
  }

  let passes: number = TUNING.covering.passes;
  let cvZ: number = TUNING.covering.z;
  let cvGlobal = false;
  let minScore: number = TUNING.covering.minScore;
  if (!opts.dev) {
    // Without dev, cross-validation picks both where to cut the list and how many covering passes to make.
    const k = Math.min(TUNING.covering.folds, Math.max(2, Math.min(...classes.map((c) => labels.filter((l) => l === c).length).filter((n) => n > 0))));
    const cvDeadline = started + opts.budgetMs * TUNING.covering.cvBudgetShare;
    let best: { t: ReturnType<typeof chooseThreshold>; passes: number; z: number; global: boolean } | null = null;
    for (const z of TUNING.covering.zChoices)
      for (const global of [false, true])
        for (let p = 1; p <= TUNING.covering.maxPasses && performance.now() < cvDeadline; p++) {
          const t = chooseThreshold(texts, labels, classes, FEATURES, { ...coverOptions(opts, cvDeadline), z, global }, k, opts.seed, p);
          if (!best || t.f1 > best.t.f1 + 1e-9) best = { t, passes: p, z, global };
        }
    if (best) {
      passes = best.passes;
      cvZ = best.z;
      cvGlobal = best.global;
      if (Number.isFinite(best.t.threshold)) minScore = Math.max(minScore, best.t.threshold);
      report.notes.push(
        `no dev split: ${k}-fold cross-validation on train chose ${passes} covering pass${passes === 1 ? '' : 'es'}, Wilson z ${cvZ}${cvGlobal ? ' with rules also bounded by their precision on all of train' : ''} and cut the list at rule score ${minScore.toFixed(3)} (held-out F1 ${best.t.f1.toFixed(3)})`,
      );
    }
  }
  // With dev, dev also picks the Wilson z that ranks rules (how much support outweighs purity).
  // The train-wide bound is left to cross-validation: on small train sets it stops residual
  // stopwords; with a dev split, dev choosing it traded coverage for precision at equal F1.
  const variants = opts.dev ? TUNING.covering.zChoices.map((z) => ({ z, global: false })) : [{ z: cvZ, global: cvGlobal }];
  const vocab = buildVocabulary(texts, FEATURES);
  const prebuilt = { vocab, index: FeatureIndex.build(texts, vocab, FEATURES, () => performance.now() > deadline) };
  const base = { ...input, texts, labels, classes, minScore, deadline, prebuilt };
  // Dev judges each list (the engine runs it on dev); only the chosen one also runs on train.
  // With dev, each z first learns one pass; the better then learns fallback passes, judged pass
  // by pass (each cut where dev F1 is best given what earlier passes decide).
  let plan: Plan | null = null;
  for (const v of variants) {
    if (plan && performance.now() > deadline) break;
    const p = planList({ ...base, passes: opts.dev ? 1 : passes, ...v, allPasses: false, onStep: v === variants[0] ? opts.onProgress : undefined });
    if (!plan || p.estimate > plan.estimate + 1e-9) plan = p;
  }
  if (opts.dev && plan && passes > 1 && performance.now() < deadline) {
    const more = planList({ ...base, passes, z: plan.z, global: plan.global, allPasses: true, onStep: undefined });
    const gained = more.estimate > plan.estimate + 1e-9;
    report.notes.push(`${passes - 1} fallback covering pass${passes === 2 ? '' : 'es'} ${gained ? 'raised' : 'did not raise'} dev F1 (${plan.estimate.toFixed(3)} -> ${more.estimate.toFixed(3)})${gained ? '' : '; kept one pass'}`);
    if (gained) plan = more;
  }
  // Dev then judges the same rules, with pairs of words, ordered by their precision on all of train.
  if (opts.dev && plan) {
    const covering = plan;
    for (const orderZ of TUNING.covering.globalZChoices) {
      if (performance.now() > deadline) break;
      const g = planList({ ...base, passes, z: covering.z, global: covering.global, orderZ, allPasses: false, onStep: undefined }, covering.list);
      const gain = pairedGain(covering.right, g.right);
      if (g.estimate > plan.estimate + 1e-9 && gain >= TUNING.covering.reorderMinGain) plan = g;
      report.notes.push(
        `the list ordered by each rule's precision on all of train (Wilson z ${orderZ}, with pairs of words): dev F1 ${g.estimate.toFixed(3)} against covering's ${covering.estimate.toFixed(3)}, paired gain z ${gain.toFixed(2)}${plan === g ? '; kept' : ''}`,
      );
    }
  }
  const fit = runPlan(input, plan!);
  const { list, picked, rules, pool } = fit;
  if (variants.length > 1)
    report.notes.push(`dev chose Wilson z ${fit.z}${fit.global ? ', rules also bounded by their precision on all of train,' : ''} to rank rules (dev F1 ${fit.estimate.toFixed(3)} at the cut)`);
  report.index = { features: list.index.size, entries: list.index.entries() };
  report.covering = { rules: list.rules.length, stop: list.stop, uncovered_train: list.uncovered };
  if (list.stop === 'budget') {
    report.budget_exhausted = true;
    report.notes.push(`the ${Math.round(opts.budgetMs / 1000)} s budget ran out while covering: ${list.uncovered} train examples have no rule yet (learn --budget SECONDS to give it more)`);
  }
  if (list.stop === 'max_rules')
    report.notes.push(
      fit.orderZ === undefined
        ? `stopped at ${opts.maxRules} rules (--max-rules): ${list.uncovered} train examples have no rule`
        : `the globally ordered list was cut to at most ${opts.maxRules} rules and ${opts.maxRulesPerLabel} per label (--max-rules, --max-rules-per-label): its lowest-scored rules were left out`,
    );
  report.candidates.considered = list.index.size;
  report.candidates.by_kind = {};
  for (const p of plan!.picked) report.candidates.by_kind[p.cand.kind] = (report.candidates.by_kind[p.cand.kind] ?? 0) + 1;
  report.candidates.eligible = plan!.picked.length;
  if (!picked.length || !pool) {
    report.notes.push('no rule was learned: no feature predicts a label on train with enough support');
    return { rules: [], figures: null };
  }
  for (const m of pool.issues.slice(0, 5)) report.notes.push(`engine: ${m}`);
  const candOf = new Map(rules.map((r, i) => [r.id, picked[i]!]));
  if (pool.dev) {
    for (const name of fit.cutAway) drop(report, 'no_gain_dev', name);
    stage(report, 'dev_cut', pool, started);
    const pruned = prunePass(pool, clearlyHarmful(), deadline);
    for (const p of pruned) drop(report, 'pruned_dev', pool.rules[p]!.rule.name);
    stage(report, 'dev_prune', pool, started);
  } else stage(report, 'cross_validated_cut', pool, started);

  const chosen = pool.activePositions().map((p) => candOf.get(pool.rules[p]!.id)!);
  report.candidates.kept = chosen.length;
  const groups = mergeAdjacent(chosen.map((c) => c.cand));
  const scoreOf = new Map(chosen.map((c) => [c.cand, c.score]));
  const finals = groups.map((g, i, all) => {
    const c = mergedCandidate(g);
    return toRule(c, { id: candidateId(c, opts.idPrefix), priority: all.length - i, confidence: scoreOf.get(g[0]!) ?? 0, status: opts.status });
  });
  const missing = unruled(train, finals, list);
  report.labels_without_rules = missing;
  if (missing.length) report.notes.push(`${missing.length} label${missing.length === 1 ? '' : 's'} got no rule: ${missing.slice(0, 8).map((m) => `${m.label} (${m.reason})`).join('; ')}${missing.length > 8 ? '; …' : ''}`);
  const last = report.stages[report.stages.length - 1]!;
  return { rules: finals, figures: { train: last.train, dev: last.dev } };
}

/** A rule of the list as a candidate, with its score and the pass that learned it. */
interface Picked {
  cand: Candidate;
  score: number;
  pass: number;
}

/** How a list is learned: covering's Wilson z, the train-wide bound, and the z of a global reorder. */
interface Variant {
  z: number;
  global: boolean;
  /** z of the global order (see global-order.ts), when the list is reordered. */
  orderZ?: number;
}

/** A learned, rendered list and its rules, with its dev F1 at the best cut (no dev: 0). */
interface Plan extends Variant {
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
}

/** A plan cut on dev, its kept rules run through the engine on train (`picked` and `rules`: those kept). */
interface Fit extends Plan {
  pool: Pool | null;
  /** Names of the rules the dev cut left out. */
  cutAway: string[];
}

interface FitInput extends ClassInput, Variant {
  texts: string[];
  labels: (string | null)[];
  classes: string[];
  passes: number;
  minScore: number;
  deadline: number;
  allPasses: boolean;
  prebuilt: { vocab: Vocabulary; index: FeatureIndex };
  onStep: ((done: number, total: number) => void) | undefined;
}

const norm = (l: string): string => l.trim().toLowerCase();

/** The rules of a list, in order (priority falls along it). */
function rulesOf(picked: readonly Picked[], opts: ResolvedOptions): Rule[] {
  return picked.map((p, i) => toRule(p.cand, { id: candidateId(p.cand, opts.idPrefix), priority: picked.length - i, confidence: p.score, status: 'active' }));
}

/** Where dev F1 is best along a list whose rules the engine ran on dev (`devRun`), and that F1. */
function cutOnDev(devRun: Pool, picked: readonly Picked[], rules: readonly Rule[]): DevCut {
  const dev = devRun.dev!;
  const passOf = new Int32Array(devRun.size);
  rules.forEach((r, i) => (passOf[devRun.position.get(r.id)!] = picked[i]!.pass));
  return bestPerPass({
    firings: { docEntries: dev.outputs.docEntries, entryRule: dev.outputs.entryRule },
    gold: dev.examples.map((e) => norm(e.label ?? '')),
    label: devRun.rules.map((r) => norm(r.label)),
    passOf,
  });
}

/**
 * One decision list learned with a variant and rendered, with its dev F1 at the best cut: the
 * engine runs it on dev alone (the index's matches differ from the engine's at tokenizer edges,
 * most on long texts), and only the chosen list is then run on train as well.
 */
function planList(f: FitInput, from?: DecisionList): Plan {
  const { opts } = f;
  const variant: Variant = { z: f.z, global: f.global, ...(f.orderZ === undefined ? {} : { orderZ: f.orderZ }) };
  const cover = { ...coverOptions(opts, f.deadline, f.onStep), z: f.z, global: f.global };
  const learned = from ?? learnDecisionList(f.texts, f.labels, f.classes, FEATURES, cover, f.passes, f.prebuilt, f.allPasses);
  const list = f.orderZ === undefined ? learned : reorderList(learned, f.labels, { z: f.orderZ, minScore: f.minScore, deadline: f.deadline, maxRules: opts.maxRules, perClass: opts.maxRulesPerLabel });
  const picked = candidatesOf(list, opts.userMinPrecision, f.minScore);
  const rules = rulesOf(picked, opts);
  if (!opts.dev?.length || !picked.length) return { ...variant, list, picked, rules, devRun: null, estimate: 0, right: new Uint8Array(0), keptIds: null };
  const devRun = Pool.run(f.task, rules, [], opts.dev);
  const cut = cutOnDev(devRun, picked, rules);
  return { ...variant, list, picked, rules, devRun, estimate: cut.f1, right: cut.right, keptIds: new Set(cut.kept.map((p) => devRun.rules[p]!.id)) };
}

/**
 * A plan's rules run through the engine on train, beside its dev run. With dev, only the rules
 * its dev cut kept run (the rest are named in `cutAway`): the cut is the plan's, measured by the
 * same engine.
 */
function runPlan(f: ClassInput, plan: Plan): Fit {
  const { keptIds, devRun } = plan;
  const keep = (_: unknown, i: number) => !keptIds || keptIds.has(plan.rules[i]!.id);
  const picked = plan.picked.filter(keep);
  const rules = plan.rules.filter(keep);
  const cutAway = keptIds ? plan.rules.filter((r) => !keptIds.has(r.id)).map((r) => r.name) : [];
  if (!picked.length) return { ...plan, picked, rules: [], pool: null, cutAway };
  const active = keptIds ?? new Set(rules.map((r) => r.id));
  const pool = devRun ? devRun.withTrain(rules, f.train, active) : Pool.run(f.task, rules, f.train, null, active);
  return { ...plan, picked, rules, pool, cutAway };
}
