import { predict } from '../core/engine/predict.js';
import type { Example } from '../core/schemas/example.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';
import { candidateId, toRule } from '../learn/induce/rule-factory.js';
import { spanGain, type SpanDocOnTrain } from '../learn/induce/spans/span-gain.js';
import { spanSuggestionCandidates, type SelectedSpan } from '../learn/induce/spans/suggest-span.js';
import type { Candidate } from '../learn/induce/types.js';

/** A rule suggested for a selected span, which extracts it. */
export interface SpanRule {
  candidate: Candidate;
  rule: Rule;
}

/** Literal, shape and context rules for the span selected in `example` that extract it there. */
export function spanRules(task: Task, train: readonly Example[], example: Example, span: SelectedSpan): SpanRule[] {
  const out: SpanRule[] = [];
  for (const candidate of spanSuggestionCandidates(train, span)) {
    const rule = toRule(candidate, { id: candidateId(candidate, 'sug-'), priority: 0, confidence: 0.5, status: 'active' });
    const made = predict(task, [rule], [example]).predictions[0]?.spans ?? [];
    if (made.some((x) => x.start === span.start && x.end === span.end && x.label === span.label)) out.push({ candidate, rule });
  }
  return out;
}

/** What a span rule's predictions on train change beside the active rules (`now`): right less wrong. */
export function spanRuleGain(task: Task, predictions: readonly { spans?: readonly { start: number; end: number; label: string }[] | undefined }[], now: readonly SpanDocOnTrain[]): number {
  const { mends, breaks } = spanGain(now, predictions.map((p) => p.spans ?? []), task.matching.mode === 'text');
  return mends - breaks;
}

/** The suggestion for a span that mends most on train (the one `suggest --span` ranks first), and its gain; null when none extracts it. */
export function bestSpanRule(task: Task, train: readonly Example[], example: Example, span: SelectedSpan, now: readonly SpanDocOnTrain[]): { rule: Rule; gain: number } | null {
  let best: { rule: Rule; gain: number } | null = null;
  for (const { rule } of spanRules(task, train, example, span)) {
    const gain = spanRuleGain(task, predict(task, [rule], train).predictions, now);
    if (!best || gain > best.gain) best = { rule, gain };
  }
  return best;
}
