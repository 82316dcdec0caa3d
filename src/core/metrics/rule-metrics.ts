import type { Scorer } from '../eval/scorer.js';
import type { Counts } from '../ratio.js';
import type { RuleMetrics, RulePartner } from '../schemas/rule-metrics.js';
import { RulewrightError } from '../errors.js';
import { type RuleInteractions, ruleInteractions } from './interactions.js';
import { type LabelCounts, labelCounts, labelRecallsOf } from './label-recall.js';
import { accumulateRank, emptyPartial, finishRank, mergeRankPartials, type RankPartial, type RankResult, type RuleRef } from './rank.js';
import { type RuleSamples, ruleSamples, type SampleOptions } from './samples.js';
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
 * Per-rule metrics summed over examples taken in batches, so a large split never has to be held
 * at once: `add` each batch's run (its own outputs and examples, the same compiled rules in the
 * same order, documents in example order), then `finish`. Every figure is a sum over documents
 * (ranking partials, overlaps and conflicts, label counts) or the first samples in example order,
 * so any split into batches gives exactly the figures of one run over all the examples.
 */
export class RuleMetricsAccumulator {
  private rankPart: RankPartial;
  private readonly inter: RuleInteractions[];
  private readonly labels: LabelCounts[];
  private readonly samples: RuleSamples[] | undefined;
  private docs = 0;

  constructor(
    private readonly rules: readonly RuleRef[],
    private readonly options: RuleMetricsOptions = {},
  ) {
    this.rankPart = emptyPartial(rules.length);
    this.inter = rules.map(() => ({ overlap: 0, conflict: 0, suppressed: 0, overlapWith: new Map(), conflictWith: new Map() }));
    this.labels = rules.map(() => ({ gold: 0, tp: 0 }));
    this.samples = options.sampleScorer ? rules.map(() => ({ tp: [], fp: [], fn: [] })) : undefined;
  }

  /** Documents added so far. */
  get size(): number {
    return this.docs;
  }

  /** Adds one batch. `onProgress` is told how far each pass over the batch is. */
  add(run: ScoredRun, onProgress?: RuleMetricsOptions['onProgress']): void {
    if (run.outputs.rules.length !== this.rules.length)
      throw new RulewrightError('INTERNAL', `a batch ran ${run.outputs.rules.length} rules, the metrics are summing ${this.rules.length}`);
    const tell = onProgress;
    if (!this.options.rank) this.rankPart = mergeRankPartials([this.rankPart, accumulateRank(run, tell && ((done, total) => tell(done, total, 'rank')))]);
    ruleInteractions(run.outputs, tell && ((done, total) => tell(done, total, 'interactions')), this.inter);
    if (this.options.sampleScorer) ruleSamples(run, this.options.sampleScorer, this.options, this.samples);
    labelCounts(run, this.labels);
    this.docs += run.examples.length;
  }

  /**
   * What `add(run)` would ask of the scorers, without changing any figure: for a collecting pass
   * (asynchronous matchers record the verdicts they need, see `prefetchVerdicts`).
   */
  dryRun(run: ScoredRun): void {
    const trial = new RuleMetricsAccumulator(this.rules, this.options);
    if (this.samples && trial.samples) this.samples.forEach((s, p) => (trial.samples![p] = { tp: [...s.tp], fp: [...s.fp], fn: [...s.fn] }));
    trial.add(run);
  }

  finish(): RuleMetricsResult {
    const rank = this.options.rank ?? finishRank(this.rules, this.rankPart);
    const z = this.options.z ?? 1.96;
    const top = this.options.partners ?? 5;
    const byLabel = labelRecallsOf(this.labels, rank.rules.map((r) => r.support));
    const rules = this.rules;
    const partners = (m: Map<number, number>): RulePartner[] =>
      [...m]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, top)
        .map(([q, n]) => ({ id: rules[q]!.id, name: rules[q]!.rule.name, examples: n }));
    const metrics = rank.rules.map((r, p): RuleMetrics => {
      const i = this.inter[p]!;
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
        samples: this.samples?.[p] ?? { tp: [], fp: [], fn: [] },
        overlap: { examples: i.overlap, partners: partners(i.overlapWith) },
        conflict: { examples: i.conflict, suppressed: i.suppressed, partners: partners(i.conflictWith) },
      };
    });
    return { counts: rank.counts, f1: rank.f1, rules: metrics, rank };
  }
}

/**
 * Metrics of every rule alone (TP, FP, FN, precision, recall and F1 against all gold as RuleChef
 * counts them, label recall and label F1 against the gold of the rule's own label, support,
 * fired, Wilson lower bound of precision, dead), its marginal F1 in the ensemble (harmful when
 * negative), samples with context, and overlaps and conflicts with other rules, all from the
 * outputs computed once (no regex runs again). One batch of `RuleMetricsAccumulator`.
 */
export function computeRuleMetrics(run: ScoredRun, options: RuleMetricsOptions = {}): RuleMetricsResult {
  const acc = new RuleMetricsAccumulator(run.outputs.rules, { ...options, z: options.z ?? (run.scorer.task.matching.wilson_z || 1.96) });
  acc.add(run, options.onProgress);
  return acc.finish();
}
