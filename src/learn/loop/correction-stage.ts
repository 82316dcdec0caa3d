import type { Rule } from '../../core/schemas/rule.js';
import { type CorrectionRuleCheck, correctionRules, describeCaught } from '../induce/covering/correction-rules.js';
import { screenCandidates } from './screen.js';
import type { LoopState } from './state.js';
import type { CorrectionRuleOutcome } from './types.js';

/** Rules that exist to make a correction hold: learning's own pruning leaves them alone. */
export const isCorrectionRule = (r: Rule): boolean => r.description.startsWith('from correction ');

/** Why a correction's rule was not added: the other-label train texts it would take over. */
function catchesReason(k: Pick<CorrectionRuleOutcome, 'catches' | 'rule_id'>): string {
  return (
    `it also fires on ${k.catches.length} train text${k.catches.length === 1 ? '' : 's'} of other labels: ${describeCaught(k.catches)}; ` +
    `it is kept as proposed: \`rulewright rules enable ${k.rule_id}\` adds it anyway`
  );
}

/** Other-label texts a refused rule's events list, one a line. */
const SHOWN_CATCHES = 3;

/**
 * Corrections, whatever the proposer: after the rounds, each correction (classification) that
 * still does not hold gets the rule from its own text that catches no train text of another label
 * (narrowed until it does not), above the rules in use. A rule that still catches other labels is
 * refused and kept as proposed with those texts, for a person to decide; the others are judged
 * like any change (they may cost held-out F1 up to the correction tolerance). An LLM that ignored
 * a correction, or a patch that was not accepted, does not leave it open.
 */
export async function correctionStage(s: LoopState): Promise<void> {
  const { input } = s;
  if (input.task.type !== 'classification' || !s.correctionExamples.length) return;
  const stage = 'corrections';
  const dev = input.judgeSplit === 'dev' ? input.judge : [];
  const fixes = correctionRules(input.task, input.train, dev, s.inUse, 'ind-');
  if (!fixes.checks.length) return;
  refuse(s, fixes.checks.filter((k) => k.catches.length));
  const safe = fixes.checks.filter((k) => !k.catches.length).map((k) => ({ ...k, rule: adopt(s, k.rule) }));
  if (!safe.length) return;
  const screened = await screenCandidates(safe.map((k) => k.rule), s.inUse);
  s.keepRejected(screened.rejected);
  const passed = new Set(screened.passed.map((r) => r.id));
  for (const k of safe.filter((x) => !passed.has(x.rule.id))) s.correctionRules.push(outcome(k, false, 'rejected by the checks'));
  if (!screened.passed.length) return;
  const before = s.current;
  const candidate = [...s.inUse, ...screened.passed];
  const after = await s.judgeMetrics(candidate);
  const j = await s.judgeCandidate(candidate, before, after);
  if (j.accepted) {
    s.addActive(screened.passed, `learned so that corrections hold: ${j.reason}`);
    s.current = after;
  } else s.keepProposed(screened.passed, `correction rules not accepted: ${j.reason}`);
  for (const k of safe.filter((x) => passed.has(x.rule.id))) s.correctionRules.push(outcome(k, j.accepted, j.accepted ? '' : `not accepted on ${input.judgeSplit}: ${j.reason}`));
  s.decide({ stage, action: 'patch', accepted: j.accepted, reason: j.reason, before, after, added: j.accepted ? screened.passed.map((r) => r.id) : [] });
  s.event(stage, `${screened.passed.length} rule${screened.passed.length === 1 ? '' : 's'} for corrections ${j.accepted ? 'accepted' : 'not accepted'} (${j.reason})`);
}

function adopt(s: LoopState, r: Rule): Rule {
  return { ...r, id: s.input.ids.claim(r.id, 'ind', r.output.label), status: 'proposed', provenance: 'induced', version: 1 };
}

function outcome(k: CorrectionRuleCheck, kept: boolean, reason: string): CorrectionRuleOutcome {
  return { example_id: k.example_id, rule_id: k.rule.id, name: k.rule.name, label: k.rule.output.label, kept, reason, right: k.right, catches: k.catches };
}

/** Rules that would take over other labels' train texts: kept as proposed, with those texts, and said. */
function refuse(s: LoopState, refused: readonly CorrectionRuleCheck[]): void {
  for (const made of refused) {
    // An earlier run refused the same rule (ids come from the pattern): it is proposed already.
    const again = s.input.ids.has(made.rule.id);
    const k = again ? made : { ...made, rule: adopt(s, made.rule) };
    const o = outcome(k, false, '');
    o.reason = catchesReason(o);
    s.correctionRules.push(o);
    if (!again)
      s.insert(
        { ...k.rule, status: 'proposed', flagged: [...k.rule.flagged, { code: 'not_accepted', message: `made for ${k.example_id}, but ${o.reason}.` }] },
        `proposed: made for ${k.example_id}, but ${o.reason}`,
      );
    s.decide({ stage: 'corrections', action: 'patch', label: o.label, accepted: false, reason: `rule ${o.rule_id} (${o.name}) for ${k.example_id} not added: ${o.reason}` });
    s.event('corrections', `rule ${o.name} for ${k.example_id} not added: it catches ${k.catches.length} train text${k.catches.length === 1 ? '' : 's'} of other labels`);
    for (const c of k.catches.slice(0, SHOWN_CATCHES)) s.event('corrections', `  ${c.id} (${c.label ?? 'no label'}): ${c.text}`);
  }
}
