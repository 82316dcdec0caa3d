import { type Counts, f1Of, macroF1Of, prf } from '../ratio.js';
import { emptyErrors } from './tally.js';
import type { ErrorCounts, ExampleScore, SemevalCounts } from './types.js';

/** Row label of the confusion matrix for examples without a gold label. */
export const NO_GOLD = '(no gold)';
/** Column label of the confusion matrix for abstentions. */
export const ABSTAIN = '(abstain)';

const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

function addCounts(into: Counts, c: Counts, sign: number): void {
  into.tp += sign * c.tp;
  into.fp += sign * c.fp;
  into.fn += sign * c.fn;
}

/**
 * Sums of example scores that can be added to and subtracted from, so leave-one-out can swap one
 * example's score for another without re-summing everything. Counts are multiples of 0.5, so
 * subtraction is exact in floating point.
 */
export class EvalTotals {
  n = 0;
  readonly counts: Counts = zero();
  readonly per_class = new Map<string, Counts>();
  exact = 0;
  covered = 0;
  readonly errors: ErrorCounts = emptyErrors();
  semeval: SemevalCounts | null = null;
  /** gold (or NO_GOLD) → predicted (or ABSTAIN) → count; classification only. */
  readonly confusion = new Map<string, Map<string, number>>();
  readonly observed = {
    n: 0,
    covered: 0,
    agreementExact: 0,
    agreement: zero(),
    truthN: 0,
    truth: zero(),
    truthExact: 0,
    model: zero(),
    modelExact: 0,
  };

  /** Adds a score (`sign` 1) or takes it away again (`sign` -1). */
  add(s: ExampleScore, sign: 1 | -1 = 1): this {
    this.n += sign;
    addCounts(this.counts, s.counts, sign);
    for (const label in s.per_class) {
      let c = this.per_class.get(label);
      if (!c) this.per_class.set(label, (c = zero()));
      addCounts(c, s.per_class[label]!, sign);
      if (c.tp === 0 && c.fp === 0 && c.fn === 0) this.per_class.delete(label);
    }
    if (s.exact) this.exact += sign;
    if (s.covered) this.covered += sign;
    const e = this.errors;
    e.wrong_label += sign * s.errors.wrong_label;
    e.wrong_boundary += sign * s.errors.wrong_boundary;
    e.wrong_value += sign * s.errors.wrong_value;
    e.missing += sign * s.errors.missing;
    e.spurious += sign * s.errors.spurious;
    if (s.semeval) {
      const t = (this.semeval ??= { cor: 0, inc: 0, par: 0, mis: 0, spu: 0 });
      t.cor += sign * s.semeval.cor;
      t.inc += sign * s.semeval.inc;
      t.par += sign * s.semeval.par;
      t.mis += sign * s.semeval.mis;
      t.spu += sign * s.semeval.spu;
    }
    if (s.confusion) {
      const row = s.confusion.gold ?? NO_GOLD;
      const col = s.confusion.predicted ?? ABSTAIN;
      let r = this.confusion.get(row);
      if (!r) this.confusion.set(row, (r = new Map()));
      const v = (r.get(col) ?? 0) + sign;
      if (v === 0) r.delete(col);
      else r.set(col, v);
      if (r.size === 0) this.confusion.delete(row);
    }
    if (s.observed) {
      const o = this.observed;
      o.n += sign;
      if (s.covered) o.covered += sign;
      if (s.observed.agreement_exact) o.agreementExact += sign;
      addCounts(o.agreement, s.counts, sign);
      if (s.observed.truth) {
        o.truthN += sign;
        addCounts(o.truth, s.observed.truth.counts, sign);
        if (s.observed.truth.exact) o.truthExact += sign;
      }
      if (s.observed.model_truth) {
        addCounts(o.model, s.observed.model_truth.counts, sign);
        if (s.observed.model_truth.exact) o.modelExact += sign;
      }
    }
    return this;
  }

  /** Micro F1 = 2TP / (2TP + FP + FN); null when there is neither gold nor output. */
  microF1(): number | null {
    return f1Of(this.counts);
  }

  micro(): { precision: number | null; recall: number | null; f1: number | null } {
    return prf(this.counts);
  }

  /** Classes seen in gold or predictions, in code-point order (the order macro F1 sums in). */
  classes(): string[] {
    return [...this.per_class.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Mean of per-class F1 over the classes seen in gold or predictions; null when there are none. */
  macroF1(): number | null {
    return macroF1Of(this.classes().map((c) => this.per_class.get(c)!));
  }
}

/** Totals of a list of scores. */
export function sumScores(scores: Iterable<ExampleScore>): EvalTotals {
  const t = new EvalTotals();
  for (const s of scores) t.add(s);
  return t;
}
