import { Text } from 'ink';
import type { RuleSample } from '../../src/core/schemas/rule-metrics.js';
import { fit } from '../model/format.js';
import { Highlight } from './Highlight.js';
import { Tone } from './Tone.js';

export interface SampleLineProps {
  readonly sample: RuleSample;
  readonly width: number;
  readonly selected: boolean;
  readonly focused: boolean;
  /** Classification samples show gold and predicted labels instead of a span. */
  readonly classification: boolean;
  /** The example's whole text and where the rule matched in it (classification: the trigger words), when it did. */
  readonly match?: { readonly text: string; readonly start: number; readonly end: number } | undefined;
  /** Classification, a missed item: the label the active rules together gave the example and which rule gave it. */
  readonly ensemble?: { readonly label?: string | null | undefined; readonly rule_id?: string | null | undefined } | undefined;
}

/**
 * `gold→predicted` of a classification item. A missed item (the rule alone abstains) says what
 * the ensemble produced instead, and by which rule: another rule may have got it right.
 */
export function sampleLabels(s: RuleSample, ensemble: SampleLineProps['ensemble']): string {
  const gold = s.gold?.label ?? '(none)';
  if (s.kind === 'tp') return `${s.predicted?.label ?? '(abstain)'} `;
  if (s.kind !== 'fn' || !ensemble) return `${gold}→${s.predicted?.label ?? '(abstain)'} `;
  if (!ensemble.label) return `${gold}→(abstain, every rule) `;
  const correct = ensemble.label.trim().toLowerCase() === gold.trim().toLowerCase();
  return `${gold}→ ${ensemble.label} (rule ${ensemble.rule_id ?? '?'}${correct ? ', correct' : ''}) `;
}

const KIND_TAG = { tp: 'TP', fp: 'FP', fn: 'FN' } as const;

/** One TP/FP/FN item of a rule: its kind, example, and the item highlighted in its context. */
export function SampleLine({ sample: s, width, selected, focused, classification, match, ensemble }: SampleLineProps) {
  const mark = selected ? (focused ? '› ' : '· ') : '  ';
  const id = fit(s.example_id, Math.min(14, Math.max(6, s.example_id.length)));
  const head = `${mark}${KIND_TAG[s.kind]} ${id} `;
  const full = s.context.before + s.context.text + s.context.after;
  const start = s.context.before.length;
  const end = start + s.context.text.length;
  const all = Math.max(10, width - head.length);
  // The matcher's reason (flagged when lexical) takes up to 45% of the line, after the item.
  const why = s.reason ? `${s.lexical_fallback ? '[lexical] ' : ''}${s.reason}` : '';
  const whyWidth = why ? Math.min(why.length + 3, Math.floor(all * 0.45)) : 0;
  const rest = Math.max(10, all - whyWidth);
  const reason = whyWidth > 3 ? <Tone tone="muted">{` — ${fit(why, whyWidth - 3)}`}</Tone> : null;
  const tone = s.kind === 'tp' ? 'good' : s.kind === 'fp' ? 'bad' : 'warn';
  if (classification) {
    const labels = sampleLabels(s, ensemble);
    return (
      <Text wrap="truncate">
        {mark}
        <Tone tone={tone}>{KIND_TAG[s.kind]}</Tone> {id} <Tone tone="accent">{labels}</Tone>
        {match ? (
          <Highlight text={match.text} start={match.start} end={match.end} kind={s.kind} width={Math.max(5, rest - labels.length)} />
        ) : (
          <Tone tone="muted">{fit(full, Math.max(5, rest - labels.length))}</Tone>
        )}
        {reason}
      </Text>
    );
  }
  return (
    <Text wrap="truncate">
      {mark}
      <Tone tone={tone}>{KIND_TAG[s.kind]}</Tone> {id}{' '}
      <Highlight text={full} start={start} end={end} kind={s.kind} width={rest} />
      {reason}
    </Text>
  );
}
