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

/** Every key of the current screen and the global ones; any key closes it. */
export function HelpOverlay({ title, screenKeys, globalKeys, width, height }: HelpOverlayProps) {
  const keyWidth = Math.min(18, Math.max(...[...screenKeys, ...globalKeys].map((k) => k.keys.length)) + 1);
  const line = (k: KeyDoc) => (
    <Text key={k.keys + k.does} wrap="truncate">
      <Tone tone="key">{fit(k.keys, keyWidth)}</Tone> {k.does}
    </Text>
  );
  const room = Math.max(1, height - 6);
  const keys = [...screenKeys, ...globalKeys];
  const shown = keys.slice(0, room);
  return (
    <Box flexDirection="column" borderStyle="single" width={width} height={height} paddingX={1}>
      <Tone tone="title">{`Help: ${title}`}</Tone>
      {shown.slice(0, Math.min(screenKeys.length, room)).map(line)}
      <Text> </Text>
      {shown.slice(screenKeys.length).map(line)}
      <Tone tone="muted">press any key to close</Tone>
    </Box>
  );
}
