import { isDefaultRule } from '../../core/engine/default-rule.js';
import { evaluateRulesetNow } from '../../core/eval/evaluate-ruleset.js';
import { greedyPrune } from '../../core/metrics/greedy-prune.js';
import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import { generateCandidates, induce, sample } from './induce.js';
import { selectionAffordable } from './learners.js';
import { resolveOptions } from './options.js';
import { dedupe, filterEligible, finalizeRules, type Eligible, type SelectionInput } from './pipeline.js';
import { Pool } from './pool.js';
import { drop, newReport, stage } from './report.js';
import { candidateId, toRule } from './rule-factory.js';
import { clearlyHarmful, clearlyHelpful } from './dev-judges.js';
import { addPass, trainJudge, type AcceptConfig, type Judge } from './select.js';
import type { InduceOptions, InduceResult } from './types.js';
import { TUNING } from './tuning.js';

/**
 * Where a fallback goes: below every current rule, but above a default rule, which fires on every
 * text (below it a rule never decides). Between two adjacent whole priorities, halfway.
 */
export function fallbackPriority(current: readonly Rule[]): number {
  const others = current.filter((r) => !isDefaultRule(r)).map((r) => r.priority);
  const defaults = current.filter(isDefaultRule).map((r) => r.priority);
  if (!others.length) return Math.min(...defaults) + 1;
  const bottom = Math.min(...others);
  const floor = Math.max(-Infinity, ...defaults.filter((p) => p < bottom));
  return bottom - 1 > floor ? bottom - 1 : (bottom + floor) / 2;
}

/** Train examples the current rules get wrong (a false positive or a missed item). */
function failing(task: Task, rules: readonly Rule[], train: readonly Example[]): Set<number> {
  const { scores } = evaluateRulesetNow(task, rules, train, { statuses: ['active', 'proposed'], outcomes: false });
  const out = new Set<number>();
  scores.forEach(({ counts: c }, i) => {
    if (c.fp > 0 || c.fn > 0) out.add(i);
  });
  return out;
}

/**
 * `inducePatch`: candidates are generated from train as for `induceRules`, but only those that fire
 * on a train example the current rules get wrong are tried. Each is tried in two places, above
 * every current rule (priority max + 1: it overrides them) and below them all (a fallback where
 * they abstain: `fallbackPriority`), and kept where dev shows it clearly helps (`clearlyHelpful`;
 * where it improves train without dev). Then current rules dev shows clearly hurt
 * (`clearlyHarmful`) are proposed for removal. Current rules are never edited.
 */
