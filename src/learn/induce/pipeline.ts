import { evaluateRulesetNow } from '../../core/eval/evaluate-ruleset.js';
import { greedyPrune } from '../../core/metrics/greedy-prune.js';
import { laplace, wilsonLower } from '../../core/ratio.js';
import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import { mergedCandidate } from './merge.js';
import { holdLabelBudget, holdRuleBudget, mergedGroups, type BudgetChoice } from './rule-budget.js';
import type { ResolvedOptions } from './options.js';
import type { ProbeCache } from './probe-cache.js';
import { Pool, splitScore } from './pool.js';
import { drop, stage } from './report.js';
import { screen } from './safety.js';
import { trimLexicons } from './simplify.js';
import { addPass, devJudge, trainJudge, type AcceptConfig } from './select.js';
import { candidateId, candidateKey, toRule } from './rule-factory.js';
import type { Candidate, InduceReport, SplitScore } from './types.js';
import { TUNING } from './tuning.js';

export interface SelectionInput {
  task: Task;
  train: readonly Example[];
  candidates: readonly Candidate[];
  opts: ResolvedOptions;
  report: InduceReport;
  started: number;
  /** Classification: merge rules of one label into alternations (each train and dev text keeps its label; see merge.ts). */
  merge: boolean;
  /**
   * Classification: a default rule in the list from the start, below every rule, so a rule is
   * kept only for what it adds beyond the default (RIPPER's default class).
   */
  defaultRule?: Candidate;
  /** The learn's last candidate run, to take the matches of candidates already run on these texts from. */
  probes?: ProbeCache;
}

/** Candidates the train filter lets through, with their pooled confidence. */
export interface Eligible {
  c: Candidate;
  confidence: number;
  trainTp: number;
  trainFp: number;
}


/** Drops duplicate candidates (same content) and keeps the best `max` by train evidence. */
export function dedupe(input: SelectionInput): Candidate[] {
  const seen = new Map<string, Candidate>();
  for (const c of input.candidates) {
    const k = candidateKey(c);
    const prev = seen.get(k);
    if (!prev || (c.specificity ?? 0) > (prev.specificity ?? 0)) seen.set(k, c);
  }
  const all = [...seen.values()];
  for (const c of all) input.report.candidates.by_kind[c.kind] = (input.report.candidates.by_kind[c.kind] ?? 0) + 1;
  input.report.candidates.considered = all.length;
  const cap = candidateCap(input);
  if (all.length <= cap) return all;
  // Each label gets its turn, best supported first, so frequent labels cannot crowd rare ones out.
  const byLabel = new Map<string, Candidate[]>();
  for (const c of all) {
    const list = byLabel.get(c.label);
    if (list) list.push(c);
    else byLabel.set(c.label, [c]);
  }
  const queues = [...byLabel.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([, list]) => list.sort((a, b) => (b.support ?? 0) - (a.support ?? 0) || (b.precision ?? 0) - (a.precision ?? 0) || (a.name < b.name ? -1 : 1)));
  const kept: Candidate[] = [];
  for (let i = 0; kept.length < cap; i++) {
    let any = false;
    for (const q of queues)
      if (i < q.length && kept.length < cap) {
        kept.push(q[i]!);
        any = true;
      }
    if (!any) break;
  }
  const keptSet = new Set(kept);
  for (const c of all) if (!keptSet.has(c)) drop(input.report, 'over_cap', c.name);
  input.report.notes.push(`${all.length - cap} of ${all.length} candidates with the least train support (per label) were not run (cap ${cap})`);
  return kept;
}


/** How many candidates to run: `maxCandidates`, lowered so candidates × text length stays in budget. */
function candidateCap(input: SelectionInput): number {
  let chars = 0;
  for (const e of [...input.train, ...(input.opts.dev ?? [])]) chars += (e.text ?? JSON.stringify(e.input ?? '')).length;
  const labels = new Set(input.candidates.map((c) => c.label)).size;
  return Math.min(input.opts.maxCandidates, Math.max(TUNING.selection.minCandidates, TUNING.selection.minCandidatesPerLabel * labels, Math.floor(TUNING.selection.scanBudget / Math.max(1, chars))));
}

/**
 * Runs every candidate alone through the engine on train (and dev) and keeps those with enough
 * train support and smoothed precision. Label-name candidates (task knowledge) need no support.
 * Confidence is the Wilson lower bound of the candidate's precision on train and dev together:
 * the decision-list order.
 */
