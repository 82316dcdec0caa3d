import { compileWhen, type DocMeta } from './when.js';
import type { Task } from '../schemas/task.js';
import { collectMatches } from './collect.js';
import type { CompiledRule } from './compile-rule.js';
import { type GuardResult, runGuarded } from './guard.js';
import { IntBuffer } from './int-buffer.js';

/** A rule that failed or ran out of time on a document (or could not be compiled at all). */
export interface ExecutionIssue {
  kind: 'timeout' | 'error' | 'invalid';
  rule_id: string;
  /** Position in execution order; null when the rule never made it into the order (invalid). */
  rule_position: number | null;
  /** Index of the document in the whole input (with `docOffset`); null for an invalid rule. */
  doc_index: number | null;
  doc_id: string | null;
  elapsed_ms: number | null;
  message: string;
}

/** The parts of a task that execution and resolution read. */
export type ExecTask = Pick<Task, 'type' | 'list_fields'> & {
  matching: Pick<Task['matching'], 'conflict_policy' | 'rule_budget_ms'>;
};

/**
 * Every rule's raw matches on every document, computed once and stored sparsely. Doc-centric:
 * document d owns entries `docEntries[d] .. docEntries[d+1]`; entry k is rule position
 * `entryRule[k]` with spans `spans[entrySpans[k] .. entrySpans[k+1]]` as (start, end) pairs.
 * Rule-centric: `ruleDocs[p]` lists the documents (local indices, ascending) rule p fired on, so
 * leave-one-out re-resolves only those.
 */
export interface RuleOutputs {
  readonly task: ExecTask;
  /** Compiled rules in execution order; a rule's position is its index here. */
  readonly rules: readonly CompiledRule[];
  readonly texts: readonly string[];
  readonly ids: readonly (string | undefined)[] | undefined;
  /** Index of `texts[0]` in the caller's whole input (for chunked execution). */
  readonly docOffset: number;
  readonly docEntries: Int32Array;
  readonly entryRule: Int32Array;
  readonly entrySpans: Int32Array;
  readonly spans: Int32Array;
  readonly ruleDocs: readonly Int32Array[];
  /** Spans each rule produced over all documents (its `fired` count). */
  readonly ruleMatches: Int32Array;
  readonly issues: ExecutionIssue[];
  readonly elapsedMs: number;
  /** Guarded calls made (batches, plus one per confirming re-run). */
  readonly batches: number;
}

export interface ExecuteOptions {
  /** Per-rule, per-document budget; default `task.matching.rule_budget_ms`. */
  ruleBudgetMs?: number;
  /**
   * How long into a guarded batch a pair may still start (default and maximum: `SLICE_SHARE` of
   * the budget, at least 1 ms). The batch's hard limit is slice + budget, so this is what a
   * stopped pair can overrun its budget by.
   */
  sliceMs?: number;
  /** Keep only each rule's first span per document; default: classification tasks. */
  firstMatchOnly?: boolean;
  /** Document ids, reported with issues. */
  ids?: readonly (string | undefined)[];
  /** Each document's metadata, which rules with a `when` condition test (none given: those rules never fire). */
  meta?: readonly DocMeta[];
  docOffset?: number;
  /**
   * Timeouts each rule (by position) may still have: a timeout takes one, and a rule with none
   * left is not run on the remaining documents. Owned by the caller, so a run in several calls
   * stops a runaway rule once for all of them. Absent: no limit.
   */
  timeoutsLeft?: Int32Array;
  /**
   * Told how many documents are finished, between guarded batches (so at most once per slice)
   * and once at the end: what a progress bar needs, at no cost to the inner loop.
   */
  onProgress?: (done: number, total: number) => void;
}

/** At or above this length the clock is read before every pair, so a stopped pair's time is known. */
const LONG_TEXT = 2048;

/**
 * The share of the budget a batch may start pairs in. A pair that starts at most this far into a
 * batch has at least its budget left before the batch's hard limit and at most budget × (1 +
 * share), so a runaway pair is stopped within 1.1× its budget (plus the watchdog's millisecond).
 * A guarded call costs ~72 µs: at the default 100 ms budget that is 0.7% of a 10 ms slice. (A
 * slice is at least 1 ms, so budgets under 10 ms overrun by up to 1 ms more.)
 */
const SLICE_SHARE = 0.1;

/** Watchdog granularity: its timer can fire up to 1 ms early, and the batch starts after it. */
const WATCHDOG_SLACK_MS = 2;

