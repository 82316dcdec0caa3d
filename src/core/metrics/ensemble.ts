import type { Triples } from '../engine/conflicts.js';
import { firstFiringRule, predictionOf, resolveRuleAlone, resolveTriples, sameTriples } from '../engine/resolve.js';
import { PROGRESS_EVERY, type ProgressFn } from '../progress.js';
import type { Counts } from '../ratio.js';
import type { Toggleable } from './greedy-prune.js';
import { addInto, checkAligned, countsAt, type CountsVec, noOutputCounts, type ScoredRun } from './scored-run.js';

/** What a document resolves to: the winning rule (classification; -1 when none fired) or the kept triples. */
type Resolved = number | Triples;

const NOTHING: Triples = [];

/** What toggling one rule in or out of an ensemble changes on one run; nothing changes until it is taken. */
export interface Toggle {
  readonly position: number;
  /** New counts − current counts, over the run. */
  readonly delta: Counts;
  /** Documents whose output changes, ascending: only these are scored. */
  readonly docs: readonly number[];
  /** Their new counts, (tp, fp, fn) per document of `docs`. */
  readonly counts: readonly number[];
  readonly resolved: readonly Resolved[];
  /** Documents whose counts change: how many decide the change's gain. */
  readonly decided: number;
}

/**
 * The incremental ensemble scorer behind learning and pruning: every rule's matches were computed
 * once (`ScoredRun`); the ensemble is the rules not excluded, resolved under the engine's order and
 * the task's conflict policy and scored with the task's scorer. Each document keeps its counts and
 * what it resolved to, so toggling a rule re-resolves only the documents it fired on and scores
 * only those whose output changes (an unchanged output scores the same). Counts are multiples of
 * 0.5, so the sums stay exact whatever the order of additions: totals after any trials and commits
 * equal a fresh score of the same ensemble.
 */
export class Ensemble implements Toggleable<Toggle> {
  readonly outputs: ScoredRun['outputs'];
  readonly examples: ScoredRun['examples'];
  readonly scorer: ScoredRun['scorer'];
  /**
   * 1 = the rule at that position is out. Ensembles of one ruleset on several splits may share it:
   * `commit` flips it, `take` leaves it to the caller.
   */
  readonly excluded: Uint8Array;
  private readonly docCounts: CountsVec;
  private readonly resolved: Resolved[];
  private readonly sum = new Float64Array(3);
  private readonly noOutput: (d: number) => Counts;
  private readonly classification: boolean;

  /** Scores every document under `excluded` (default: every rule in); `onProgress` follows that pass. */
  constructor(run: ScoredRun, excluded?: Uint8Array, onProgress?: ProgressFn) {
    checkAligned(run);
    this.outputs = run.outputs;
    this.examples = run.examples;
    this.scorer = run.scorer;
    this.excluded = excluded ?? new Uint8Array(run.outputs.rules.length);
    this.classification = run.outputs.task.type === 'classification';
    this.noOutput = noOutputCounts(run);
    const n = run.examples.length;
    this.docCounts = new Float64Array(3 * n);
    this.resolved = new Array<Resolved>(n);
    for (let d = 0; d < n; d++) {
      if (onProgress && d % PROGRESS_EVERY === 0 && d > 0) onProgress(d, n);
      const r = this.resolve(d);
      const c = this.countsOf(d, r);
      this.resolved[d] = r;
      addInto(this.docCounts, d, c);
      addInto(this.sum, 0, c);
    }
    onProgress?.(n, n);
  }

  get size(): number {
    return this.outputs.rules.length;
  }

  isActive(p: number): boolean {
    return this.excluded[p] === 0;
  }

  /** The examples and the ensemble's counts over them now. */
  get totals(): { n: number; counts: Counts } {
    return { n: this.examples.length, counts: countsAt(this.sum, 0) };
  }

  /** Each document's counts now, as a copy. */
  perDocument(): CountsVec {
    return this.docCounts.slice();
  }

