import type { ExecutionIssue } from '../core/engine/executor.js';
import { parseChoice, RulewrightError } from '../core/errors.js';
import { emptyErrors } from '../core/eval/tally.js';
import type { ExampleScore, OutcomeItem } from '../core/eval/types.js';
import { sha256 } from '../core/hash.js';
import { type CompactOutcome, type EvalRunResult, isReadable, type RecordedExecutionIssue, type RecordedVerdict, type Run, RunKind, type RunOf, type StoredRun, type UnreadableRun, unreadableLabel } from '../core/schemas/run.js';
import type { DatasetRecord } from '../store/datasets.js';
import type { Store } from '../store/index.js';
import type { DatasetContext } from './dataset-context.js';

export { CompactOutcome, EvalRunResult, RecordedVerdict } from '../core/schemas/run.js';

/** At most this many matcher verdicts are kept in a run, failures first (the count is always kept). */
export const MAX_RECORDED_VERDICTS = 2000;

/** At most this many execution issues are kept in a run (the count is always kept). */
export const MAX_RECORDED_ISSUES = 200;

/** The digest of an example's outcome items: the same fields `compareReports` tells outcomes apart by. */
function outcomeDigest(s: ExampleScore): string {
  if (!s.outcomes) return '';
  const items = s.outcomes
    .map((o) => `${o.kind}|${o.field ?? ''}|${o.gold?.label ?? ''}|${o.gold?.start ?? ''}|${o.pred?.label ?? ''}|${o.pred?.start ?? ''}|${o.pred?.end ?? ''}`)
    .sort()
    .join(';');
  return sha256(items).slice(0, 12);
}

/** Scores as a run records them. */
export function compactScores(scores: readonly ExampleScore[]): CompactOutcome[] {
  return scores.map((s) => [s.id, s.counts.tp, s.counts.fp, s.counts.fn, s.exact ? 1 : 0, outcomeDigest(s)]);
}

/** Every outcome a matcher gave a reason for, failures first, then passes, each in example order. */
export function verdictRows(scores: readonly ExampleScore[]): RecordedVerdict[] {
  const failed: RecordedVerdict[] = [];
  const passed: RecordedVerdict[] = [];
  const value = (i: OutcomeItem | undefined) => (i === undefined ? null : i.value !== undefined ? i.value : (i.text ?? null));
  for (const s of scores)
    for (const o of s.outcomes ?? []) {
      if (o.reason === undefined) continue;
      const ok = o.kind === 'match';
      const row: RecordedVerdict = {
        example_id: s.id,
        field: o.field ?? o.gold?.label ?? o.pred?.label ?? '',
        outcome: o.kind,
        passed: ok,
        gold: value(o.gold),
        predicted: value(o.pred),
        reason: o.reason,
      };
      if (o.lexical_fallback) row.lexical_fallback = true;
      if (o.matcher_issue) row.matcher_issue = o.matcher_issue;
      (ok ? passed : failed).push(row);
    }
  return [...failed, ...passed];
}

/**
 * Recorded outcomes as scores `compareReports` can compare: counts, exact, and the digest as a
 * single stand-in outcome item (equal digests ⇔ equal items).
 */
export function expandOutcomes(rows: readonly CompactOutcome[]): ExampleScore[] {
  return rows.map(([id, tp, fp, fn, exact, digest]) => ({
    id,
    counts: { tp, fp, fn },
    per_class: {},
    exact: exact === 1,
    covered: false,
    errors: emptyErrors(),
    ...(digest ? { outcomes: [{ kind: 'match' as const, gold: { label: digest } }] } : {}),
  }));
}

/** An execution issue as runs and JSON output show it. */
export function issueView(i: ExecutionIssue): RecordedExecutionIssue {
  return { kind: i.kind, rule_id: i.rule_id, doc_id: i.doc_id, doc_index: i.doc_index, elapsed_ms: i.elapsed_ms, message: i.message };
}

/** One line of `runs list`. */
export interface RunSummary {
  id: number;
  kind: string;
  created_at: string;
  split: string | null;
  mode: string | null;
  n: number | null;
  f1: number | null;
  macro_f1: number | null;
  dataset_hash: string;
  ruleset_hash: string;
  elapsed_ms: number;
  /** Only on a run this version cannot read: `unreadable run (kind, id)` and why. */
  unreadable?: string;
}

export interface RunList {
  dataset: string;
  runs: RunSummary[];
}

type Headline = Pick<RunSummary, 'split' | 'mode' | 'n' | 'f1' | 'macro_f1'>;

/** The headline figures of a run, by kind (eval keeps a report; the other kinds their own keys). */
function headline(run: Run): Headline {
  const none: Headline = { split: null, mode: null, n: null, f1: null, macro_f1: null };
  switch (run.kind) {
    case 'eval': {
      const r = run.result.report;
      return { split: run.config.split, mode: run.config.mode, n: r.n, f1: r.micro.f1, macro_f1: r.macro_f1 };
    }
    case 'metrics':
    case 'rank':
      return { ...none, split: run.config.split, mode: run.config.mode, n: run.result.n, f1: run.result.f1 };
    case 'prune':
      return { ...none, split: run.config.split, mode: run.config.mode, n: run.result.n, f1: run.result.f1_after };
    case 'learn':
    case 'undo':
      return none;
  }
}

