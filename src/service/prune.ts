import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { DEFAULT_PRUNE_TOLERANCE, type PruneResult, pruneRules } from '../core/metrics/prune.js';
import type { StatusChange } from '../store/prune-ops.js';
import type { DatasetContext } from './dataset-context.js';
import { rankRules } from '../core/metrics/rank.js';
import { analysisConfig, type AnalysisRun, analysisRun } from './analysis-run.js';
import type { MeasuredRunView, MeasureRequest } from './measuring.js';
import { round } from './round.js';
import { issueView } from './runs.js';

export interface PruneRequest extends MeasureRequest {
  /** Disable the removed rules (default: a dry run that only shows the plan). */
  apply?: boolean;
  /** Also remove rules that never fire on the split (and have no true positive on train). */
  dead?: boolean;
  /** With `dead`: also remove rules dead on the split that fire right on train. */
  deadOnDev?: boolean;
  /** Also remove exact duplicates (the first in execution order is kept). */
  duplicates?: boolean;
  /** Remove a rule only when F1 rises by more than this (default 0: strictly rises). */
  tolerance?: number;
}

/** `prune --json`: `{f1_before, f1_after, removed, steps}`, the keys scripts read, and more. */
export interface PruneResultView extends MeasuredRunView, PruneResult {
  /** Rules dead on the split that `dead` kept: they have true positives on train. */
  kept_dead: KeptDeadRule[];
  /** Whether the rules were disabled; `op_id` is what `undo` reverses. */
  applied: boolean;
  op_id: number | null;
  /** The ruleset hash the plan was judged on (before applying). */
  ruleset_hash: string;
}

/**
 * `prune`: greedy, iterative removal of the rule whose removal raises micro F1 most, repeated while
 * the gain exceeds the tolerance, judged on dev when there is one (else on train when there is a
 * test split, which never chooses which rules stay, or on all examples; `notes` says which). Optionally dead rules and exact duplicates first. A dry run by
 * default; `apply` disables the removed rules in one transaction with the recorded run and a
 * prune op that `undo` reverses.
 */
export async function prune(ctx: DatasetContext, req: PruneRequest = {}): Promise<PruneResultView> {
  const t0 = performance.now();
  const tolerance = req.tolerance ?? DEFAULT_PRUNE_TOLERANCE;
  if (!Number.isFinite(tolerance) || tolerance < 0)
    throw new RulewrightError('BAD_INPUT', `the tolerance must be a number ≥ 0 (got ${req.tolerance}), e.g. 0.001`);
  const { store, dataset: d } = ctx;
  const dead = !!req.dead || !!req.deadOnDev;
  const options = { tolerance, dead, duplicates: !!req.duplicates };
  const m = await analysisRun(ctx, req, (x) => pruneRules(x.run, options), 'prune');
  const keptDead = dead && !req.deadOnDev ? await aliveOnTrain(ctx, req, m) : [];
  const tell = req.onProgress;
  const plan = pruneRules(m.run, {
    ...options,
    keepDead: new Set(keptDead.map((k) => k.rule_id)),
    ...(tell ? { onProgress: (done: number, total: number, step: number) => tell(step ? { phase: 'prune', done, total, step } : { phase: 'score', done, total }) } : {}),
  });
  const p = m.pipeline;
  const notes = [...m.notes, ...keptDeadNotes(keptDead, p.examples.length, p.split.label), ...decidedNotes(plan, p.examples.length, p.split.label)];
  if (!plan.removed.length) notes.push('nothing to prune: removing any rule would not raise F1' + (tolerance > 0 ? ` by more than ${tolerance}` : ''));
  // The command to apply it is the caller's to give: only it knows the options that produced the plan.
  else if (!req.apply) notes.push(`dry run: applying disables ${plan.removed.length} rule${plan.removed.length === 1 ? '' : 's'}; undo restores them`);
  const elapsed = round(performance.now() - t0);
  const config = analysisConfig(m, { ...options, dead_on_dev: !!req.deadOnDev, apply: !!req.apply });

  const result = store.transaction(() => {
    const run = store.runs.insert(d.id, {
      kind: 'prune',
      dataset_hash: p.dataset_hash,
      ruleset_hash: p.ruleset_hash,
      config,
      result: {
        n: p.examples.length,
        f1_before: plan.f1_before,
        f1_after: plan.f1_after,
        removed: plan.removed,
        steps: plan.steps,
        decided_by: plan.decided_by,
        kept_dead: keptDead.map(({ rule_id, name, train_tp, train_fp }) => ({ rule_id, name, train_tp, train_fp })),
        applied: !!req.apply && plan.removed.length > 0,
        notes,
      },
      elapsed_ms: elapsed,
    });
    let opId: number | null = null;
    if (req.apply && plan.removed.length) {
      const changes: StatusChange[] = [];
      for (const id of plan.removed) {
        const rule = store.rules.get(d.id, id);
        if (!rule || rule.status !== 'active')
          throw new RulewrightError('CONFLICT', `rule "${id}" changed while pruning (it is no longer active): run prune again`);
        changes.push({ rule_id: id, from: rule.status, to: 'disabled' });
      }
      const op = store.pruneOps.insert(d.id, { kind: 'prune', run_id: run.id, changes });
      for (const c of changes) store.rules.setStatus(d.id, c.rule_id, 'disabled', `pruned (prune op ${op.id}, run ${run.id})`);
      opId = op.id;
    }
    return { run, opId };
  });
  if (result.opId !== null) notes.push(`disabled ${plan.removed.length} rule${plan.removed.length === 1 ? '' : 's'} (prune op ${result.opId}); undo restores them`);
  return {
    dataset: d.name,
    split: p.split.label,
    n: p.examples.length,
    mode: m.run.scorer.mode,
    f1_before: plan.f1_before,
    f1_after: plan.f1_after,
    counts_before: plan.counts_before,
    counts_after: plan.counts_after,
    removed: plan.removed,
    steps: plan.steps,
    tolerance,
    decided_by: plan.decided_by,
    kept_dead: keptDead,
    applied: result.opId !== null,
    op_id: result.opId,
    notes,
    issues: p.issues.map(issueView),
    dataset_hash: p.dataset_hash,
    ruleset_hash: p.ruleset_hash,
    run_id: result.run.id,
    elapsed_ms: elapsed,
  };
}

