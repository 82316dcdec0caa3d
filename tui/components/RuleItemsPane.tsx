import type { RuleSample } from '../../src/core/schemas/rule-metrics.js';
import type { RuleDetail } from '../data/rule-detail.js';
import { SampleLine } from './SampleLine.js';
import { Tone } from './Tone.js';

export interface RuleItemsPaneProps {
  readonly d: RuleDetail;
  /** The items in view (a window of the filtered list). */
  readonly items: readonly RuleSample[];
  /** The item filter's name, for the empty list's message. */
  readonly filter: string;
  /** Index of the selected item among `items`. */
  readonly selected: number;
  readonly focused: boolean;
  readonly width: number;
}

/** The rule's first match on a sampled example, with the example's whole text. */
function triggerOf(d: RuleDetail, exampleId: string): { text: string; start: number; end: number } | undefined {
  const e = d.matches.get(exampleId);
  const m = e?.matches[0];
  return e && m ? { text: e.text, start: m.start, end: m.end } : undefined;
}

/** A rule's sampled TP/FP/FN items, each in context with what the rule matched highlighted. */
export function RuleItemsPane({ d, items, filter, selected, focused, width }: RuleItemsPaneProps) {
  if (items.length === 0) return <Tone tone="muted">{d.metrics ? `no ${filter === 'all' ? '' : `${filter} `}items in the stored samples` : 'no samples until the rule is measured'}</Tone>;
  return items.map((s, i) => (
    <SampleLine
      key={`${s.kind}:${s.example_id}:${s.context.before.length}:${i}`}
      sample={s}
      width={width}
      selected={i === selected}
      focused={focused}
      classification={d.taskType === 'classification'}
      match={triggerOf(d, s.example_id)}
      ensemble={s.kind === 'fn' ? d.ensemble.get(s.example_id) : undefined}
    />
  ));
}