/** The headline numbers of any kind of run; a run this version cannot read says so instead. */
export function summarizeRun(run: StoredRun): RunSummary {
  const figures = isReadable(run) ? headline(run) : { split: null, mode: null, n: null, f1: null, macro_f1: null };
  return {
    id: run.id,
    kind: run.kind,
    created_at: run.created_at,
    ...figures,
    dataset_hash: run.dataset_hash,
    ruleset_hash: run.ruleset_hash,
    elapsed_ms: run.elapsed_ms,
    ...(isReadable(run) ? {} : { unreadable: `${unreadableLabel(run)}: ${run.unreadable}` }),
  };
}

/** Recorded runs of a dataset, newest first. */
export function listRuns(ctx: DatasetContext, req: { kind?: string; limit?: number } = {}): RunList {
  const { store, dataset: d } = ctx;
  const kind = req.kind !== undefined ? parseChoice(RunKind, req.kind, 'run kind') : undefined;
  const runs = store.runs.list(d.id, { ...(kind ? { kind } : {}), ...(req.limit !== undefined ? { limit: req.limit } : {}) });
  return { dataset: d.name, runs: runs.map(summarizeRun) };
}

/** A stored run of the dataset by id (or `last`: the newest run of `kind`). NOT_FOUND says how to list them. */
function findRun(store: Store, d: DatasetRecord, ref: string | number, kind?: RunKind): StoredRun {
  let run: StoredRun | undefined;
  if (ref === 'last' || ref === 'latest') {
    run = kind ? store.runs.latest(d.id, kind) : store.runs.list(d.id, { limit: 1 })[0];
    if (!run) throw new RulewrightError('NOT_FOUND', `dataset "${d.name}" has no ${kind ?? ''} runs yet${kind === 'eval' ? ': run `rulewright eval` first' : ''}`);
    return run;
  }
  const id = typeof ref === 'number' ? ref : /^\d+$/.test(ref.trim()) ? Number(ref) : NaN;
  if (!Number.isSafeInteger(id)) throw new RulewrightError('BAD_INPUT', `"${ref}" is not a run id: pass a number from \`rulewright runs list\`, or "last"`);
  run = store.runs.get(id);
  if (!run || run.dataset !== d.name) throw new RulewrightError('NOT_FOUND', `no run ${id} in dataset "${d.name}": see \`rulewright runs list\``);
  return run;
}

/** A readable run of the dataset (see findRun); one recorded by another version is a STORE error saying so. */
export function getRun(ctx: DatasetContext, ref: string | number, kind?: RunKind): Run {
  const run = findRun(ctx.store, ctx.dataset, ref, kind);
  if (isReadable(run)) return run;
  const again = RunKind.safeParse(run.kind).success ? `; run \`rulewright ${run.kind}\` again` : '';
  throw new RulewrightError('STORE', `${unreadableLabel(run)}: it was recorded by another version (${run.unreadable})${again}`);
}

/** An eval run as `runs show` gives it: the per-example outcomes and verdicts only on request. */
type ShownEval = Omit<RunOf<'eval'>, 'result'> & { result: Omit<EvalRunResult, 'outcomes'> & { outcomes?: CompactOutcome[] } };

/** `runs show`: a recorded run (with its number of eval outcomes), or one this version cannot read. */
export type ShownRun = ((Exclude<Run, RunOf<'eval'>> | ShownEval) & { outcomes_n: number | null }) | (UnreadableRun & { outcomes_n: null });

/** A recorded run; eval runs' per-example outcomes and matcher verdicts only on request (they are long). */
export function showRun(ctx: DatasetContext, ref: string | number, opts: { outcomes?: boolean } = {}): ShownRun {
  const { store, dataset: d } = ctx;
  const run = findRun(store, d, ref);
  if (!isReadable(run)) return { ...run, outcomes_n: null };
  if (run.kind !== 'eval') return { ...run, outcomes_n: null };
  const outcomes = run.result.outcomes;
  if (opts.outcomes) return { ...run, outcomes_n: outcomes.length };
  const { outcomes: _omitted, verdicts: _alsoOmitted, ...result } = run.result;
  return { ...run, result, outcomes_n: outcomes.length };
}

/** The run as an eval run (a run of another kind is BAD_INPUT). */
export function readEvalRun(run: Run): RunOf<'eval'> {
  if (run.kind !== 'eval') throw new RulewrightError('BAD_INPUT', `run ${run.id} is a ${run.kind} run: compare with an eval run (\`rulewright runs list --kind eval\`)`);
  return run;
}