export async function patch(task: Task, trainIn: readonly Example[], currentIn: readonly Rule[], options: InduceOptions): Promise<InduceResult> {
  const current = currentIn.filter((r) => r.status === 'active' || r.status === 'proposed');
  if (!current.length) return induce(task, trainIn, options);
  const started = performance.now();
  const opts = resolveOptions(task, options);
  const train = sample(trainIn, opts.maxTrainExamples, opts.seed);
  const report = newReport(task, train.length, opts.dev?.length ?? 0);
  const deadline = started + opts.learnBudgetMs;
  const finish = (rules: Rule[], remove: string[]): InduceResult => {
    report.emitted = rules.length;
    report.removed = remove;
    report.elapsed_ms = Math.round(performance.now() - started);
    return { rules, remove, report };
  };

  if (task.type === 'classification' && !selectionAffordable(train, opts.dev)) {
    // Covering already learned from every train text; running every candidate over this much text
    // is what the index exists to avoid. Corrections get their rules in the learning loop's own stage.
    report.notes.push('large train set: the patch proposes nothing (learn again without --incremental to relearn the list; corrections get rules of their own)');
    return finish(await finalizeRules({ task, train, opts, report, started }, [], current), []);
  }
  const wrong = failing(task, current, train);
  report.notes.push(`the current ${current.length} rules fail on ${wrong.size} of ${train.length} train examples`);
  const input: SelectionInput = { task, train, candidates: generateCandidates(task, train, opts), opts, report, started, merge: false };
  const { eligible, probe } = filterEligible(input, dedupe(input));
  const relevant = eligible.filter((e) => {
    const p = probe.position.get(candidateId(e.c, opts.idPrefix));
    return p !== undefined && probe.train.outputs.ruleDocs[p]!.some((d) => wrong.has(d));
  });
  for (const e of eligible) if (!relevant.includes(e)) drop(report, 'no_gain_train', e.c.name);
  report.candidates.eligible = relevant.length;

  const hi = Math.max(...current.map((r) => r.priority)) + 1;
  const lo = fallbackPriority(current);
  const placed: { e: Eligible; rule: Rule; sibling: string }[] = [];
  for (const e of relevant) {
    const id = candidateId(e.c, opts.idPrefix);
    const mk = (where: 'hi' | 'lo') =>
      toRule(e.c, { id: `${id}-${where}`, priority: where === 'hi' ? hi : lo, confidence: e.confidence, status: 'active' });
    const top = mk('hi');
    const bottom = mk('lo');
    placed.push({ e, rule: top, sibling: bottom.id }, { e, rule: bottom, sibling: top.id });
  }
  const pool = Pool.run(task, [...current, ...placed.map((p) => p.rule)], train, opts.dev, new Set(current.map((r) => r.id)));
  stage(report, 'current', pool, started);
  const byId = new Map(placed.map((p) => [p.rule.id, p]));
  const cfg: AcceptConfig = { minGainPrecision: opts.minGainPrecision, recallTolerance: opts.recallTolerance };
  // On dev, a change to rules already learned needs evidence, not a rise on a text or two: the
  // learning loop runs the patch round after round, and each bare rise fits dev a little more.
  const helpful: Judge = pool.dev ? clearlyHelpful() : trainJudge(cfg);
  const harmful: Judge = pool.dev ? clearlyHarmful() : trainJudge(cfg);
  const judge: Judge = (t, pl) => {
    const pc = byId.get(pl.rules[t.position]!.id);
    const sib = pc ? pl.position.get(pc.sibling) : undefined;
    if (sib !== undefined && pl.isActive(sib)) return false;
    return helpful(t, pl);
  };
  const order = pool.rules.map((_, p) => p).filter((p) => byId.has(pool.rules[p]!.id));
  order.sort((a, b) => byId.get(pool.rules[b]!.id)!.e.confidence - byId.get(pool.rules[a]!.id)!.e.confidence || a - b);
  const limits = { deadline, maxActive: current.length + opts.maxRules };
  for (let pass = 0; pass < TUNING.selection.addPasses; pass++) if (!addPass(pool, order, judge, limits).accepted.length) break;
  stage(report, 'patch', pool, started);
  const isCurrent = (p: number) => !byId.has(pool.rules[p]!.id);
  const removed = greedyPrune(pool, { pick: 'first', accept: harmful, deadline, only: isCurrent }).map((t) => pool.rules[t.position]!.id);
  const prunedNew = greedyPrune(pool, { pick: 'first', accept: harmful, deadline, only: (p) => !isCurrent(p) }).map((t) => t.position);
  for (const p of prunedNew) drop(report, pool.dev ? 'pruned_dev' : 'pruned_train', pool.rules[p]!.rule.name);
  stage(report, 'patch_prune', pool, started);

  const chosen = pool.activePositions().filter((p) => !isCurrent(p));
  for (const p of order) if (!pool.isActive(p) && !prunedNew.includes(p)) drop(report, pool.dev ? 'no_gain_dev' : 'no_gain_train', pool.rules[p]!.rule.name);
  report.candidates.kept = chosen.length;
  const rules = chosen.slice(0, opts.maxRules).map((p) => ({ ...pool.rules[p]!.rule, status: opts.status }));
  const kept = current.filter((r) => !removed.includes(r.id));
  return finish(await finalizeRules(input, rules, kept), removed);
}