/**
 * Runs ordered, compiled rules over documents. All (rule, document) pairs run in batches inside
 * guarded calls (see guard.ts): a batch starts no pair after `slice` ms (a tenth of the budget by
 * default) and is killed at slice + budget, so a pair whose start time is known (the clock is read
 * before every pair of a long document) is stopped within budget × 1.1 and blamed at once. A pair
 * of a short document (whose clock is read only every few pairs) that is killed is re-run alone
 * under a limit of `budget` and blamed only if it times out again. A blamed pair is reported as a
 * timeout issue with its document, its spans are dropped, and execution resumes with the next
 * pair; a throwing rule is reported the same way.
 */
export function executeRules(
  task: ExecTask,
  rules: readonly CompiledRule[],
  texts: readonly string[],
  options: ExecuteOptions = {},
): RuleOutputs {
  const t0 = performance.now();
  const run = new Execution(task, rules, texts, options);
  if (rules.length > 0) {
    for (;;) {
      const outcome = run.batch();
      if (outcome === 'done') break;
      if (outcome === 'yielded') options.onProgress?.(run.docsDone(), texts.length);
      else run.recover(performance.now());
    }
  }
  options.onProgress?.(texts.length, texts.length);
  return run.outputs(t0);
}

/**
 * One execution's state: the growing sparse outputs and the cursor of the pair being run. The
 * cursor is written in ONE assignment per transition so an interrupted batch leaves a consistent
 * state: pair*4 + phase, phase 0 = pair done, 1 = matching, 2 = committing.
 */
class Execution {
  private readonly budget: number;
  private readonly slice: number;
  private readonly firstOnly: boolean;
  private readonly docOffset: number;
  private readonly matchers: CompiledRule['matcher'][];
  private readonly conds: ReturnType<typeof compileWhen>[];
  private readonly docEntries: Int32Array;
  private readonly entryRule = new IntBuffer(256);
  private readonly entrySpans = new IntBuffer(256);
  private readonly spans = new IntBuffer(1024);
  private readonly ruleDocs: IntBuffer[];
  private readonly issues: ExecutionIssue[] = [];
  private readonly st = { cursor: -4, mark: 0, pairStart: -1, startedPair: -1 };
  private batches = 0;

  constructor(
    private readonly task: ExecTask,
    private readonly rules: readonly CompiledRule[],
    private readonly texts: readonly string[],
    private readonly options: ExecuteOptions,
  ) {
    this.budget = options.ruleBudgetMs ?? task.matching.rule_budget_ms;
    // At least 1 ms, so tiny budgets do not spend most of their time starting guarded calls.
    this.slice = Math.min(options.sliceMs ?? Infinity, Math.max(1, this.budget * SLICE_SHARE));
    this.firstOnly = options.firstMatchOnly ?? task.type === 'classification';
    this.docOffset = options.docOffset ?? 0;
    this.matchers = rules.map((r) => r.matcher);
    this.conds = rules.map((r) => compileWhen(r.rule.when));
    this.docEntries = new Int32Array(texts.length + 1);
    this.ruleDocs = rules.map(() => new IntBuffer(8));
  }

  /** Runs pairs from the cursor in one guarded call; a pair starts before the slice ends, so one still running at the limit overran. */
  batch(): GuardResult {
    this.batches++;
    return runGuarded(() => this.work(), this.slice + this.budget + WATCHDOG_SLACK_MS);
  }

  /** Documents whose pairs have all run. */
  docsDone(): number {
    return Math.floor((Math.floor(this.st.cursor / 4) + 1) / this.rules.length);
  }

  /** After a batch was killed: blames the pair that overran (or re-runs it alone to find out) and moves past it. */
  recover(killedAt: number): void {
    const { st } = this;
    const p = Math.floor(st.cursor / 4);
    const phase = st.cursor - 4 * p;
    const d = Math.floor(p / this.rules.length);
    const r = p - d * this.rules.length;
    if (phase === 1) {
      this.spans.length = st.mark;
      if (st.startedPair === p && killedAt - st.pairStart >= this.budget) this.timeoutIssue(d, r, killedAt - st.pairStart);
      else this.confirm(d, r);
    } else if (phase === 2) this.commit(d, r, st.mark);
    st.cursor = p * 4;
  }

