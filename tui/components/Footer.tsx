import { memo } from 'react';
import { Box, Text } from 'ink';
import type { KeyDoc } from '../keymap.js';
import { Tone } from './Tone.js';

export interface FooterProps {
  /** The screen's hints, cut at the right when they do not fit. */
  readonly hints: readonly KeyDoc[];
  /** Always shown at the right end (help, quit). */
  readonly fixed: readonly KeyDoc[];
  /** A transient message (saved, undone, …) shown instead of the screen's hints. */
  readonly message?: string | undefined;
}

const hintText = (hints: readonly KeyDoc[]) =>
  hints.map((h, i) => (
    <Text key={h.keys}>
      {i ? '  ' : ''}
      <Tone tone="key">{h.keys}</Tone> <Tone tone="muted">{h.does}</Tone>
    </Text>
  ));

/** The bottom line: a message or the screen's key hints, then help and quit. */
export const Footer = memo(function Footer({ hints, fixed, message }: FooterProps) {
  return (
    <Box flexDirection="row" height={1}>
      <Box flexGrow={1} flexShrink={1} overflow="hidden">
        <Text wrap="truncate">{message ? <Tone tone="good">{message}</Tone> : hintText(hints)}</Text>
      </Box>
      <Box flexShrink={0} marginLeft={2}>
        <Text>{hintText(fixed)}</Text>
      </Box>
    </Box>
  );
});
