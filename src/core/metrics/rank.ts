import { firstFiringRule, resolveDocument, resolveRuleAlone, resolveTriples, sameTriples } from '../engine/resolve.js';
import { RulewrightError } from '../errors.js';
import { PROGRESS_EVERY, type ProgressFn } from '../progress.js';
import { type Counts, ratio } from '../ratio.js';
import { isSpanTask } from '../schemas/task.js';
import {
  addInto,
  allExcluded,
  checkAligned,
  countsAt,
  type CountsVec,
  f1Of,
  minus,
  noOutputCounts,
  outputSize,
  plus,
  type ScoredRun,
} from './scored-run.js';
import { SpanRank } from './span-rank.js';

/**
 * Sums over some documents from which every rule's solo and leave-one-out counts follow. Every
 * field is a plain sum over documents, so partials of disjoint chunks (worker threads) add up
 * (`mergeRankPartials`) to exactly the partial of all documents.
 */
export interface RankPartial {
  nRules: number;
  docs: number;
  /** Counts of the whole ruleset. */
  ensemble: Counts;
  /** Counts with no rule at all (every example unanswered). */
  empty: Counts;
  /** Per rule position: (counts without the rule) − ensemble, as (tp, fp, fn) triples. */
  loo: CountsVec;
  /** Per rule position: (counts of the rule alone) − empty. */
  solo: CountsVec;
  /** Per rule position: output items of the rule alone, after its own dedup. */
  fired: Float64Array;
  /** Per rule position: documents the rule fired on. */
  firedDocs: Float64Array;
  /** Documents re-scored for leave-one-out (the rest were skipped: the output did not change). */
  rescored: number;
}

/** One rule's ranking figures. */
export interface RankedRule {
  position: number;
  id: string;
  name: string;
  label: string;
  solo: Counts;
  solo_precision: number | null;
  solo_recall: number | null;
  solo_f1: number | null;
  /** TP + FP of the rule alone. */
  support: number;
  fired: number;
  fired_docs: number;
  dead: boolean;
  /** Counts and micro F1 of the ruleset without this rule. */
  loo: Counts;
  loo_f1: number | null;
  /** Ensemble F1 − F1 without the rule (null when either is null). */
  marginal_f1: number | null;
  /** The ruleset is better without it: marginal F1 < 0. */
  harmful: boolean;
  /** 1-based position in the ranking. */
  rank: number;
}

export interface RankResult {
  counts: Counts;
  f1: number | null;
  precision: number | null;
  recall: number | null;
  /** In execution order (index = rule position). */
  rules: RankedRule[];
  /** Rule positions, best first: marginal F1, then solo precision, then support (desc), then position. */
  order: number[];
  docs: number;
  rescored: number;
}

/**
 * The doc-centric pass behind ranking: each example is scored once with the whole ruleset and
 * once with none; then, for each rule that fired on it, once with that rule alone and, only when
 * leaving the rule out changes the output, once without it. Leave-one-out counts are kept as
 * differences from the ensemble (add the new score, subtract the old), which is exact because
 * counts are multiples of 0.5. Classification skips every rule but the winner (removing a rule
 * that did not win changes nothing); span and transformation tasks compare re-resolved outputs
 * under the real conflict policy before scoring. Span tasks resolve candidate indices
 * (`SpanRank`), and when the mode pairs by equal keys (`exact`, plain `text`) count straight
 * from them, without building predictions.
 */
export function accumulateRank(run: ScoredRun, onProgress?: ProgressFn): RankPartial {
  checkAligned(run);
  const { outputs, examples, scorer } = run;
  const nRules = outputs.rules.length;
  const classification = outputs.task.type === 'classification';
  const spanTask = isSpanTask(outputs.task.type);
  const none = allExcluded(outputs);
  const mask = new Uint8Array(nRules);
  const part = emptyPartial(nRules);
  const ens = new Float64Array(3);
  const emp = new Float64Array(3);
  const { docEntries, entryRule } = outputs;
  const spans = spanTask ? new SpanRank(outputs, scorer) : null;
  // A class label's empty prediction scores the same for many examples (see noOutputCounts).
  const noOutput = classification ? noOutputCounts(run) : null;
  for (let d = 0; d < examples.length; d++) {
    if (onProgress && d % PROGRESS_EVERY === 0 && d > 0) onProgress(d, examples.length);
    const ex = examples[d]!;
    if (spans) {
      spans.document(d, ex, part, ens, emp);
      continue;
    }
    const k0 = docEntries[d]!;
    const k1 = docEntries[d + 1]!;
    const e = noOutput ? noOutput(d) : scorer.counts(ex, resolveDocument(outputs, d, none));
    addInto(emp, 0, e);
    if (k0 === k1) {
      addInto(ens, 0, e);
      continue;
    }
    const c = scorer.counts(ex, resolveDocument(outputs, d));
    addInto(ens, 0, c);
    const winner = classification ? firstFiringRule(outputs, d) : -1;
    const kept = classification ? null : resolveTriples(outputs, d);
    for (let k = k0; k < k1; k++) {
      const p = entryRule[k]!;
      part.firedDocs[p]!++;
      const alone = resolveRuleAlone(outputs, d, p);
      part.fired[p]! += outputSize(alone);
      addInto(part.solo, p, scorer.counts(ex, alone));
      addInto(part.solo, p, e, -1);
      if (classification && p !== winner) continue;
      mask[p] = 1;
      if (!classification && sameTriples(resolveTriples(outputs, d, mask), kept!)) {
        mask[p] = 0;
        continue;
      }
      const s = scorer.counts(ex, resolveDocument(outputs, d, mask));
      mask[p] = 0;
      addInto(part.loo, p, s);
      addInto(part.loo, p, c, -1);
      part.rescored++;
    }
  }
  onProgress?.(examples.length, examples.length);
  part.docs = examples.length;
  part.ensemble = countsAt(ens, 0);
  part.empty = countsAt(emp, 0);
  return part;
}