  private work(): boolean {
    const start = performance.now();
    const { texts, rules, conds, matchers, spans, st, docEntries, entryRule, firstOnly, slice } = this;
    const { meta, timeoutsLeft: left } = this.options;
    const nRules = rules.length;
    let p = Math.floor(st.cursor / 4) + 1;
    let d = Math.floor(p / nRules);
    let r = p - d * nRules;
    for (; d < texts.length; d++, r = 0) {
      const text = texts[d]!;
      const checkEvery = text.length >= LONG_TEXT ? 1 : Math.ceil(LONG_TEXT / Math.max(1, text.length));
      if (r === 0) docEntries[d] = entryRule.length;
      for (; r < nRules; r++) {
        p = d * nRules + r;
        if (r % checkEvery === 0) {
          const now = performance.now();
          if (now - start >= slice) return false;
          if (checkEvery === 1) {
            st.pairStart = now;
            st.startedPair = p;
          }
        }
        const cond = conds[r];
        if (cond && !cond(meta?.[d])) continue;
        if (left && left[r]! <= 0) continue;
        const mark = spans.length;
        st.mark = mark;
        st.cursor = p * 4 + 1;
        let n: number;
        try {
          n = collectMatches(matchers[r]!, text, spans, firstOnly);
        } catch (e) {
          spans.length = mark;
          st.cursor = p * 4;
          this.failed(d, r, e);
          continue;
        }
        st.cursor = p * 4 + 2;
        if (n > 0) this.commit(d, r, mark);
        st.cursor = p * 4;
      }
    }
    return true;
  }

  private commit(d: number, r: number, mark: number): void {
    const { entryRule, entrySpans } = this;
    // Idempotent: marks strictly increase, so (rule, mark) identifies this pair's entry.
    if (entryRule.length > entrySpans.length) entryRule.length = entrySpans.length;
    if (!(entrySpans.length && entrySpans.last() === mark && entryRule.last() === r)) {
      entryRule.push(r);
      entrySpans.push(mark);
    }
    if (this.ruleDocs[r]!.last() !== d) this.ruleDocs[r]!.push(d);
  }

  /**
   * Re-runs one pair alone with a hard limit just over `budget`: the proof that it overran. The
   * extra millisecond absorbs the watchdog timer's granularity, which can fire up to 1 ms early.
   */
  private confirm(d: number, r: number): void {
    const { spans } = this;
    const mark = spans.length;
    let n = 0;
    const began = performance.now();
    let outcome: GuardResult;
    this.batches++;
    try {
      outcome = runGuarded(() => {
        n = collectMatches(this.matchers[r]!, this.texts[d]!, spans, this.firstOnly);
        return true;
      }, this.budget + 1);
    } catch (e) {
      spans.length = mark;
      this.failed(d, r, e);
      return;
    }
    if (outcome === 'done') {
      if (n > 0) this.commit(d, r, mark);
      return;
    }
    spans.length = mark;
    this.timeoutIssue(d, r, performance.now() - began);
  }

  private failed(d: number, r: number, e: unknown): void {
    this.issue('error', d, r, null, `rule ${this.rules[r]!.id} failed on document ${this.docOffset + d}: ${(e as Error).message}`);
  }

  private timeoutIssue(d: number, r: number, elapsed: number): void {
    const left = this.options.timeoutsLeft;
    if (left) left[r] = left[r]! - 1;
    const id = this.options.ids?.[d];
    this.issue(
      'timeout',
      d,
      r,
      Math.round(elapsed * 10) / 10,
      `rule ${this.rules[r]!.id} exceeded its ${this.budget} ms budget on document ${this.docOffset + d}` +
        `${id ? ` (${id})` : ''} and was stopped after ${Math.round(elapsed)} ms; ` +
        'its matches in this document are dropped (screen the pattern for catastrophic backtracking)',
    );
  }

  private issue(kind: 'timeout' | 'error', d: number, r: number, elapsed: number | null, message: string): void {
    this.issues.push({
      kind,
      rule_id: this.rules[r]!.id,
      rule_position: r,
      doc_index: this.docOffset + d,
      doc_id: this.options.ids?.[d] ?? null,
      elapsed_ms: elapsed,
      message,
    });
  }

  /** The finished run as the engine's sparse outputs; `t0` is when it started. */
  outputs(t0: number): RuleOutputs {
    const { entrySpans, spans } = this;
    this.docEntries[this.texts.length] = this.entryRule.length;
    const entryRule = this.entryRule.toArray();
    const entrySpansArr = new Int32Array(entrySpans.length + 1);
    entrySpansArr.set(entrySpans.data.subarray(0, entrySpans.length));
    entrySpansArr[entrySpans.length] = spans.length;
    const ruleMatches = new Int32Array(this.rules.length);
    for (let k = 0; k < entryRule.length; k++) ruleMatches[entryRule[k]!]! += (entrySpansArr[k + 1]! - entrySpansArr[k]!) >> 1;
    return {
      task: this.task,
      rules: this.rules,
      texts: this.texts,
      ids: this.options.ids,
      docOffset: this.docOffset,
      docEntries: this.docEntries,
      entryRule,
      entrySpans: entrySpansArr,
      spans: spans.toArray(),
      ruleDocs: this.ruleDocs.map((b) => b.toArray()),
      ruleMatches,
      issues: this.issues,
      elapsedMs: performance.now() - t0,
      batches: this.batches,
    };
  }
}
