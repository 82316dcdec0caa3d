import { memo } from 'react';
import { Box, Text } from 'ink';
import type { KeyDoc } from '../keymap.js';
import { fitHints } from '../model/footer-hints.js';
import { Tone } from './Tone.js';

export interface FooterProps {
  /** The screen's hints: those that fit are shown, shortest first (`?` has the rest). */
  readonly hints: readonly KeyDoc[];
  /** Always shown at the right end (help, quit). */
  readonly fixed: readonly KeyDoc[];
  /** A transient message (saved, undone, …) shown instead of the screen's hints. */
  readonly message?: string | undefined;
  readonly width: number;
}

const hintText = (hints: readonly KeyDoc[]) =>
  hints.map((h, i) => (
    <Text key={h.keys}>
      {i ? '  ' : ''}
      <Tone tone="key">{h.keys}</Tone> <Tone tone="muted">{h.does}</Tone>
    </Text>
  ));

/** The bottom line: a message or the screen's key hints that fit, then help and quit. */
export const Footer = memo(function Footer({ hints, fixed, message, width }: FooterProps) {
  // `? help` becomes `? more` (as wide) when some of the screen's hints did not fit.
  const rightWidth = fixed.reduce((n, k, i) => n + k.keys.length + 1 + k.does.length + (i ? 2 : 0), 0) + 2;
  const room = fitHints(hints, Math.max(0, width - rightWidth));
  const rightShown = !message && room.more ? fixed.map((k) => (k.keys === '?' ? { ...k, does: 'more' } : k)) : fixed;
  const left = message ? <Tone tone="good">{message}</Tone> : hintText(room.shown);
  return (
    <Box flexDirection="row" height={1}>
      <Box flexGrow={1} flexShrink={1} overflow="hidden">
        <Text wrap="truncate">{left}</Text>
      </Box>
      <Box flexShrink={0} marginLeft={2}>
        <Text>{hintText(rightShown)}</Text>
      </Box>
    </Box>
  );
});