  /**
   * Of the documents a trial changes, how many it makes better and how many worse: a document is
   * better when it gains more true positives than it gains false positives and misses (the sign of
   * the change each document makes to micro F1's counts).
   */
  betterWorse(t: Toggle): { better: number; worse: number } {
    let better = 0;
    let worse = 0;
    const c = this.docCounts;
    t.docs.forEach((d, i) => {
      const s = t.counts[3 * i]! - c[3 * d]! - (t.counts[3 * i + 1]! - c[3 * d + 1]!) - (t.counts[3 * i + 2]! - c[3 * d + 2]!);
      if (s > 0) better++;
      else if (s < 0) worse++;
    });
    return { better, worse };
  }

  /** What toggling rule `p` in or out would change, without changing anything. */
  trial(p: number): Toggle {
    const ex = this.excluded;
    ex[p] = ex[p] ? 0 : 1;
    try {
      return this.measure(p);
    } finally {
      ex[p] = ex[p] ? 0 : 1;
    }
  }

  /** Takes a trial's new document counts; the mask is the caller's to flip (it may be shared). */
  take(t: Toggle): void {
    const { docs, counts, resolved } = t;
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i]!;
      this.docCounts[3 * d] = counts[3 * i]!;
      this.docCounts[3 * d + 1] = counts[3 * i + 1]!;
      this.docCounts[3 * d + 2] = counts[3 * i + 2]!;
      this.resolved[d] = resolved[i]!;
    }
    addInto(this.sum, 0, t.delta);
  }

  /** Applies a trial: toggles the rule and takes the new counts. */
  commit(t: Toggle): void {
    this.excluded[t.position] = this.excluded[t.position] ? 0 : 1;
    this.take(t);
  }

  /** The rule at position `p` alone: its counts over the documents it fired on, and how many those are. */
  alone(p: number): { counts: Counts; docs: number } {
    const sum = new Float64Array(3);
    const docs = this.outputs.ruleDocs[p]!;
    for (const d of docs) addInto(sum, 0, this.scorer.counts(this.examples[d]!, resolveRuleAlone(this.outputs, d, p)));
    return { counts: countsAt(sum, 0), docs: docs.length };
  }

  /** Visits every rule sharing a document with `p`, `p` included: the rules whose trials a commit of `p` can change. */
  neighbours(p: number, visit: (q: number) => void): void {
    const { docEntries, entryRule, ruleDocs } = this.outputs;
    for (const d of ruleDocs[p]!) for (let k = docEntries[d]!; k < docEntries[d + 1]!; k++) visit(entryRule[k]!);
  }

  private measure(p: number): Toggle {
    const docs: number[] = [];
    const counts: number[] = [];
    const resolved: Resolved[] = [];
    const delta = new Float64Array(3);
    let decided = 0;
    // Taking a rule out changes a class label only where that rule was the winner.
    const removal = this.classification && this.excluded[p] !== 0;
    for (const d of this.outputs.ruleDocs[p]!) {
      const was = this.resolved[d]!;
      if (removal && was !== p) continue;
      const now = this.resolve(d);
      if (typeof now === 'number' ? now === was : sameTriples(now, was as Triples)) continue;
      const c = this.countsOf(d, now);
      const i = 3 * d;
      if (c.tp !== this.docCounts[i] || c.fp !== this.docCounts[i + 1] || c.fn !== this.docCounts[i + 2]) decided++;
      docs.push(d);
      counts.push(c.tp, c.fp, c.fn);
      resolved.push(now);
      addInto(delta, 0, c);
      delta[0] = delta[0]! - this.docCounts[i]!;
      delta[1] = delta[1]! - this.docCounts[i + 1]!;
      delta[2] = delta[2]! - this.docCounts[i + 2]!;
    }
    return { position: p, delta: countsAt(delta, 0), docs, counts, resolved, decided };
  }

  private resolve(d: number): Resolved {
    const { outputs } = this;
    if (outputs.docEntries[d] === outputs.docEntries[d + 1]) return this.classification ? -1 : NOTHING;
    return this.classification ? firstFiringRule(outputs, d, this.excluded) : resolveTriples(outputs, d, this.excluded);
  }

  private countsOf(d: number, r: Resolved): Counts {
    if (typeof r === 'number' ? r < 0 : r.length === 0) return this.noOutput(d);
    return this.scorer.counts(this.examples[d]!, predictionOf(this.outputs, d, r));
  }
}
