import { resolveDocument } from '../engine/resolve.js';
import { type Counts, prf } from '../ratio.js';
import { addInto, checkAligned, countsAt, noOutputCounts, type ScoredRun } from './scored-run.js';

/** The ensemble of the first `rules` rules in execution order, scored. */
export interface PrefixPoint {
  rules: number;
  /** The rule whose addition made this point (null for the empty list). */
  rule_id: string | null;
  counts: Counts;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/**
 * Precision, recall and F1 as rules are added one by one in execution order (point k: the first
 * k rules), from one engine run. A document's output changes only where a rule that fired on it
 * joins, so each document is re-resolved once per rule that fired on it and the change in its
 * counts is booked at that rule; prefix sums give every point exactly. Classification needs no
 * re-resolution: the first rule that fired decides it from its position on.
 */
export function prefixCurve(run: ScoredRun): PrefixPoint[] {
  checkAligned(run);
  const { outputs, examples, scorer } = run;
  const n = outputs.rules.length;
  const delta = new Float64Array(3 * (n + 1));
  const mask = new Uint8Array(n);
  const noOutput = noOutputCounts(run);
  const { docEntries, entryRule } = outputs;
  const classification = outputs.task.type === 'classification';
  for (let d = 0; d < examples.length; d++) {
    const ex = examples[d]!;
    const none = noOutput(d);
    addInto(delta, 0, none);
    const k0 = docEntries[d]!;
    const k1 = docEntries[d + 1]!;
    if (k0 === k1) continue;
    if (classification) {
      const winner = entryRule[k0]! + 1;
      addInto(delta, winner, scorer.counts(ex, resolveDocument(outputs, d)));
      addInto(delta, winner, none, -1);
      continue;
    }
    for (let k = k0; k < k1; k++) mask[entryRule[k]!] = 1;
    let prev = none;
    // Entries are in execution order: unmasking them in turn walks this document's prefixes.
    for (let k = k0; k < k1; k++) {
      const p = entryRule[k]!;
      if (!mask[p]) continue;
      mask[p] = 0;
      const s = scorer.counts(ex, resolveDocument(outputs, d, mask));
      addInto(delta, p + 1, s);
      addInto(delta, p + 1, prev, -1);
      prev = s;
    }
  }
  const out: PrefixPoint[] = [];
  const sum = { tp: 0, fp: 0, fn: 0 };
  for (let k = 0; k <= n; k++) {
    const c = countsAt(delta, k);
    sum.tp += c.tp;
    sum.fp += c.fp;
    sum.fn += c.fn;
    out.push({ rules: k, rule_id: k ? outputs.rules[k - 1]!.id : null, counts: { ...sum }, ...prf(sum) });
  }
  return out;
}
