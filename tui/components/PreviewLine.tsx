import { Box, Text } from 'ink';
import type { PatternPreview } from '../data/rule-detail.js';
import { fmtDelta, fmtRatio } from '../model/format.js';
import { Tone } from './Tone.js';

export interface PreviewLineProps {
  readonly preview: PatternPreview;
}

const change = (a: number | null, b: number | null) => {
  const d = a === null || b === null ? null : b - a;
  return (
    <Text>
      {fmtRatio(a)}→{fmtRatio(b)} <Tone tone={d === null || Math.abs(d) < 5e-5 ? 'muted' : d > 0 ? 'good' : 'bad'}>({fmtDelta(d)})</Tone>
    </Text>
  );
};

/** Two lines: the metric change an edited pattern makes to the rule alone, and to the ruleset. */
export function PreviewLine({ preview: p }: PreviewLineProps) {
  if (!p.valid || !p.after) return <Tone tone="bad">{`cannot be saved: ${p.error ?? 'the pattern is invalid'}`}</Tone>;
  const a = p.before;
  const b = p.after;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Tone tone="muted">{`rule on ${p.split}: `}</Tone>P {change(a.precision, b.precision)} R {change(a.recall, b.recall)} F1 {change(a.f1, b.f1)}
      </Text>
      <Text wrap="truncate">
        <Tone tone="muted">ruleset: </Tone>F1 {change(a.ensemble_f1, b.ensemble_f1)} <Tone tone="muted">· rule TP</Tone> {a.tp}→{b.tp} <Tone tone="muted">FP</Tone> {a.fp}→{b.fp}
      </Text>
    </Box>
  );
}
