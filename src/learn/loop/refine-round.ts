import type { Rule } from '../../core/schemas/rule.js';
import type { RoundHistory } from '../prompts/patch-prompt.js';
import type { FeedbackView } from '../prompts/views.js';
import { clusterFailures, failureCount } from './failures.js';
import { ruleViews } from './rule-stats.js';
import { screenCandidates } from './screen.js';
import type { LoopState } from './state.js';

/** How a round ended; `stop` ends the refinement. */
export interface RoundOutcome {
  ran: boolean;
  stop: boolean;
  history?: RoundHistory;
}

/** The feedback a patch prompt shows: all open feedback, or in incremental runs what is targeted. */
function patchFeedback(s: LoopState, editable: ReadonlySet<string> | null): FeedbackView[] {
  const { input } = s;
  if (!input.proposer.readsFeedback) return [];
  const t = input.targets;
  if (!t) return input.feedback;
  return input.feedback.filter(
    (f) => f.level === 'task' || (f.level === 'rule' && editable?.has(f.target_id ?? '')) || (f.level === 'example' && t.examples.has(f.target_id ?? '')),
  );
}

/**
 * One refinement round: score the rules in use on train, cluster the failures (in incremental
 * runs only those touching the targets), ask for a patch, check its rules, and judge the patched
 * ensemble on the held-out split. Accepted: rewrites become new versions of the rules they
 * replace, removals are disabled, new rules become active. Not accepted: the patch's rules stay
 * visible as proposed with the reason.
 */
