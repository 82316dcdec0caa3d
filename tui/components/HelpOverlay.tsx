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
  return (
    <Box flexDirection="column" borderStyle="single" width={width} height={height} paddingX={1} overflow="hidden">
      <Tone tone="title">{`Help: ${title}`}</Tone>
      {screenKeys.map((k) => (
        <Text key={k.keys + k.does} wrap="truncate">
          <Tone tone="key">{fit(k.keys, keyWidth)}</Tone> {k.does}
        </Text>
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
