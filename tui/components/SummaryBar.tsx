import { memo } from 'react';
import { Box, Text } from 'ink';
import { NONE } from '../../src/core/none.js';
import { fmtAgo, fmtNoun, fmtRatio } from '../model/format.js';
import { Tone } from './Tone.js';

/** The ensemble's figures and what they were measured on. */
export interface Summary {
  readonly precision: number | null;
  readonly recall: number | null;
  readonly f1: number | null;
  /** The split the stored metrics were computed on (`dev`, `all`, …), null when never measured. */
  readonly split: string | null;
  readonly mode: string;
  readonly rules: number;
  readonly active: number;
  readonly stale: number;
  readonly measuredAt: string | null;
}

export interface SummaryBarProps {
  readonly summary: Summary;
  /** Rows left after the filters. */
  readonly shown: number;
  readonly filters: string;
}

/** Two lines above the rules table: ensemble P/R/F1, split and matching mode; counts and filters. */
export const SummaryBar = memo(function SummaryBar({ summary: s, shown, filters }: SummaryBarProps) {
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Tone tone="title">ensemble</Tone> P {fmtRatio(s.precision)} R {fmtRatio(s.recall)} F1 <Tone tone="title">{fmtRatio(s.f1)}</Tone>
        <Tone tone="muted"> │ </Tone>split {s.split ?? NONE}
        <Tone tone="muted"> │ </Tone>mode {s.mode}
        {s.measuredAt ? <Tone tone="muted">{` │ measured ${fmtAgo(s.measuredAt)}`}</Tone> : <Tone tone="warn"> │ not measured: press m</Tone>}
      </Text>
      <Text wrap="truncate">
        {shown === s.rules ? fmtNoun(s.rules, 'rule') : `${shown} of ${fmtNoun(s.rules, 'rule')}`} ({s.active} active)
        {s.stale ? <Tone tone="warn">{` │ ${s.stale} stale`}</Tone> : null}
        {filters ? <Tone tone="accent">{` │ ${filters}`}</Tone> : null}
      </Text>
    </Box>
  );
});
