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
import type { CoverOptions } from './cover.js';
import { chooseThreshold } from './cross-validate.js';
import { learnDecisionList, type DecisionList } from './decision-list.js';
import { buildVocabulary, FeatureIndex, type FeatureConfig, type Vocabulary } from './features.js';
import { renderRule } from './render.js';
import { TUNING } from '../tuning.js';
import { f1OfTotals } from '../../../core/ratio.js';

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
export function induceClasses(input: ClassInput): Rule[] {
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
  let fit: Fit | null = null;
  // With dev, each z first learns one pass; the better then learns fallback passes, which dev
  // judges pass by pass (each cut where dev F1 is best given what the earlier passes decide).
  for (const v of variants) {
    if (fit && performance.now() > deadline) break;
    const f = fitList({ ...base, passes: opts.dev ? 1 : passes, ...v, allPasses: false, onStep: v === variants[0] ? opts.onProgress : undefined });
    if (!fit || f.devF1 > fit.devF1 + 1e-9) fit = f;
  }
  if (opts.dev && fit && passes > 1 && performance.now() < deadline) {
    const more = fitList({ ...base, passes, z: fit.z, global: fit.global, allPasses: true, onStep: undefined });
    const gained = more.devF1 > fit.devF1 + 1e-9;
    report.notes.push(`${passes - 1} fallback covering pass${passes === 2 ? '' : 'es'} ${gained ? 'raised' : 'did not raise'} dev F1 (${fit.devF1.toFixed(3)} -> ${more.devF1.toFixed(3)})${gained ? '' : '; kept one pass'}`);
    if (gained) fit = more;
  }
  const { list, picked, rules, pool, kept } = fit!;
  if (variants.length > 1)
    report.notes.push(`dev chose Wilson z ${fit!.z}${fit!.global ? ', rules also bounded by their precision on all of train,' : ''} to rank rules (dev F1 ${fit!.devF1.toFixed(3)} at the cut)`);
  report.index = { features: list.index.size, entries: list.index.entries() };
  report.covering = { rules: list.rules.length, stop: list.stop, uncovered_train: list.uncovered };
  if (list.stop === 'budget') {
    report.budget_exhausted = true;
    report.notes.push(`the ${Math.round(opts.budgetMs / 1000)} s budget ran out while covering: ${list.uncovered} train examples have no rule yet (learn --budget SECONDS to give it more)`);
  }
  if (list.stop === 'max_rules') report.notes.push(`stopped at ${opts.maxRules} rules (--max-rules): ${list.uncovered} train examples have no rule`);
  report.candidates.considered = list.index.size;
  report.candidates.by_kind = {};
  for (const p of picked) report.candidates.by_kind[p.cand.kind] = (report.candidates.by_kind[p.cand.kind] ?? 0) + 1;
  report.candidates.eligible = picked.length;
  if (!picked.length || !pool) {
    report.notes.push('no rule was learned: no feature predicts a label on train with enough support');
    return [];
  }
  for (const m of pool.issues.slice(0, 5)) report.notes.push(`engine: ${m}`);
  const candOf = new Map(rules.map((r, i) => [r.id, picked[i]!]));
  if (pool.dev) {
    const keep = new Set(kept);
    for (let p = 0; p < pool.size; p++) {
      if (keep.has(p)) pool.commit(pool.trial(p));
      else drop(report, 'no_gain_dev', pool.rules[p]!.rule.name);
    }
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
  return finals;
}

/** A rule of the list as a candidate, with its score and the pass that learned it. */
interface Picked {
  cand: Candidate;
  score: number;
  pass: number;
}

interface Fit {
  z: number;
  global: boolean;
  list: DecisionList;
  picked: Picked[];
  rules: Rule[];
  pool: Pool | null;
  /** Pool positions the dev cut keeps, and dev F1 with them (no dev: none, 0). */
  kept: number[];
  devF1: number;
}

interface FitInput extends ClassInput {
  texts: string[];
  labels: (string | null)[];
  classes: string[];
  passes: number;
  minScore: number;
  z: number;
  global: boolean;
  deadline: number;
  allPasses: boolean;
  prebuilt: { vocab: Vocabulary; index: FeatureIndex };
  onStep: ((done: number, total: number) => void) | undefined;
}

/** One decision list learned with a given z, rendered, run through the engine, and cut on dev. */
function fitList(f: FitInput): Fit {
  const { opts } = f;
  const cover = { ...coverOptions(opts, f.deadline, f.onStep), z: f.z, global: f.global };
  const list = learnDecisionList(f.texts, f.labels, f.classes, FEATURES, cover, f.passes, f.prebuilt, f.allPasses);
  const picked = candidatesOf(list, opts.userMinPrecision, f.minScore);
  if (!picked.length) return { z: f.z, global: f.global, list, picked, rules: [], pool: null, kept: [], devF1: 0 };
  const rules = picked.map((p, i) => toRule(p.cand, { id: candidateId(p.cand, opts.idPrefix), priority: picked.length - i, confidence: p.score, status: 'active' }));
  const pool = Pool.run(f.task, rules, f.train, opts.dev, opts.dev ? new Set() : new Set(rules.map((r) => r.id)));
  const passOf = new Int32Array(pool.size);
  rules.forEach((r, i) => (passOf[pool.position.get(r.id)!] = picked[i]!.pass));
  const best = pool.dev ? bestPerPass(pool, passOf) : { kept: [], f1: 0 };
  return { z: f.z, global: f.global, list, picked, rules, pool, kept: best.kept, devF1: best.f1 };
}

/**
 * Which rules of the list to keep, pass by pass: the prefix of the first pass with the best dev F1
 * (read from the engine's matches: the first firing rule of a text is its prediction), then of
 * each later pass the prefix that is best on the texts no kept rule of an earlier pass decides.
 * A fallback pass is thus judged where it would decide, never cut away with the first pass's tail.
 */
function bestPerPass(pool: Pool, passOf: Int32Array): { kept: number[]; f1: number } {
  const dev = pool.dev!;
  const o = dev.outputs;
  const n = dev.examples.length;
  const gold = dev.examples.map((e) => (e.label ?? '').trim().toLowerCase());
  const label = pool.rules.map((r) => r.label.trim().toLowerCase());
  const decided = new Uint8Array(n);
  const kept: number[] = [];
  let tp = 0;
  let answered = 0;
  let f1 = 0;
  const passes = passOf.reduce((m, p) => Math.max(m, p), 0) + 1;
  for (let s = 0; s < passes; s++) {
    // The first rule of this pass firing on each undecided text.
    const first = new Int32Array(n).fill(-1);
    for (let d = 0; d < n; d++) {
      if (decided[d]) continue;
      for (let e = o.docEntries[d]!; e < o.docEntries[d + 1]!; e++) {
        const p = o.entryRule[e]!;
        if (passOf[p] === s) {
          first[d] = p;
          break;
        }
      }
    }
    const right = new Int32Array(pool.size);
    const fired = new Int32Array(pool.size);
    for (let d = 0; d < n; d++) {
      const p = first[d]!;
      if (p < 0) continue;
      fired[p]!++;
      if (label[p] === gold[d]) right[p]!++;
    }
    let best = -1;
    let t = tp;
    let a = answered;
    for (let p = 0; p < pool.size; p++) {
      if (passOf[p] !== s) continue;
      t += right[p]!;
      a += fired[p]!;
      const f = f1OfTotals(t, a, n) ?? 0;
      if (f > f1 + 1e-12) {
        f1 = f;
        best = p;
      }
    }
    if (best < 0) continue;
    for (let p = 0; p <= best; p++) {
      if (passOf[p] !== s) continue;
      kept.push(p);
      tp += right[p]!;
      answered += fired[p]!;
    }
    for (let d = 0; d < n; d++) if (first[d]! >= 0 && first[d]! <= best) decided[d] = 1;
  }
  return { kept, f1 };
}