export function filterEligible(input: SelectionInput, cands: Candidate[], extra: readonly Rule[] = []): { eligible: Eligible[]; probe: Pool } {
  const { task, train, opts, report } = input;
  const rules = cands.map((c) => toRule(c, { id: candidateId(c, opts.idPrefix), priority: 0, confidence: 0.5, status: 'active' }));
  const probe = input.probes ? input.probes.run(task, [...rules, ...extra], train, opts.dev) : Pool.run(task, [...rules, ...extra], train, opts.dev);
  const judged = new Set(rules.map((r) => r.id));
  for (const m of probe.issues.slice(0, 5)) report.notes.push(`engine: ${m}`);
  const byId = new Map(rules.map((r, i) => [r.id, cands[i]!]));
  const out: Eligible[] = [];
  probe.rules.forEach((cr, p) => {
    if (!judged.has(cr.id)) return;
    const c = byId.get(cr.id)!;
    const tr = probe.solo(p, probe.train);
    const prior = c.kind.startsWith('label_');
    if (tr.tp < opts.minSupport && !(prior && tr.fp === 0)) return drop(report, 'low_support', c.name);
    if (tr.tp + tr.fp > 0 && laplace(tr.tp, tr.tp + tr.fp) < opts.minPrecision) return drop(report, 'low_precision', c.name);
    const dv = probe.dev ? probe.solo(p, probe.dev) : { tp: 0, fp: 0 };
    const tp = tr.tp + dv.tp;
    const n = tp + tr.fp + dv.fp;
    const confidence = n ? wilsonLower(tp / n, n, task.matching.wilson_z) : 0;
    out.push({ c, confidence: Math.min(1, confidence + (c.specificity ?? 0) * 1e-6), trainTp: tr.tp, trainFp: tr.fp });
  });
  return { eligible: out, probe };
}

/** A ruleset's scores on train and on dev (none without a dev split). */
export interface Figures {
  train: SplitScore;
  dev: SplitScore | null;
}

/** Scores of a finished ruleset on train and on dev (null without dev). */
function scoresOn(input: Pick<SelectionInput, 'task' | 'train' | 'opts'>, rules: readonly Rule[]): Figures {
  return { train: scoreRules(input.task, rules, input.train), dev: input.opts.dev ? scoreRules(input.task, rules, input.opts.dev) : null };
}

/** Scores of a finished ruleset (its active and proposed rules) on a split, by the core evaluator. */
export function scoreRules(task: Task, rules: readonly Rule[], examples: readonly Example[]): SplitScore {
  return splitScore(evaluateRulesetNow(task, rules, examples, { statuses: ['active', 'proposed'], outcomes: false }).totals);
}

/**
 * The selection pipeline shared by every task type: train filter, a decision list greedily built
 * on train (candidates in confidence order, each kept if it improves train), acceptance on dev
 * (remaining candidates kept only if they improve dev), pruning of rules that hurt dev, then
 * merging, priorities and the engine's safety checks.
 */
