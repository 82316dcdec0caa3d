import { Box, Text } from 'ink';
import type { KeyDoc } from '../keymap.js';
import { fit } from '../model/format.js';
import { Tone } from './Tone.js';

export interface HelpOverlayProps {
  readonly title: string;
  readonly screenKeys: readonly KeyDoc[];
  readonly globalKeys: readonly KeyDoc[];
  readonly width: number;
  readonly height: number;
}

/**
 * Every key of the current screen, one per line, then the keys that work everywhere as a
 * wrapped paragraph (so the whole list fits 80x24); any key closes it.
 */
export function HelpOverlay({ title, screenKeys, globalKeys, width, height }: HelpOverlayProps) {
  const keyWidth = Math.min(16, Math.max(...screenKeys.map((k) => k.keys.length)) + 1);
  // Inside the border and padding; the keys of the screen go into as many columns as it takes
  // to leave room for the paragraph of keys that work everywhere.
  const inner = Math.max(10, width - 4);
  const globalChars = 'everywhere '.length + globalKeys.reduce((n, k, i) => n + k.keys.length + 1 + k.does.length + (i ? 3 : 0), 0);
  const globalLines = Math.ceil(globalChars / inner);
  const room = Math.max(1, height - 2 - 1 - 1 - globalLines - 1);
  const columns = Math.max(1, Math.min(3, Math.ceil(screenKeys.length / room)));
  const perColumn = Math.ceil(screenKeys.length / columns);
  const columnWidth = Math.floor(inner / columns);
  const lines = Array.from({ length: perColumn }, (_, r) => Array.from({ length: columns }, (_, c) => screenKeys[c * perColumn + r]).filter((k) => k !== undefined));
  return (
    <Box flexDirection="column" borderStyle="single" width={width} height={height} paddingX={1} overflow="hidden">
      <Tone tone="title">{`Help: ${title}`}</Tone>
      {lines.map((row, r) => (
        <Box key={r} flexDirection="row">
          {row.map((k) => (
            <Box key={k.keys + k.does} width={columnWidth - 1} marginRight={1}>
              <Text wrap="truncate">
                <Tone tone="key">{fit(k.keys, keyWidth)}</Tone> {k.does}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
      <Box marginTop={1}>
        <Text wrap="wrap">
          <Tone tone="title">everywhere </Tone>
          {globalKeys.map((k, i) => (
            <Text key={k.keys}>
              {i ? ' · ' : ''}
              <Tone tone="key">{k.keys}</Tone> {k.does}
            </Text>
          ))}
        </Text>
      </Box>
      <Tone tone="muted">press any key to close</Tone>
    </Box>
  );
}
