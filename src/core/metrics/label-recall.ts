import { resolveDocument, resolveRuleAlone } from '../engine/index.js';
import { foldLabel } from '../eval/index.js';
import { ratio } from '../ratio.js';
import type { TaskType } from '../schemas/task.js';
import { allExcluded, type ScoredRun } from './scored-run.js';

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
export function sameLabel(type: TaskType, scored: string, label: string): boolean {
  if (type === 'classification') return foldLabel(scored) === foldLabel(label);
  if (type === 'transformation') return scored === label || scored.startsWith(`${label}.`);
  return scored === label;
}

/**
 * Per rule (in `run.outputs.rules` order), recall and F1 against the gold of the rule's own label,
 * beside RuleChef's recall against every label's gold: a precise rule for one class of many reads
 * as such (`HUM <- "who"` is not a 0.2-recall rule when it finds most HUM questions). `support` is
 * each rule's TP + FP alone, as ranking counted it: outputs that miss their own label's gold are
 * its errors.
 */
export function labelRecalls(run: ScoredRun, support: readonly number[]): LabelRecall[] {
  const { outputs, examples, scorer } = run;
  const type = outputs.task.type;
  const none = allExcluded(outputs);
  const emptyScores = examples.map((ex, d) => scorer.score(ex, resolveDocument(outputs, d, none)).per_class);
  const goldOf = new Map<string, number>();
  const gold = (label: string): number => {
    let g = goldOf.get(label);
    if (g === undefined) {
      g = 0;
      // With no output every gold item in the scoring universe is a false negative.
      for (const perClass of emptyScores) for (const [k, c] of Object.entries(perClass)) if (sameLabel(type, k, label)) g += c.fn;
      goldOf.set(label, g);
    }
    return g;
  };
  return outputs.rules.map((rule, p) => {
    const g = rule.label ? gold(rule.label) : 0;
    let tp = 0;
    if (rule.label)
      for (const d of outputs.ruleDocs[p]!) {
        const perClass = scorer.score(examples[d]!, resolveRuleAlone(outputs, d, p)).per_class;
        for (const [k, c] of Object.entries(perClass)) if (sameLabel(type, k, rule.label)) tp += c.tp;
      }
    const s = support[p] ?? 0;
    return { gold: g, tp, label_recall: ratio(tp, g), label_f1: ratio(2 * tp, s + g) };
  });
}