export async function selectCandidates(input: SelectionInput): Promise<Rule[]> {
  const { opts, report, started } = input;
  const deadline = started + opts.learnBudgetMs;
  const cands = dedupe(input);
  const dflt = input.defaultRule ? toRule(input.defaultRule, { id: candidateId(input.defaultRule, opts.idPrefix), priority: -1, confidence: 0, status: 'active' }) : null;
  const { eligible, probe } = filterEligible(input, cands, dflt ? [dflt] : []);
  report.candidates.eligible = eligible.length;
  if (!eligible.length) {
    report.notes.push('no candidate passed the train filter: nothing to propose');
    return [];
  }
  const rules = eligible.map((e) => toRule(e.c, { id: candidateId(e.c, opts.idPrefix), priority: 0, confidence: e.confidence, status: 'active' }));
  const byId = new Map<string, Eligible>(rules.map((r, i) => [r.id, eligible[i]!]));
  if (dflt) byId.set(dflt.id, { c: input.defaultRule!, confidence: 0, trainTp: 0, trainFp: 0 });
  const pool = probe.derive(dflt ? [...rules, dflt] : rules, new Set(dflt ? [dflt.id] : []));
  const notDefault = (p: number) => pool.rules[p]!.id !== dflt?.id;
  const order = pool.rules.map((_, p) => p).filter(notDefault);
  const elig = (p: number) => byId.get(pool.rules[p]!.id)!;
  const cfg: AcceptConfig = { minGainPrecision: opts.minGainPrecision, recallTolerance: opts.recallTolerance };
  const limits = { deadline, maxActive: opts.maxRules * TUNING.selection.activeRulesPerCap };

  // Without dev, a rule that changes nothing on train but is precise on its own is kept for recall on unseen text.
  const strong = opts.dev
    ? undefined
    : (p: number) => elig(p).trainTp >= opts.minSupport && wilsonLower(elig(p).trainTp / (elig(p).trainTp + elig(p).trainFp), elig(p).trainTp + elig(p).trainFp) >= TUNING.selection.strongWilson;
  const listPass = addPass(pool, order, trainJudge(cfg, strong, opts.dev ? TUNING.selection.trainGainWilsonDev : TUNING.selection.trainGainWilsonNoDev), limits);
  if (!listPass.accepted.length && !opts.dev) report.notes.push('no candidate improved train with enough support: nothing to propose');
  stage(report, 'decision_list', pool, started);

  const skipped = new Set(listPass.skipped);
  const outOfTime = () => performance.now() > deadline;
  const unused = (p: number, reason: 'no_gain_dev' | 'no_gain_train') =>
    drop(report, skipped.has(p) ? (outOfTime() ? 'budget' : 'max_rules') : reason, elig(p).c.name);
  if (pool.dev) {
    const dj = devJudge(cfg);
    for (let pass = 0; pass < TUNING.selection.addPasses; pass++) {
      const res = addPass(pool, order, dj, limits);
      skipped.clear();
      for (const p of res.skipped) skipped.add(p);
      if (!res.accepted.length) break;
    }
    stage(report, 'dev_acceptance', pool, started);
    const pruned = new Set(greedyPrune(pool, { pick: 'first', accept: dj, deadline, only: notDefault }).map((t) => t.position));
    for (const p of pruned) drop(report, 'pruned_dev', elig(p).c.name);
    stage(report, 'dev_prune', pool, started);
    for (const p of order) if (!pool.isActive(p) && !pruned.has(p)) unused(p, 'no_gain_dev');
  } else {
    const pruned = new Set(greedyPrune(pool, { pick: 'first', accept: trainJudge(cfg), deadline, only: notDefault }).map((t) => t.position));
    for (const p of pruned) drop(report, 'pruned_train', elig(p).c.name);
    if (pruned.size) stage(report, 'train_prune', pool, started);
    for (const p of order) if (!pool.isActive(p) && !pruned.has(p)) unused(p, 'no_gain_train');
  }
  if (outOfTime()) report.notes.push(`the ${opts.learnBudgetMs} ms budget ran out: later candidates were not tried`);

  // Rules of one label merge across rules of other labels that fire on none of their train or dev
  // texts; both budgets count the rules as merged.
  const grouping = mergedGroups(pool, (p) => elig(p).c, input.merge);
  const choice: BudgetChoice = { on: 'dev', keep: (p) => !notDefault(p) };
  if (holdRuleBudget(pool, grouping, opts.maxRules, report, choice).length) stage(report, 'rule_budget', pool, started);
  if (holdLabelBudget(pool, grouping, opts.maxRulesPerLabel, report, choice).length) stage(report, 'rule_budget', pool, started);
  const kept = pool.activePositions().filter(notDefault);
  const chosen = kept.map((p) => elig(p));
  report.candidates.kept = chosen.length;
  // The default rule stays a rule of its own, last: merged into an alternation it would not be one.
  const groups = [...grouping(kept).map((g) => g.map((p) => elig(p).c)), ...(dflt ? [[input.defaultRule!]] : [])];
  const confByKey = new Map(chosen.map((e) => [candidateKey(e.c), e.confidence]));
  let finals = groups.map((g, i, all) => {
    const c = mergedCandidate(g);
    return toRule(c, { id: candidateId(c, opts.idPrefix), priority: all.length - i, confidence: confByKey.get(candidateKey(g[0]!)) ?? 0, status: opts.status });
  });

  if (!input.merge) {
    const t = trimLexicons(finals, (rs) => scoresOn(input, rs));
    if (t.trimmed) report.notes.push(`${t.trimmed} lexicon forms that regex rules of the same label already match were left out`);
    finals = t.rules;
  }
  return finalizeRules(input, finals);
}

/**
 * The last step of induction and of patching: new rules that fail the engine's safety checks are
 * dropped (counted and named in the report), and the 'final' stage records the ruleset left
 * (the `kept` current rules, then the safe new ones) with its train and dev scores. Returns the
 * safe new rules.
 */
export async function finalizeRules(
  input: Pick<SelectionInput, 'task' | 'train' | 'opts' | 'report' | 'started'>,
  rules: readonly Rule[],
  kept: readonly Rule[] = [],
  /** Figures already measured for rules that predict as `kept` and `rules` do: reused when the screen drops none. */
  known: Figures | null = null,
): Promise<Rule[]> {
  const { report, started } = input;
  const screened = await screen(rules);
  for (const r of screened.rejected) {
    drop(report, 'unsafe', r.rule.name);
    report.notes.push(`rule "${r.rule.name}" failed the safety checks and was dropped (${r.reason})`);
  }
  const finalSet = [...kept, ...screened.kept];
  const figures = known && !screened.rejected.length ? known : scoresOn(input, finalSet);
  report.stages.push({ stage: 'final', rules: finalSet.length, ...figures, elapsed_ms: Math.round(performance.now() - started) });
  return screened.kept;
}
