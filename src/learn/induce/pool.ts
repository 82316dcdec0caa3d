import { executeRules, type RuleOutputs } from '../../core/engine/executor.js';
import { orderRules } from '../../core/engine/order.js';
import { prepareRules, textOf } from '../../core/engine/predict.js';
import type { CompiledRule } from '../../core/engine/compile-rule.js';
import { compileScorer, type Scorer } from '../../core/eval/scorer.js';
import { Ensemble, type Toggle } from '../../core/metrics/ensemble.js';
import type { Toggleable } from '../../core/metrics/greedy-prune.js';
import { prf, type Counts } from '../../core/ratio.js';
import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import { canonicalJson } from '../../core/hash.js';
import type { SplitScore } from './types.js';

/** The statuses a pool runs: every rule but a rejected one may be toggled into the ensemble. */
const RUN_STATUSES: Rule['status'][] = ['active', 'proposed', 'disabled'];

/** What decides a rule's matches: two rules with one key match the same spans on any text. */
const matchKey = (r: Rule): string => canonicalJson([r.format, r.pattern, r.flags, r.dialect, r.terms ?? null, r.lexicon ?? null, r.output, r.when ?? null]);

/** What toggling one rule would change on train and on dev (none without a dev split). */
export interface Trial {
  readonly position: number;
  readonly train: Toggle;
  readonly dev: Toggle | null;
}

/** Scores of a split from its totals. */
export function splitScore(totals: { n: number; counts: Counts }): SplitScore {
  const c = totals.counts;
  return { n: totals.n, ...prf(c), tp: c.tp, fp: c.fp, fn: c.fn };
}

/**
 * Every candidate rule run once through the engine on train (and dev), so any subset of them can
 * be scored as an ensemble without running a regex again: an ensemble is the set of rules not
 * excluded, resolved under the engine's order and the task's conflict policy, and scored with the
 * task's own scorer (an `Ensemble` per split, the two sharing one mask). Toggling one rule
 * re-resolves only the documents it fired on.
 */
export class Pool implements Toggleable<Trial> {
  readonly rules: readonly CompiledRule[];
  readonly position: ReadonlyMap<string, number>;
  /** 1 = the rule at that position is out of the ensemble. */
  readonly excluded: Uint8Array;
  readonly train: Ensemble;
  readonly dev: Ensemble | null;
  readonly scorer: Scorer;
  /** Problems met while running (timeouts, invalid rules), as messages. */
  readonly issues: string[] = [];

  private constructor(
    readonly task: Task,
    compiled: readonly CompiledRule[],
    train: { examples: readonly Example[]; outputs: RuleOutputs },
    dev: { examples: readonly Example[]; outputs: RuleOutputs } | null,
    active: ReadonlySet<string>,
    issues: readonly string[],
  ) {
    this.issues.push(...issues);
    this.rules = compiled;
    this.position = new Map(compiled.map((r, i) => [r.id, i]));
    this.excluded = new Uint8Array(compiled.length).fill(1);
    for (const id of active) {
      const p = this.position.get(id);
      if (p !== undefined) this.excluded[p] = 0;
    }
    this.scorer = compileScorer(task, { outcomes: false });
    this.train = new Ensemble({ ...train, scorer: this.scorer }, this.excluded);
    this.dev = dev ? new Ensemble({ ...dev, scorer: this.scorer }, this.excluded) : null;
  }

  /**
   * Runs `rules` (any status) through the engine on train and dev. `active` rules start in the
   * ensemble; the rest start out of it.
   */
  static run(task: Task, rules: readonly Rule[], train: readonly Example[], dev: readonly Example[] | null, active: ReadonlySet<string> = new Set()): Pool {
    const { compiled, issues } = prepareRules(task, rules, { statuses: RUN_STATUSES });
    const messages = issues.map((i) => i.message);
    return new Pool(task, compiled, execSplit(task, compiled, train, messages), dev && dev.length ? execSplit(task, compiled, dev, messages) : null, active, messages);
  }

  /**
   * A pool of `rules` (all of them run in this pool) over a new train split, run now, and this
   * pool's dev split: dev is not run again. Judging lists on dev alone and then running the chosen
   * one on train as well costs one dev run, not two.
   */
  withTrain(rules: readonly Rule[], train: readonly Example[], active: ReadonlySet<string> = new Set()): Pool {
    const sub = this.derive(rules);
    const messages = [...this.issues];
    const dev = sub.dev ? { examples: sub.dev.examples, outputs: sub.dev.outputs } : null;
    return new Pool(this.task, sub.rules, execSplit(this.task, sub.rules, train, messages), dev, active, messages);
  }

