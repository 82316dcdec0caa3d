import { z } from 'zod';
import type { ExecutionIssue } from '../core/engine/index.js';
import { parseChoice, RulewrightError } from '../core/errors.js';
import { emptyErrors } from '../core/eval/tally.js';
import type { ExampleScore, OutcomeItem } from '../core/eval/types.js';
import { sha256 } from '../core/hash.js';
import { EvalReport, type Run, RunKind } from '../core/schemas/index.js';
import type { DatasetRecord, Store } from '../store/index.js';
import { resolveDataset } from './datasets.js';

/**
 * One example's outcome as a recorded run keeps it: `[id, tp, fp, fn, exact (1|0), digest]`.
 * The digest (12 hex digits) stands for the example's outcome items (which gold items matched,
 * which predictions were spurious, with their offsets and labels), so two runs can tell "same
 * counts, different items" apart without storing the items: ~40 bytes an example.
 */
export type CompactOutcome = [id: string, tp: number, fp: number, fn: number, exact: 0 | 1, digest: string];

const CompactOutcomeSchema = z.tuple([z.string(), z.number(), z.number(), z.number(), z.union([z.literal(0), z.literal(1)]), z.string()]);

/**
 * One matcher verdict as a recorded eval run keeps it: why a matcher (other than plain equality)
 * passed or failed a pair of one example, and whether it was a lexical stand-in or could not judge.
 */
export const RecordedVerdict = z.object({
  example_id: z.string(),
  /** Field path (transformation) or span label. */
  field: z.string(),
  /** The outcome kind (match, wrong_value, …). */
  outcome: z.string(),
  passed: z.boolean(),
  gold: z.unknown(),
  predicted: z.unknown(),
  reason: z.string(),
  lexical_fallback: z.literal(true).optional(),
  matcher_issue: z.string().optional(),
});
export type RecordedVerdict = z.infer<typeof RecordedVerdict>;

/** At most this many matcher verdicts are kept in a run, failures first (the count is always kept). */
export const MAX_RECORDED_VERDICTS = 2000;

/** The result part of a recorded eval run (runs recorded before verdicts were kept have none). */
export const EvalRunResult = z.object({
  report: EvalReport,
  outcomes: z.array(CompactOutcomeSchema),
  verdicts: z.array(RecordedVerdict).optional(),
  verdict_count: z.number().int().optional(),
  issues: z.array(z.record(z.string(), z.unknown())),
  issue_count: z.number().int(),
});
export type EvalRunResult = z.infer<typeof EvalRunResult>;

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
export function issueView(i: ExecutionIssue): Record<string, unknown> {
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
}

export interface RunList {
  dataset: string;
  runs: RunSummary[];
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The headline numbers of any kind of run (eval keeps a report; other kinds their own keys). */
export function summarizeRun(run: Run): RunSummary {
  const report = obj(run.result.report);
  const micro = obj(report.micro);
  return {
    id: run.id,
    kind: run.kind,
    created_at: run.created_at,
    split: str(run.config.split) ?? str(report.split),
    mode: str(run.config.mode) ?? str(report.mode),
    n: num(report.n) ?? num(run.result.n),
    f1: num(micro.f1) ?? num(run.result.f1) ?? num(run.result.f1_after),
    macro_f1: num(report.macro_f1),
    dataset_hash: run.dataset_hash,
    ruleset_hash: run.ruleset_hash,
    elapsed_ms: run.elapsed_ms,
  };
}

/** Recorded runs of a dataset, newest first. */
export function listRuns(store: Store, req: { dataset?: string; kind?: string; limit?: number } = {}): RunList {
  const d = resolveDataset(store, req.dataset);
  const kind = req.kind !== undefined ? parseChoice(RunKind, req.kind, 'run kind') : undefined;
  const runs = store.runs.list(d.id, { ...(kind ? { kind } : {}), ...(req.limit !== undefined ? { limit: req.limit } : {}) });
  return { dataset: d.name, runs: runs.map(summarizeRun) };
}

/** A run of the dataset by id (or `last`: the newest run of `kind`). NOT_FOUND says how to list them. */
export function getRun(store: Store, d: DatasetRecord, ref: string | number, kind?: RunKind): Run {
  let run: Run | undefined;
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

/** A recorded run; eval runs' per-example outcomes and matcher verdicts only on request (they are long). */
export function showRun(store: Store, ref: string | number, opts: { dataset?: string; outcomes?: boolean } = {}): Run & { outcomes_n: number | null } {
  const d = resolveDataset(store, opts.dataset);
  const run = getRun(store, d, ref);
  const outcomes = Array.isArray(run.result.outcomes) ? run.result.outcomes : null;
  if (opts.outcomes || !outcomes) return { ...run, outcomes_n: outcomes?.length ?? null };
  const { outcomes: _omitted, verdicts: _alsoOmitted, ...result } = run.result;
  return { ...run, result, outcomes_n: outcomes.length };
}

/** Reads an eval run's result back, validated (a run of another kind is BAD_INPUT). */
export function readEvalRun(run: Run): EvalRunResult {
  if (run.kind !== 'eval') throw new RulewrightError('BAD_INPUT', `run ${run.id} is a ${run.kind} run: compare with an eval run (\`rulewright runs list --kind eval\`)`);
  const r = EvalRunResult.safeParse(run.result);
  if (!r.success) throw new RulewrightError('STORE', `run ${run.id} has no readable eval result (${r.error.issues[0]?.message}): it was recorded by another version; run eval again`);
  return r.data;
}
