import type { Rule } from '../../core/schemas/rule.js';
import { correctionRules } from '../induce/covering/correction-rules.js';
import { screenCandidates } from './screen.js';
import type { LoopState } from './state.js';

/** Rules that exist to make a correction hold: learning's own pruning leaves them alone. */
export const isCorrectionRule = (r: Rule): boolean => r.description.startsWith('from correction ');

/**
 * Corrections, whatever the proposer: after the rounds, each correction (classification) that
 * still does not hold gets the rule from its own text that fires least elsewhere, above the rules
 * in use, judged like any change (it may cost held-out F1 up to the correction tolerance). An LLM
 * that ignored a correction, or a patch that was not accepted, does not leave it open.
 */
export async function correctionStage(s: LoopState): Promise<void> {
  const { input } = s;
  if (input.task.type !== 'classification' || !s.correctionExamples.length) return;
  const stage = 'corrections';
  const dev = input.judgeSplit === 'dev' ? input.judge : [];
  const fixes = correctionRules(input.task, input.train, dev, s.inUse, 'ind-');
  if (!fixes.rules.length) return;
  const adopted = fixes.rules.map((r) => ({ ...r, id: input.ids.claim(r.id, 'ind', r.output.label), status: 'proposed' as const, provenance: 'induced' as const, version: 1 }));
  const screened = await screenCandidates(adopted, s.inUse);
  s.keepRejected(screened.rejected);
  if (!screened.passed.length) return;
  const before = s.current;
  const candidate = [...s.inUse, ...screened.passed];
  const after = await s.judgeMetrics(candidate);
  const j = await s.judgeCandidate(candidate, before, after);
  if (j.accepted) {
    s.addActive(screened.passed, `learned so that corrections hold: ${j.reason}`);
    s.current = after;
  } else s.keepProposed(screened.passed, `correction rules not accepted: ${j.reason}`);
  s.decide({ stage, action: 'patch', accepted: j.accepted, reason: j.reason, before, after, added: j.accepted ? screened.passed.map((r) => r.id) : [] });
  s.event(stage, `${screened.passed.length} rule${screened.passed.length === 1 ? '' : 's'} for corrections ${j.accepted ? 'accepted' : 'not accepted'} (${j.reason})`);
}