  /**
   * A pool over a subset of this pool's rules, possibly with new ordering attributes (priority,
   * confidence, validation), without running anything again: each rule's matches are taken from
   * this pool and the entries are re-sorted into the new execution order (the engine's own
   * `orderRules`). Rules are matched by id; ids not in this pool are an error.
   */
  derive(rules: readonly Rule[], active: ReadonlySet<string> = new Set()): Pool {
    const ordered = orderRules(rules, this.task.matching.wilson_z);
    const oldOf = new Int32Array(ordered.length);
    const compiled = ordered.map((r, i) => {
      const p = this.position.get(r.id);
      if (p === undefined) throw new Error(`derive: rule ${r.id} was not run in this pool`);
      oldOf[i] = p;
      const old = this.rules[p]!;
      return { rule: r, id: r.id, label: r.output.label, matcher: old.matcher };
    });
    const srcOf = new Uint8Array(ordered.length);
    const sub = (s: Ensemble) => ({ examples: s.examples, outputs: gatherOutputs([s.outputs], compiled, srcOf, oldOf) });
    return new Pool(this.task, compiled, sub(this.train), this.dev ? sub(this.dev) : null, active, this.issues);
  }

  /**
   * What `Pool.run` of `rules` over this pool's train and dev texts gives, running only the rules
   * that match differently from every rule here: a rule with the pattern, terms, output and
   * condition of one here (`matchKey`) takes that one's matches. Variants of one learner in one
   * fold (with a default, without function-word triggers) propose mostly the same candidates.
   */
  reusing(rules: readonly Rule[], active: ReadonlySet<string> = new Set()): Pool {
    const here = new Map(this.rules.map((r, p) => [matchKey(r.rule), p]));
    const runnable = rules.filter((r) => RUN_STATUSES.includes(r.status));
    const found = new Map(runnable.map((r) => [r, here.get(matchKey(r))]));
    const fresh = runnable.filter((r) => found.get(r) === undefined);
    const ran = Pool.run(this.task, fresh, this.train.examples, this.dev?.examples ?? null);
    const compiled: CompiledRule[] = [];
    const srcOf: number[] = [];
    const oldOf: number[] = [];
    for (const r of orderRules(runnable, this.task.matching.wilson_z)) {
      const p = found.get(r);
      const q = p === undefined ? ran.position.get(r.id) : undefined;
      if (p !== undefined) compiled.push({ rule: r, id: r.id, label: r.output.label, matcher: this.rules[p]!.matcher });
      else if (q !== undefined) compiled.push(ran.rules[q]!);
      else continue; // it did not compile: `ran` says why
      srcOf.push(p === undefined ? 1 : 0);
      oldOf.push(p ?? q!);
    }
    const from = Uint8Array.from(srcOf);
    const at = Int32Array.from(oldOf);
    const sub = (a: Ensemble, b: Ensemble) => ({ examples: a.examples, outputs: gatherOutputs([a.outputs, b.outputs], compiled, from, at) });
    const issues = [...new Set([...this.issues, ...ran.issues])];
    return new Pool(this.task, compiled, sub(this.train, ran.train), this.dev && ran.dev ? sub(this.dev, ran.dev) : null, active, issues);
  }

  /**
   * A pool whose train and dev are texts of this pool's train (`docs`: their indices there, each
   * with its example), nothing run again: a rule's matches on a text do not depend on the other
   * texts it ran with, so the folds of one cross-validation take theirs from one run over all.
   */
  sliced(train: Slice, dev: Slice | null): Pool {
    const cut = (s: Slice) => ({ examples: s.examples, outputs: sliceDocs(this.train.outputs, s.docs) });
    return new Pool(this.task, this.rules, cut(train), dev && dev.examples.length ? cut(dev) : null, new Set(), this.issues);
  }

  get size(): number {
    return this.rules.length;
  }

  isActive(p: number): boolean {
    return this.excluded[p] === 0;
  }

  /** Positions of the rules in the ensemble, in execution order. */
  activePositions(): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.excluded.length; p++) if (this.excluded[p] === 0) out.push(p);
    return out;
  }

  /** The rule at position p alone on a split: its TP and FP (and how many documents it fired on). */
  solo(p: number, split: Ensemble): { tp: number; fp: number; docs: number } {
    const { counts, docs } = split.alone(p);
    return { tp: counts.tp, fp: counts.fp, docs };
  }

  /** The train and dev texts rule p fires on (dev texts numbered after train's). */
  firesOn(p: number): number[] {
    const out = [...this.train.outputs.ruleDocs[p]!];
    const n = this.train.examples.length;
    if (this.dev) for (const d of this.dev.outputs.ruleDocs[p]!) out.push(n + d);
    return out;
  }

  /** What toggling rule p in or out of the ensemble would change, without changing anything. */
  trial(p: number): Trial {
    return { position: p, train: this.train.trial(p), dev: this.dev ? this.dev.trial(p) : null };
  }

  /** Applies a trial: toggles the rule and takes the new scores. */
  commit(t: Trial): void {
    this.excluded[t.position] = this.excluded[t.position] ? 0 : 1;
    this.train.take(t.train);
    if (this.dev && t.dev) this.dev.take(t.dev);
  }

  /** The rules sharing a train or dev document with `p`: whose trials a commit of `p` can change. */
  neighbours(p: number, visit: (q: number) => void): void {
    this.train.neighbours(p, visit);
    this.dev?.neighbours(p, visit);
  }
}