export async function refineRound(s: LoopState, round: number, history: readonly RoundHistory[]): Promise<RoundOutcome> {
  const { input } = s;
  const stage = `round ${round}`;
  const t = input.targets;
  const inUse = s.inUse;
  const spent = input.proposer.spentBefore?.(round) ?? null;
  if (spent) {
    if (!s.notes.includes(spent)) s.notes.push(spent);
    s.decide({ stage, action: 'skip', accepted: false, reason: spent });
    return { ran: false, stop: true };
  }
  const trainEval = await s.evaluate(inUse, input.train, true, 'train');
  const editable = t ? new Set(inUse.filter((r) => t.rules.has(r.id)).map((r) => r.id)) : null;
  const clusters = clusterFailures(input.task, input.train, trainEval.scores, {
    ...(t ? { keep: (f) => t.examples.has(f.example.id) || t.labels.has(f.label) || (f.ruleId !== null && t.rules.has(f.ruleId)) } : {}),
  });
  if (failureCount(clusters) === 0) {
    s.decide({ stage, action: 'skip', accepted: false, reason: t ? 'no failures left on train in the targeted scope' : 'no failures left on train' });
    return { ran: false, stop: true };
  }
  s.event(stage, `${failureCount(clusters)} failures on train in ${clusters.length} clusters; asking for a patch`);
  const feedback = patchFeedback(s, editable);
  const proposal = await input.proposer.patch({
    task: input.task,
    labels: input.labels,
    train: input.train,
    dev: input.judgeSplit === 'dev' ? input.judge : [],
    corrections: input.corrections,
    ids: input.ids,
    seed: input.seed,
    round,
    current: inUse,
    views: ruleViews(inUse, trainEval.outputs, trainEval.scores, (r) => editable === null || editable.has(r.id)),
    metrics: trainEval.metrics,
    per_class: trainEval.report.per_class,
    clusters,
    feedback,
    editable,
    allowedLabels: t ? [...t.labels] : null,
    targetExamples: t ? [...t.examples] : [],
    history,
  });
  for (const id of proposal.feedbackUsed) s.feedbackUsed.add(id);
  for (const n of proposal.notes) s.decide({ stage, action: 'note', accepted: false, reason: n });
  for (const w of proposal.warnings ?? []) if (!s.notes.includes(w)) s.notes.push(w);
  for (const e of proposal.errors) s.decide({ stage, action: 'error', accepted: false, reason: e });
  if (!proposal.rules.length && !proposal.remove.length) {
    const reason = proposal.errors.length ? 'the patch request failed; refinement stops here' : 'the patch proposed no change';
    s.decide({ stage, action: 'patch', accepted: false, reason, report: proposal.report });
    s.feedbackOutcome(proposal.feedbackUsed, false, `${stage}: ${reason}`);
    return { ran: true, stop: true, history: { round, accepted: false, reason } };
  }

  const replacedIds = new Set(Object.values(proposal.replaces));
  const removeIds = new Set(proposal.remove.map((r) => r.id).filter((id) => s.rules.has(id)));
  const keep = inUse.filter((r) => !replacedIds.has(r.id) && !removeIds.has(r.id));
  const screened = await screenCandidates(proposal.rules, keep);
  s.keepRejected(screened.rejected);
  const rewrites = screened.passed.filter((r) => proposal.replaces[r.id] !== undefined);
  const additions = screened.passed.filter((r) => proposal.replaces[r.id] === undefined && (!t || t.labels.has(r.output.label)));
  const outOfScope = screened.passed.filter((r) => proposal.replaces[r.id] === undefined && t && !t.labels.has(r.output.label));
  if (outOfScope.length) s.keepProposed(outOfScope, `patch of round ${round}: label not targeted by feedback or corrections`);
  // A rewrite that failed a check leaves its rule in place.
  const effectiveReplaced = new Set(rewrites.map((r) => proposal.replaces[r.id]!));
  const candidate: Rule[] = [
    ...inUse.filter((r) => !effectiveReplaced.has(r.id) && !removeIds.has(r.id)),
    ...rewrites,
    ...additions,
  ];
  const rejected = screened.rejected.map((r) => ({ id: r.id, name: r.name, reason: r.rejection ?? 'rejected' }));
  if (!rewrites.length && !additions.length && !removeIds.size) {
    const reason = `no usable change: ${screened.rejected.length} rejected by the checks, ${screened.duplicates.length} duplicates`;
    s.decide({ stage, action: 'patch', accepted: false, reason, rejected, report: proposal.report });
    s.feedbackOutcome(proposal.feedbackUsed, false, `${stage}: ${reason}`);
    return { ran: true, stop: input.proposer.deterministic, history: { round, accepted: false, reason } };
  }

  const before = s.current;
  const after = await s.judgeMetrics(candidate);
  const j = await s.judgeCandidate(candidate, before, after);
  const note = `learn (${input.proposer.kind}) round ${round}: ${j.reason}`;
  if (j.accepted) {
    for (const r of rewrites) s.replace(proposal.replaces[r.id]!, r, `rewritten by ${note}`);
    for (const id of removeIds) s.disable(id, `removed by ${note}: ${proposal.remove.find((r) => r.id === id)?.reason ?? ''}`.trim());
    s.addActive(additions, `learned by ${note}`);
    s.current = after;
  } else s.keepProposed([...rewrites, ...additions], `patch of round ${round} not accepted: ${j.reason}`, proposal.replaces);
  s.feedbackOutcome(proposal.feedbackUsed, j.accepted, `${stage}: the patch was not accepted: ${j.reason}`);
  s.decide({
    stage,
    action: 'patch',
    accepted: j.accepted,
    reason: j.reason,
    before,
    after,
    added: j.accepted ? additions.map((r) => r.id) : [],
    replaced: j.accepted ? rewrites.map((r) => ({ id: proposal.replaces[r.id]!, by: r.id })) : [],
    removed: j.accepted ? [...removeIds] : [],
    rejected,
    feedback: proposal.feedbackUsed,
    report: proposal.report,
  });
  s.event(stage, `patch ${j.accepted ? 'accepted' : 'not accepted'} (${j.reason})`);
  return { ran: true, stop: !j.accepted && input.proposer.deterministic, history: { round, accepted: j.accepted, reason: j.reason } };
}