/** A rule that never fires on the judged split but fires right on train: `dead` keeps it. */
export interface KeptDeadRule {
  rule_id: string;
  name: string;
  label: string;
  train_tp: number;
  train_fp: number;
}

/**
 * The rules dead on the judged split that have true positives on train. A small dev split leaves
 * good rules dead by chance; dead means dead on both. Judged on train (or all examples) there is
 * nothing else to look at.
 */
async function aliveOnTrain(ctx: DatasetContext, req: PruneRequest, m: AnalysisRun): Promise<KeptDeadRule[]> {
  const split = m.pipeline.split.label;
  const { rules, ruleDocs } = m.run.outputs;
  const deadIds = new Set(rules.filter((_, p) => ruleDocs[p]!.length === 0).map((r) => r.id));
  if (split === 'train' || split === 'all' || !deadIds.size || !ctx.store.examples.count(ctx.dataset.id, { split: 'train' })) return [];
  const train = await analysisRun(ctx, { split: 'train', ...(req.context ? { context: req.context } : {}) });
  return rankRules(train.run)
    .rules.filter((r) => deadIds.has(r.id) && r.solo.tp > 0)
    .map((r) => ({ rule_id: r.id, name: r.name, label: r.label, train_tp: r.solo.tp, train_fp: r.solo.fp }));
}

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Most kept rules named one by one in the notes; the rest are counted (all are in `kept_dead`). */
const NAMED_KEPT = 5;

function keptDeadNotes(kept: readonly KeptDeadRule[], n: number, split: string): string[] {
  const notes = kept
    .slice(0, NAMED_KEPT)
    .map((k) => `kept rule ${k.rule_id} (${k.name}): dead on ${plural(n, `${split} example`)}, ${plural(k.train_tp, 'true positive')} on train`);
  if (kept.length > NAMED_KEPT) notes.push(`kept ${kept.length - NAMED_KEPT} more rules dead on ${split} that fire right on train`);
  if (kept.length) notes.push(`dead means dead on ${split} and train: \`--dead-on-dev\` prunes ${kept.length === 1 ? 'it' : 'them'} anyway`);
  return notes;
}

/** How many examples decide the plan's gain: on a small split, one example can be the whole gain. */
function decidedNotes(plan: PruneResult, n: number, split: string): string[] {
  const gain = plan.f1_before === null || plan.f1_after === null ? null : plan.f1_after - plan.f1_before;
  if (!plan.removed.length || gain === null) return [];
  const sign = gain > 0 ? '+' : gain < 0 ? '−' : '±';
  const by = `${split} F1 ${sign}${Math.abs(gain).toFixed(3)}, decided by ${plural(plan.decided_by, 'example')} of ${n}`;
  // A plan of dead rules and duplicates alone changes no example: nothing to doubt.
  if (plan.decided_by === 0 || plan.decided_by > FEW_DECIDE) return [];
  return [`${by}: too few to tell a real gain from chance; after applying, check held-out F1 with \`rulewright eval\` (\`rulewright undo\` restores the rules)`];
}

/** At most this many deciding examples, a gain is flagged as uncertain. */
const FEW_DECIDE = 2;