/** Examples, and the index of each among the texts of the pool it is cut from. */
export interface Slice {
  examples: readonly Example[];
  docs: Int32Array;
}

/** The engine's outputs on some of its texts (`docs`, in the order given), as a run on those alone would write them. */
function sliceDocs(o: RuleOutputs, docs: Int32Array): RuleOutputs {
  const docEntries = new Int32Array(docs.length + 1);
  const entryRule: number[] = [];
  const entrySpans: number[] = [];
  const spans: number[] = [];
  const ruleDocs: number[][] = o.rules.map(() => []);
  const ruleMatches = new Int32Array(o.rules.length);
  docs.forEach((d, i) => {
    docEntries[i] = entryRule.length;
    for (let k = o.docEntries[d]!; k < o.docEntries[d + 1]!; k++) {
      const r = o.entryRule[k]!;
      entryRule.push(r);
      entrySpans.push(spans.length);
      for (let s = o.entrySpans[k]!; s < o.entrySpans[k + 1]!; s++) spans.push(o.spans[s]!);
      ruleMatches[r]! += (o.entrySpans[k + 1]! - o.entrySpans[k]!) >> 1;
      if (ruleDocs[r]!.at(-1) !== i) ruleDocs[r]!.push(i);
    }
  });
  docEntries[docs.length] = entryRule.length;
  entrySpans.push(spans.length);
  return {
    ...o,
    texts: Array.from(docs, (d) => o.texts[d]!),
    ids: o.ids && Array.from(docs, (d) => o.ids![d]),
    docEntries,
    entryRule: Int32Array.from(entryRule),
    entrySpans: Int32Array.from(entrySpans),
    spans: Int32Array.from(spans),
    ruleDocs: ruleDocs.map((x) => Int32Array.from(x)),
    ruleMatches,
  };
}

/** The engine run on one split; its first problems are added to `messages`. */
function execSplit(task: Task, compiled: readonly CompiledRule[], examples: readonly Example[], messages: string[]): { examples: readonly Example[]; outputs: RuleOutputs } {
  const outputs = executeRules(task, compiled, examples.map((e) => textOf(task, e)), { ids: examples.map((e) => e.id), meta: examples.map((e) => e.meta) });
  for (const i of outputs.issues) if (messages.length < 50) messages.push(i.message);
  return { examples, outputs };
}

/**
 * The engine's outputs for a new rule order: rule i of `rules` was rule `oldOf[i]` of
 * `sources[srcOf[i]]` (all run on the same texts). Rules of the sources not named are left out.
 * Each document's entries are re-sorted by new position, which is the order the engine itself
 * would have written them in.
 */
function gatherOutputs(sources: readonly RuleOutputs[], rules: readonly CompiledRule[], srcOf: Uint8Array, oldOf: Int32Array): RuleOutputs {
  const newOf = sources.map((o) => new Int32Array(o.rules.length).fill(-1));
  oldOf.forEach((old, i) => (newOf[srcOf[i]!]![old] = i));
  const nDocs = sources[0]!.texts.length;
  const docEntries = new Int32Array(nDocs + 1);
  const entryRule: number[] = [];
  const entrySpans: number[] = [];
  const spans: number[] = [];
  const ruleMatches = new Int32Array(rules.length);
  const found: { r: number; o: RuleOutputs; k: number }[] = [];
  for (let d = 0; d < nDocs; d++) {
    docEntries[d] = entryRule.length;
    found.length = 0;
    sources.forEach((o, s) => {
      for (let k = o.docEntries[d]!; k < o.docEntries[d + 1]!; k++) {
        const r = newOf[s]![o.entryRule[k]!]!;
        if (r >= 0) found.push({ r, o, k });
      }
    });
    found.sort((a, b) => a.r - b.r);
    for (const { r, o, k } of found) {
      entryRule.push(r);
      entrySpans.push(spans.length);
      for (let i = o.entrySpans[k]!; i < o.entrySpans[k + 1]!; i++) spans.push(o.spans[i]!);
      ruleMatches[r]! += (o.entrySpans[k + 1]! - o.entrySpans[k]!) >> 1;
    }
  }
  docEntries[nDocs] = entryRule.length;
  entrySpans.push(spans.length);
  return {
    ...sources[0]!,
    rules,
    docEntries,
    entryRule: Int32Array.from(entryRule),
    entrySpans: Int32Array.from(entrySpans),
    spans: Int32Array.from(spans),
    ruleDocs: Array.from(oldOf, (old, i) => sources[srcOf[i]!]!.ruleDocs[old]!),
    ruleMatches,
  };
}
