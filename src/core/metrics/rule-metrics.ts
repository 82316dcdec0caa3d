import type { Scorer } from '../eval/scorer.js';
import type { Counts } from '../ratio.js';
import type { RuleMetrics, RulePartner } from '../schemas/rule-metrics.js';
import { ruleInteractions } from './interactions.js';
import { labelRecalls } from './label-recall.js';
import { type RankResult, rankRules } from './rank.js';
import { ruleSamples, type SampleOptions } from './samples.js';
import type { ScoredRun } from './scored-run.js';
import { wilsonLower } from './wilson.js';

export interface RuleMetricsOptions extends SampleOptions {
  /** z of the Wilson bound (default `task.matching.wilson_z`, else 1.96). */
  z?: number;
  /** Top partners listed per rule for overlaps and conflicts (default 5). */
  partners?: number;
  /** A scorer that collects outcomes, for samples; without one, samples are empty. */
  sampleScorer?: Scorer;
  /** A ranking already computed on the same run (saves a pass). */
  rank?: RankResult;
  /** Told how far each pass over the examples is: the ranking, then the overlaps and conflicts. */
  onProgress?: (done: number, total: number, pass: 'rank' | 'interactions') => void;
}

export interface RuleMetricsResult {
  /** Ensemble counts and micro F1 on the examples. */
  counts: Counts;
  f1: number | null;
  /** In execution order. */
  rules: RuleMetrics[];
  rank: RankResult;
}

/**
 * Metrics of every rule alone (TP, FP, FN, precision, recall and F1 against all gold as RuleChef
 * counts them, label recall and label F1 against the gold of the rule's own label, support,
 * fired, Wilson lower bound of precision, dead), its marginal F1 in the ensemble (harmful when
 * negative), samples with context, and overlaps and conflicts with other rules, all from the
 * outputs computed once (no regex runs again).
 */
export function computeRuleMetrics(run: ScoredRun, options: RuleMetricsOptions = {}): RuleMetricsResult {
  const tell = options.onProgress;
  const rank = options.rank ?? rankRules(run, tell && ((done, total) => tell(done, total, 'rank')));
  const z = options.z ?? (run.scorer.task.matching.wilson_z || 1.96);
  const top = options.partners ?? 5;
  const inter = ruleInteractions(run.outputs, tell && ((done, total) => tell(done, total, 'interactions')));
  const samples = options.sampleScorer ? ruleSamples(run, options.sampleScorer, options) : undefined;
  const byLabel = labelRecalls(run, rank.rules.map((r) => r.support));
  const rules = run.outputs.rules;
  const partners = (m: Map<number, number>): RulePartner[] =>
    [...m]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, top)
      .map(([q, n]) => ({ id: rules[q]!.id, name: rules[q]!.rule.name, examples: n }));
  const metrics = rank.rules.map((r, p): RuleMetrics => {
    const i = inter[p]!;
    return {
      id: r.id,
      name: r.name,
      label: r.label,
      position: p,
      tp: r.solo.tp,
      fp: r.solo.fp,
      fn: r.solo.fn,
      precision: r.solo_precision,
      recall: r.solo_recall,
      f1: r.solo_f1,
      label_recall: byLabel[p]!.label_recall,
      label_f1: byLabel[p]!.label_f1,
      support: r.support,
      fired: r.fired,
      fired_docs: r.fired_docs,
      wilson_lower: wilsonLower(r.solo_precision ?? 0, r.support, z),
      dead: r.dead,
      harmful: r.harmful,
      marginal_f1: r.marginal_f1,
      samples: samples?.[p] ?? { tp: [], fp: [], fn: [] },
      overlap: { examples: i.overlap, partners: partners(i.overlapWith) },
      conflict: { examples: i.conflict, suppressed: i.suppressed, partners: partners(i.conflictWith) },
    };
  });
  return { counts: rank.counts, f1: rank.f1, rules: metrics, rank };
}
