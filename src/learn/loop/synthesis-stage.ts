import { RulewrightError } from '../../core/errors.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Proposal } from '../proposer.js';
import { screenCandidates } from './screen.js';
import type { LoopState } from './state.js';

const rejectedOf = (rules: readonly Rule[]) => rules.map((r) => ({ id: r.id, name: r.name, reason: r.rejection ?? 'rejected' }));

/**
 * Synthesis: asks the proposer for rules of `labels`, checks them (rejects stay visible with
 * their reasons), then judges them label by label on the held-out split: a label's rules join the
 * ensemble when they raise F1 (or precision within the recall tolerance), else they stay proposed.
 * Throws an LLM error when every request failed, so a broken endpoint is a clear failure rather
 * than an empty success.
 */
export async function synthesisStage(s: LoopState, labels: readonly string[]): Promise<void> {
  const { input } = s;
  const stage = 'synthesis';
  s.event(stage, `asking for rules of ${labels.length} label${labels.length === 1 ? '' : 's'}`);
  const taskFeedback = input.proposer.readsFeedback ? input.feedback.filter((f) => f.level === 'task') : [];
  const proposal: Proposal = await input.proposer.synthesize({
    task: input.task,
    labels,
    train: input.train,
    dev: input.judgeSplit === 'dev' ? input.judge : [],
    corrections: input.corrections,
    ids: input.ids,
    seed: input.seed,
    feedback: taskFeedback,
    existing: s.inUse,
  });
  for (const id of proposal.feedbackUsed) s.feedbackUsed.add(id);
  for (const n of proposal.notes) s.decide({ stage, action: 'note', accepted: false, reason: n });
  for (const w of proposal.warnings ?? []) if (!s.notes.includes(w)) s.notes.push(w);
  for (const e of proposal.errors) s.decide({ stage, action: 'error', accepted: false, reason: e });
  if (proposal.errors.length && proposal.errors.length >= proposal.requests && proposal.rules.length === 0) {
    throw new RulewrightError(
      'LLM',
      `learning failed: every synthesis request failed, so no rule was learned. ${proposal.errors[proposal.errors.length - 1]} ` +
        '(Calls are recorded in the workspace; or learn with --offline.)',
    );
  }
  if (proposal.report !== undefined) s.decide({ stage, action: 'note', accepted: true, reason: 'the inducer reported', report: proposal.report });

  const screened = await screenCandidates(proposal.rules, s.inUse);
  s.keepRejected(screened.rejected);
  if (screened.rejected.length || screened.duplicates.length)
    s.decide({
      stage,
      action: 'screen',
      accepted: false,
      reason:
        `${screened.rejected.length} rule${screened.rejected.length === 1 ? '' : 's'} failed the checks` +
        (screened.duplicates.length ? `; ${screened.duplicates.length} duplicate${screened.duplicates.length === 1 ? '' : 's'} of rules in use left out` : ''),
      rejected: rejectedOf(screened.rejected),
    });

  // Judge label by label, in the order asked (then any label the proposer added).
  const groups = new Map<string, Rule[]>();
  for (const l of labels) groups.set(l, []);
  for (const r of screened.passed) {
    let g = groups.get(r.output.label);
    if (!g) groups.set(r.output.label, (g = []));
    g.push(r);
  }
  let accepted = 0;
  let lastReason = 'no usable rule was proposed';
  // The offline inducer learns one ruleset across labels (a decision list interleaves them) and has
  // judged it on dev already: judge it whole first, one evaluation instead of one per label, and
  // go label by label only when the whole is not accepted.
  const all = [...groups.values()].flat();
  if (input.proposer.kind === 'offline' && groups.size > 1 && all.length) {
    const before = s.current;
    const candidate = [...s.inUse, ...all];
    const after = await s.judgeMetrics(candidate);
    const j = await s.judgeCandidate(candidate, before, after);
    if (j.accepted) {
      s.addActive(all, `learned (${input.proposer.kind}, synthesis for ${groups.size} labels together): ${j.reason}`);
      s.current = after;
      for (const [label, rules] of groups)
        s.decide({ stage, action: 'synthesize', label, accepted: rules.length > 0, reason: rules.length ? `accepted with the whole ruleset: ${j.reason}` : 'no usable rule was proposed', added: rules.map((r) => r.id) });
      s.event(stage, `${all.length} rules for ${groups.size} labels accepted together (${j.reason})`);
      s.feedbackOutcome(proposal.feedbackUsed, true, `${stage}: accepted`);
      return;
    }
  }
  for (const [label, rules] of groups) {
    if (!rules.length) {
      s.decide({ stage, action: 'synthesize', label, accepted: false, reason: 'no usable rule was proposed' });
      continue;
    }
    const before = s.current;
    const candidate = [...s.inUse, ...rules];
    const after = await s.judgeMetrics(candidate);
    const j = await s.judgeCandidate(candidate, before, after);
    if (j.accepted) {
      s.addActive(rules, `learned (${input.proposer.kind}, synthesis for ${label}): ${j.reason}`);
      s.current = after;
      accepted++;
    } else {
      s.keepProposed(rules, `synthesis for ${label} not accepted: ${j.reason}`);
      lastReason = `the rules for ${label} were not accepted: ${j.reason}`;
    }
    s.decide({ stage, action: 'synthesize', label, accepted: j.accepted, reason: j.reason, before, after, added: j.accepted ? rules.map((r) => r.id) : [] });
    s.event(stage, `${label}: ${rules.length} rule${rules.length === 1 ? '' : 's'} ${j.accepted ? 'accepted' : 'not accepted'} (${j.reason})`);
  }
  s.feedbackOutcome(proposal.feedbackUsed, accepted > 0, `${stage}: ${lastReason}`);
}