export function emptyPartial(nRules: number): RankPartial {
  return {
    nRules,
    docs: 0,
    ensemble: { tp: 0, fp: 0, fn: 0 },
    empty: { tp: 0, fp: 0, fn: 0 },
    loo: new Float64Array(3 * nRules),
    solo: new Float64Array(3 * nRules),
    fired: new Float64Array(nRules),
    firedDocs: new Float64Array(nRules),
    rescored: 0,
  };
}

/** Adds partials of disjoint document chunks (same rules in the same order). */
export function mergeRankPartials(parts: readonly RankPartial[]): RankPartial {
  const n = parts[0]?.nRules ?? 0;
  const out = emptyPartial(n);
  for (const p of parts) {
    if (p.nRules !== n) throw new RulewrightError('INTERNAL', `cannot merge rank partials of ${n} and ${p.nRules} rules`);
    out.docs += p.docs;
    out.rescored += p.rescored;
    out.ensemble = plus(out.ensemble, p.ensemble);
    out.empty = plus(out.empty, p.empty);
    for (let i = 0; i < 3 * n; i++) {
      out.loo[i] = out.loo[i]! + p.loo[i]!;
      out.solo[i] = out.solo[i]! + p.solo[i]!;
    }
    for (let i = 0; i < n; i++) {
      out.fired[i] = out.fired[i]! + p.fired[i]!;
      out.firedDocs[i] = out.firedDocs[i]! + p.firedDocs[i]!;
    }
  }
  return out;
}

/** What ranking needs to know of each rule (a CompiledRule fits). */
export interface RuleRef {
  id: string;
  label: string;
  rule: { name: string };
}

/** Turns summed counts into each rule's solo and leave-one-out figures, and the ranking order. */
export function finishRank(rules: readonly RuleRef[], part: RankPartial): RankResult {
  if (rules.length !== part.nRules) throw new RulewrightError('INTERNAL', `rank partial has ${part.nRules} rules, ${rules.length} given`);
  const f1 = f1Of(part.ensemble);
  const ranked: RankedRule[] = rules.map((r, p) => {
    const solo = plus(part.empty, countsAt(part.solo, p));
    const loo = plus(part.ensemble, countsAt(part.loo, p));
    const looF1 = f1Of(loo);
    const marginal = minus(f1, looF1);
    return {
      position: p,
      id: r.id,
      name: r.rule.name,
      label: r.label,
      solo,
      solo_precision: ratio(solo.tp, solo.tp + solo.fp),
      solo_recall: ratio(solo.tp, solo.tp + solo.fn),
      solo_f1: f1Of(solo),
      support: solo.tp + solo.fp,
      fired: part.fired[p]!,
      fired_docs: part.firedDocs[p]!,
      dead: part.firedDocs[p] === 0,
      loo,
      loo_f1: looF1,
      marginal_f1: marginal,
      harmful: marginal !== null && marginal < 0,
      rank: 0,
    };
  });
  const order = ranked
    .map((r) => r.position)
    .sort((a, b) => {
      const x = ranked[a]!;
      const y = ranked[b]!;
      return (
        (y.marginal_f1 ?? 0) - (x.marginal_f1 ?? 0) ||
        (y.solo_precision ?? 0) - (x.solo_precision ?? 0) ||
        y.support - x.support ||
        a - b
      );
    });
  order.forEach((p, i) => (ranked[p]!.rank = i + 1));
  const m = part.ensemble;
  return {
    counts: m,
    f1,
    precision: ratio(m.tp, m.tp + m.fp),
    recall: ratio(m.tp, m.tp + m.fn),
    rules: ranked,
    order,
    docs: part.docs,
    rescored: part.rescored,
  };
}

/**
 * Every rule's solo F1 and exact leave-one-out marginal F1 (ensemble micro F1 − micro F1 without
 * the rule) under the task's conflict policy, execution order and matching mode, from outputs
 * computed once. Equal (===) to re-running the ruleset without each rule; see `naiveRank`.
 */
export function rankRules(run: ScoredRun, onProgress?: ProgressFn): RankResult {
  return finishRank(run.outputs.rules, accumulateRank(run, onProgress));
}
