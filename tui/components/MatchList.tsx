import { Box, Text } from 'ink';
import type { ExampleMatches } from '../../src/service/index.js';
import { fit } from '../model/format.js';
import { Tone } from './Tone.js';

type RuleMatch = ExampleMatches['matches'][number];

export interface MatchListProps {
  readonly text: string;
  /** The matches in view (a window of the whole list). */
  readonly matches: readonly RuleMatch[];
  /** Index of the selected one among `matches`, or -1. */
  readonly selected: number;
  /** The rule the screen is about: its matches are starred and coloured apart. */
  readonly ruleId: string | undefined;
  readonly width: number;
  readonly height: number;
}

/** Each match of an example with its offsets, label, matched text and rule. */
export function MatchList({ text, matches, selected, ruleId, width, height }: MatchListProps) {
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      {matches.length === 0 ? (
        <Tone tone="muted">no rule matches this example</Tone>
      ) : (
        matches.map((m, i) => {
          const head = `${i === selected ? '› ' : '  '}${m.rule_id === ruleId ? '*' : ' '} ${m.start}-${m.end} ${m.label} `;
          return (
            <Text key={`${m.rule_id}:${m.start}:${m.end}`} wrap="truncate">
              {head}
              <Tone tone={m.rule_id === ruleId ? 'tp' : 'special'}>{fit(JSON.stringify(text.slice(m.start, m.end)), Math.max(6, Math.floor((width - head.length) / 2)))}</Tone>
              <Tone tone="muted">{` ${m.name}`}</Tone>
            </Text>
          );
        })
      )}
    </Box>
  );
}
