import { answerText } from '../core/answer-text.js';
import type { Correction } from '../core/schemas/correction.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';
import type { CorrectionRuleOutcome, Decision } from '../learn/loop/types.js';
import { CORRECTION_EXAMPLE_PREFIX } from './corrections.js';
import { labelsOfAnswer } from '../learn/loop/targets.js';
import { checkCorrections } from './correction-holds.js';

/** A correction the rules still get wrong after a learn run, and why learning did not fix it. */
export interface OpenCorrection {
  id: string;
  reason: string;
}

/** What a learn run left of the corrections: how many hold under its rules, and those that do not. */
export interface CorrectionsOutcome {
  total: number;
  holding: number;
  open: OpenCorrection[];
}

/** The decision of the run that speaks for a correction: the last one about its labels, else the last patch. */
function decisionFor(c: Correction, decisions: readonly Decision[]): Decision | undefined {
  const labels = new Set([...labelsOfAnswer(c.expected), ...labelsOfAnswer(c.produced)]);
  const relevant = [...decisions].reverse();
  return (
    relevant.find((d) => d.action === 'synthesize' && d.label !== null && labels.has(d.label)) ??
    relevant.find((d) => d.action === 'patch' || (d.action === 'skip' && d.stage !== 'pruning'))
  );
}

/**
 * Checks every correction under the rules a learn run ends with, and says for each one that does
 * not hold what the rules produce and what learning decided about it (a change not accepted, and
 * why; no change proposed; a change that broke it).
 */
export async function correctionsAfterLearn(
  task: Task,
  before: readonly Rule[],
  after: readonly Rule[],
  corrections: readonly Correction[],
  decisions: readonly Decision[],
  options: Parameters<typeof checkCorrections>[3] = {},
  rules: readonly CorrectionRuleOutcome[] = [],
): Promise<CorrectionsOutcome> {
  if (!corrections.length) return { total: 0, holding: 0, open: [] };
  const active = (rs: readonly Rule[]) => rs.map((r) => ({ ...r, status: 'active' as const }));
  const [was, now] = [await checkCorrections(task, active(before), corrections, options), await checkCorrections(task, active(after), corrections, options)];
  const open: OpenCorrection[] = [];
  corrections.forEach((c, i) => {
    const check = now.checks[i]!;
    if (check.holds) return;
    const got = `the rules produce ${answerText(check.produced)}, expected ${answerText(c.expected)}`;
    if (was.checks[i]!.holds) {
      open.push({ id: c.id, reason: `${got}: it held before this run, and a change the run accepted broke it` });
      return;
    }
    const own = rules.find((k) => k.example_id === `${CORRECTION_EXAMPLE_PREFIX}${c.id}` && !k.kept);
    if (own) {
      open.push({ id: c.id, reason: `${got}; its rule ${own.rule_id} (${own.name}) was not added: ${own.reason}` });
      return;
    }
    const d = decisionFor(c, decisions);
    const why = !d
      ? 'no rule was proposed for it'
      : d.accepted
        ? `the changes accepted in ${d.stage} do not cover it`
        : `${d.stage}: ${d.reason}`;
    open.push({ id: c.id, reason: `${got}; ${why}` });
  });
  return { total: corrections.length, holding: corrections.length - open.length, open };
}
