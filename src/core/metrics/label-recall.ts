import { resolveRuleAlone } from '../engine/resolve.js';
import { foldLabel } from '../eval/score-classification.js';
import { f1OfTotals, ratio } from '../ratio.js';
import type { TaskType } from '../schemas/task.js';
import type { ExampleScore } from '../eval/types.js';
import { noOutputScores, type ScoredRun } from './scored-run.js';

/** A rule's recall and F1 against the gold of its own label only. */
export interface LabelRecall {
  /** Gold items of the rule's label in the examples scored. */
  gold: number;
  /** The rule alone's true positives on gold of its label. */
  tp: number;
  /** tp / gold; null when there is no gold of the label. */
  label_recall: number | null;
  /** 2·tp / (support + gold), i.e. F1 with (support − tp) FP and (gold − tp) FN; null with neither gold nor output. */
  label_f1: number | null;
}

/** Whether a scored class (span label, class label, dotted field path) belongs to a rule's label. */
function sameLabel(type: TaskType, scored: string, label: string): boolean {
  if (type === 'classification') return foldLabel(scored) === foldLabel(label);
  if (type === 'transformation') return scored === label || scored.startsWith(`${label}.`);
  return scored === label;
}

/** What a rule's label recall is summed from, over some examples: additive across batches. */
export interface LabelCounts {
  /** Gold items of the rule's label. */
  gold: number;
  /** The rule alone's true positives on gold of its label. */
  tp: number;
}

/**
 * Per rule (in `run.outputs.rules` order), the gold of its own label and its true positives on
 * that gold in these examples. `into` (from earlier examples, same rules) is added to.
 */
export function labelCounts(run: ScoredRun, into?: LabelCounts[]): LabelCounts[] {
  const { outputs, examples, scorer } = run;
  const type = outputs.task.type;
  const out = into ?? outputs.rules.map(() => ({ gold: 0, tp: 0 }));
  // With no output every gold item in the scoring universe is a false negative: summed per scored
  // class in one pass, then per rule label (counts are multiples of 0.5, so the order is exact).
  let fnByClass: Map<string, number> | undefined;
  const goldOf = new Map<string, number>();
  const gold = (label: string): number => {
    let g = goldOf.get(label);
    if (g === undefined) {
      if (!fnByClass) {
        fnByClass = new Map();
        // Examples that share a score (see noOutputScores) are summed once, times their number.
        const noOutput = noOutputScores(run);
        const times = new Map<ExampleScore, number>();
        for (let d = 0; d < examples.length; d++) {
          const s = noOutput(d);
          times.set(s, (times.get(s) ?? 0) + 1);
        }
        for (const [s, n] of times) for (const [k, c] of Object.entries(s.per_class)) fnByClass.set(k, (fnByClass.get(k) ?? 0) + n * c.fn);
      }
      g = 0;
      for (const [k, fn] of fnByClass) if (sameLabel(type, k, label)) g += fn;
      goldOf.set(label, g);
    }
    return g;
  };
  outputs.rules.forEach((rule, p) => {
    if (!rule.label) return;
    const acc = out[p]!;
    acc.gold += gold(rule.label);
    for (const d of outputs.ruleDocs[p]!) {
      const perClass = scorer.score(examples[d]!, resolveRuleAlone(outputs, d, p)).per_class;
      for (const [k, c] of Object.entries(perClass)) if (sameLabel(type, k, rule.label)) acc.tp += c.tp;
    }
  });
  return out;
}

/**
 * Per rule, recall and F1 against the gold of the rule's own label, beside RuleChef's recall
 * against every label's gold: a precise rule for one class of many reads as such (`HUM <- "who"`
 * is not a 0.2-recall rule when it finds most HUM questions). `support` is each rule's TP + FP
 * alone, as ranking counted it: outputs that miss their own label's gold are its errors.
 */
export function labelRecallsOf(counts: readonly LabelCounts[], support: readonly number[]): LabelRecall[] {
  return counts.map(({ gold, tp }, p) => {
    const s = support[p] ?? 0;
    return { gold, tp, label_recall: ratio(tp, gold), label_f1: f1OfTotals(tp, s, gold) };
  });
}
