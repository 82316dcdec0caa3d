import type { OutputSpan } from '../schemas/span.js';
import { type CandidateArrays, type CandidateRelations, keepCandidates, keepRelated, relateCandidates } from './conflicts.js';
import type { RuleOutputs } from './executor.js';

const labelIdCache = new WeakMap<RuleOutputs, Int32Array>();

/** Per rule position, a small integer standing for its label (equal labels, equal ids); cached per outputs. */
export function ruleLabelIds(outputs: RuleOutputs): Int32Array {
  let ids = labelIdCache.get(outputs);
  if (ids) return ids;
  const byLabel = new Map<string, number>();
  ids = new Int32Array(outputs.rules.length);
  for (let p = 0; p < outputs.rules.length; p++) {
    const l = outputs.rules[p]!.label;
    let id = byLabel.get(l);
    if (id === undefined) byLabel.set(l, (id = byLabel.size));
    ids[p] = id;
  }
  labelIdCache.set(outputs, ids);
  return ids;
}

/**
 * The output spans of kept candidates `idx[0 .. m)` (given in execution order): sorted by (start,
 * end, rule order), each with its label, text and rule id. The sort is stable, so equal keys keep
 * execution order.
 */
export function outputSpans(
  outputs: RuleOutputs,
  text: string,
  c: { readonly start: Int32Array; readonly end: Int32Array; readonly rule: Int32Array },
  idx: Int32Array,
  m: number,
): OutputSpan[] {
  const { start, end, rule } = c;
  const order = Array.from(idx.subarray(0, m));
  order.sort((x, y) => start[x]! - start[y]! || end[x]! - end[y]! || rule[x]! - rule[y]!);
  const spans: OutputSpan[] = new Array(m);
  for (let a = 0; a < m; a++) {
    const i = order[a]!;
    const r = outputs.rules[rule[i]!]!;
    const s = start[i]!;
    const e = end[i]!;
    spans[a] = { start: s, end: e, label: r.label, text: text.slice(s, e), rule_id: r.id };
  }
  return spans;
}

/**
 * The candidate spans of one document of a span task at a time, as parallel typed arrays in
 * execution order, with buffers reused from document to document: what ranking loops resolve many
 * subsets of (`keep`). Entry `e` of the document (the `e`-th rule that fired on it, in execution
 * order) owns the candidates `entryFirst[e] .. entryFirst[e + 1]`.
 */
export class DocCandidates implements CandidateArrays {
  start = new Int32Array(64);
  end = new Int32Array(64);
  label = new Int32Array(64);
  /** Rule position of each candidate. */
  rule = new Int32Array(64);
  entryFirst = new Int32Array(16);
  /** Candidates of the loaded document. */
  n = 0;
  /** Rules that fired on the loaded document (its entries). */
  entries = 0;
  textLength = 0;
  private readonly labels: Int32Array;
  private relations: CandidateRelations | null = null;

  constructor(readonly outputs: RuleOutputs) {
    this.labels = ruleLabelIds(outputs);
  }

  /** The loaded document (local index). */
  doc = -1;

  /** Loads document `d` (local index). */
  load(d: number): void {
    const { docEntries, entryRule, entrySpans, spans } = this.outputs;
    const k0 = docEntries[d]!;
    const k1 = docEntries[d + 1]!;
    const n = (entrySpans[k1]! - entrySpans[k0]!) >> 1;
    if (this.start.length < n) {
      const size = Math.max(n, 2 * this.start.length);
      this.start = new Int32Array(size);
      this.end = new Int32Array(size);
      this.label = new Int32Array(size);
      this.rule = new Int32Array(size);
    }
    if (this.entryFirst.length < k1 - k0 + 1) this.entryFirst = new Int32Array(Math.max(k1 - k0 + 1, 2 * this.entryFirst.length));
    let i = 0;
    for (let k = k0; k < k1; k++) {
      const p = entryRule[k]!;
      const l = this.labels[p]!;
      this.entryFirst[k - k0] = i;
      for (let x = entrySpans[k]!, e = entrySpans[k + 1]!; x < e; x += 2, i++) {
        this.start[i] = spans[x]!;
        this.end[i] = spans[x + 1]!;
        this.label[i] = l;
        this.rule[i] = p;
      }
    }
    this.entryFirst[k1 - k0] = i;
    this.n = n;
    this.entries = k1 - k0;
    this.textLength = this.outputs.texts[d]!.length;
    this.doc = d;
    this.relations = n > 1 ? relateCandidates(this.outputs.task.matching.conflict_policy, this, n) : null;
  }

  /**
   * The task's conflict policy on the candidates `sel[0 .. n)` (in execution order): the kept
   * ones' indices in `out`, in order; returns how many. Equal to `keepCandidates`.
   */
  keep(sel: ArrayLike<number>, n: number, out: Int32Array): number {
    if (n <= 1 || !this.relations) return keepCandidates(this.outputs.task.matching.conflict_policy, this, sel, n, this.textLength, out);
    return keepRelated(this.relations, sel, n, out);
  }

  /** The output spans of the kept candidates `idx[0 .. m)`: what `resolveDocument` gives for them. */
  spans(idx: Int32Array, m: number): OutputSpan[] {
    return outputSpans(this.outputs, this.outputs.texts[this.doc]!, this, idx, m);
  }
}
