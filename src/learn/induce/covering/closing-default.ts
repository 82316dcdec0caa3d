import { isDefaultRule } from '../../../core/engine/default-rule.js';
import { foldLabel } from '../../../core/eval/score-classification.js';
import type { Ensemble } from '../../../core/metrics/ensemble.js';
import { countsAt } from '../../../core/metrics/scored-run.js';
import { f1OfTotals, wilsonLower, type Counts } from '../../../core/ratio.js';
import { chooseDefault, shareOf, type DefaultChoice } from '../default-class.js';
import { splitScore, type Pool } from '../pool.js';
import type { InduceReport, SplitScore } from '../types.js';

/** A default that would close a list: its key (a label or class id), what it decides on held-out texts, and held-out F1 without and with it. */
export interface Closing<K> {
  key: K;
  /** Held-out texts no kept rule labels, and how many of them have the key's label. */
  unlabelled: number;
  right: number;
  before: number;
  after: number;
}

/**
 * The default a list may close with, judged on held-out texts, or null. On train a covering list
 * labels nearly every text, so what it leaves unlabelled is seen only on held-out text: the label
 * most frequent among the held-out texts no kept rule labels (CN2's default, the majority of what
 * no rule covers) is the default's label, whatever the train majority. It is added as any rule is
 * (`clearlyHelpful`): F1 rises, and the Wilson lower bound of its precision on the texts it
 * decides beats half the list's F1. `unlabelled` holds those texts' gold keys (`none`: no gold
 * label); `totals` are the list's counts on all held-out texts (answers given, gold labels, right).
 */
export function pickClosing<K>(unlabelled: ArrayLike<K>, none: K, totals: { tp: number; predicted: number; gold: number }): Closing<K> | null {
  const counts = new Map<K, number>();
  for (let i = 0; i < unlabelled.length; i++) {
    const k = unlabelled[i]!;
    if (k !== none) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let key: K | null = null;
  let right = 0;
  // Ties go to the first met; callers list texts in a fixed order.
  for (const [k, n] of counts) if (n > right) [key, right] = [k, n];
  if (key === null) return null;
  const before = f1OfTotals(totals.tp, totals.predicted, totals.gold) ?? 0;
  const after = f1OfTotals(totals.tp + right, totals.predicted + unlabelled.length, totals.gold) ?? 0;
  if (after <= before + 1e-9 || wilsonLower(right / unlabelled.length, unlabelled.length) <= before / 2) return null;
  return { key, unlabelled: unlabelled.length, right, before, after };
}

/** A closing default judged on dev, with both splits' scores once it decides their unlabelled texts. */
export interface ClosingDefault extends Omit<Closing<string>, 'key'> {
  label: string;
  train: SplitScore;
  dev: SplitScore;
}

/** The gold labels (folded; '' for none) of the documents of a split no active rule labels. */
function unlabelledOf(split: Ensemble): string[] {
  const per = split.perDocument();
  const out: string[] = [];
  split.examples.forEach((e, d) => {
    const c = countsAt(per, d);
    if (c.tp === 0 && c.fp === 0) out.push(foldLabel(e.label ?? ''));
  });
  return out;
}

/** A split's counts once a default of `label` decides its unlabelled texts (one without a gold label becomes a false positive). */
function withLabel(totals: { n: number; counts: Counts }, unlabelled: readonly string[], label: string): SplitScore {
  const key = foldLabel(label);
  const right = unlabelled.filter((l) => l === key).length;
  const c = totals.counts;
  return splitScore({ n: totals.n, counts: { tp: c.tp + right, fp: c.fp + unlabelled.length - right, fn: c.fn - right } });
}

/** The closing default of a list cut and pruned on dev (see `pickClosing`), or null; none when the list ends with a default already. */
export function closingDefault(pool: Pool): ClosingDefault | null {
  if (!pool.dev || pool.activePositions().some((p) => isDefaultRule(pool.rules[p]!.rule))) return null;
  const unlabelled = unlabelledOf(pool.dev);
  const c = pool.dev.totals.counts;
  const found = pickClosing(unlabelled, '', { tp: c.tp, predicted: c.tp + c.fp, gold: c.tp + c.fn });
  if (!found) return null;
  // The label as dev spells it (the scorer folds case; the rule emits it as written).
  const label = pool.dev.examples.map((e) => (e.label ?? '').trim()).find((l) => foldLabel(l) === found.key)!;
  const { key: _key, ...rest } = found;
  return { ...rest, label, train: withLabel(pool.train.totals, unlabelledOf(pool.train), label), dev: withLabel(pool.dev.totals, unlabelled, label) };
}

/** The closing default's label as a default choice: its share of the labelled train texts (`labels`: train's, as the learners read them), counted as any default's is. */
export function unlabelledChoice(label: string, labels: readonly (string | null)[]): DefaultChoice {
  return { ...chooseDefault(labels, label)!, by: 'unlabelled' };
}

/**
 * Records the closing default as the default the list ends with, and says so in the summary: in
 * place of the note at `noteAt` (the train majority's verdict), or after the notes.
 */
export function recordClosing(report: InduceReport, choice: DefaultChoice, c: Omit<Closing<unknown>, 'key'>, on: string, noteAt: number): void {
  const prior = report.default;
  report.default = { label: choice.label, share: shareOf(choice), chosen_by: 'unlabelled', added: true, verdict: { none: c.before, appended: c.after, own: null, chosen: 'appended', on } };
  const dropped = prior && prior.verdict.chosen !== 'none' && !prior.added ? ', which the dev prune dropped' : '';
  const instead = prior && prior.label !== choice.label ? ` rather than ${prior.label} (the most frequent label of train${dropped})` : '';
  const held = on === 'dev' ? 'dev texts' : `texts held out by ${on}`;
  const note = `default: ${choice.label}${instead}: of the ${c.unlabelled} ${held} no rule labels, ${c.right} are ${choice.label}, so it labels every text no rule above labels (${on} F1 ${c.before.toFixed(3)} -> ${c.after.toFixed(3)})`;
  if (noteAt >= 0) report.notes[noteAt] = note;
  else report.notes.push(note);
}
