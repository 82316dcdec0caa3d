import type { RoundHistory } from '../prompts/patch-prompt.js';
import { correctionStage } from './correction-stage.js';
import { pruneStage } from './prune-stage.js';
import { refineRound } from './refine-round.js';
import { LoopState } from './state.js';
import { synthesisStage } from './synthesis-stage.js';
import { isEmptyTargets } from './targets.js';
import type { LearnLoopInput, LearnLoopResult } from './types.js';

/** Labels with something to learn from in train. */
function labelsWithEvidence(input: LearnLoopInput): string[] {
  const seen = new Set<string>();
  for (const e of input.train) {
    if (e.label != null && e.label !== '') seen.add(e.label);
    for (const sp of e.spans ?? []) seen.add(sp.label);
    for (const [k, v] of Object.entries(e.output ?? {})) if (v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)) seen.add(k);
  }
  return input.labels.filter((l) => seen.has(l));
}

/**
 * The learning loop, in memory: synthesis (a full run, or an incremental run's targeted labels
 * that have no rule yet), refinement rounds, and pruning, each judged on the held-out split and
 * logged. Returns the changes to persist; it writes nothing itself.
 */
export async function runLearning(input: LearnLoopInput): Promise<LearnLoopResult> {
  const s = new LoopState(input);
  s.current = await s.judgeMetrics(s.inUse);
  s.stage('before');

  const targets = input.targets;
  if (targets) {
    for (const id of targets.feedback) s.feedbackUsed.add(id);
    for (const r of targets.reasons)
      s.decide({
        stage: 'targets',
        action: 'note',
        accepted: !r.note,
        reason: r.note ?? `${r.source} ${r.id} targets ${r.rules.length ? `rules ${r.rules.join(', ')}` : 'no rule'}${r.labels.length ? ` and labels ${r.labels.join(', ')}` : ''}`,
        feedback: r.source === 'feedback' ? [r.id] : [],
      });
    if (isEmptyTargets(targets)) {
      s.decide({ stage: 'targets', action: 'skip', accepted: false, reason: 'nothing is targeted: add feedback (`rulewright feedback`) or corrections (`rulewright correct`) first' });
      return finish(s, 0);
    }
  }
  if (!input.proposer.readsFeedback && input.feedback.some((f) => f.level === 'task'))
    s.notes.push('the offline inducer cannot read plain-English feedback: task-level feedback stays open for a run with an LLM');

  const haveRules = new Set(s.inUse.map((r) => r.output.label));
  const evidence = labelsWithEvidence(input);
  const missing = input.labels.filter((l) => !evidence.includes(l));
  if (missing.length && !targets) s.notes.push(`no training examples for ${missing.join(', ')}: no rules were learned for ${missing.length === 1 ? 'it' : 'them'}`);
  const synthLabels = targets ? evidence.filter((l) => targets.labels.has(l) && !haveRules.has(l)) : evidence;
  if (synthLabels.length) {
    await synthesisStage(s, synthLabels);
    s.stage('synthesis');
  }

  const history: RoundHistory[] = [];
  let roundsRun = 0;
  for (let round = 1; round <= input.rounds; round++) {
    let out;
    try {
      out = await refineRound(s, round, history);
    } catch (e) {
      // What synthesis and earlier rounds learned is kept: the failure is logged and refinement stops.
      s.decide({ stage: `round ${round}`, action: 'error', accepted: false, reason: `round ${round} failed: ${e instanceof Error ? e.message : String(e)}; refinement stops here` });
      break;
    }
    if (out.ran) {
      roundsRun++;
      s.stage(`round ${round}`);
    }
    if (out.history) history.push(out.history);
    if (out.stop) break;
  }

  await correctionStage(s);
  if (s.decisions.some((d) => d.stage === 'corrections')) s.stage('corrections');

  if (input.prune ?? true) {
    await pruneStage(s);
    s.stage('pruning');
  }
  return finish(s, roundsRun);
}

/** Why feedback the run could not read stays open: the offline inducer reads no English. */
const OFFLINE_FEEDBACK_REASON =
  'the offline learner cannot read plain-English feedback; configure an LLM (OPENAI_API_KEY, or OPENAI_BASE_URL for a local server) and run `rulewright learn --incremental` again';

function finish(s: LoopState, roundsRun: number): LearnLoopResult {
  // Feedback is applied only by an accepted change it prompted (the stages record that); feedback
  // that only chose an incremental run's targets prompted nothing, whatever else the run changed.
  const lastPatch = [...s.decisions].reverse().find((d) => !d.accepted && (d.action === 'patch' || d.action === 'synthesize' || (d.action === 'skip' && d.stage !== 'pruning')));
  const why = !s.input.proposer.readsFeedback ? OFFLINE_FEEDBACK_REASON : lastPatch ? `${lastPatch.stage}: ${lastPatch.reason}` : 'no change it prompted was accepted';
  for (const id of s.feedbackUsed) if (!s.feedbackApplied.has(id) && !s.feedbackNotApplied.has(id)) s.feedbackNotApplied.set(id, why);
  return {
    stages: s.stages,
    decisions: s.decisions,
    changes: s.changes,
    feedbackUsed: [...s.feedbackUsed],
    feedbackApplied: [...s.feedbackApplied],
    feedbackNotApplied: [...s.feedbackNotApplied].map(([id, reason]) => ({ id, reason })),
    correctionRules: s.correctionRules,
    notes: s.notes,
    roundsRun,
    active: s.inUse,
  };
}
