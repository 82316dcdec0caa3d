import { Text } from 'ink';
import { useContext } from 'react';
import { contextWindow } from '../model/context-window.js';
import { ThemeContext } from '../theme.js';
import { Tone } from './Tone.js';

/** How a highlighted range was judged: a true positive, a false positive, a missed gold item. */
export type HighlightKind = 'tp' | 'fp' | 'fn';

/** Without colour the kind shows as brackets around the range. */
const MARKS: Record<HighlightKind, [string, string]> = { tp: ['[', ']'], fp: ['{', '}'], fn: ['<', '>'] };

export interface HighlightProps {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly kind: HighlightKind;
  readonly width: number;
}

/** A range of a text in its context, cut to one line of `width`, highlighted by kind. */
export function Highlight({ text, start, end, kind, width }: HighlightProps) {
  const { color } = useContext(ThemeContext);
  const w = contextWindow(text, start, end, width - 2);
  const [open, close] = color ? ['', ''] : MARKS[kind];
  return (
    <Text wrap="truncate">
      <Tone tone="muted">{w.before}</Tone>
      {open}
      <Tone tone={kind}>{w.match}</Tone>
      {close}
      <Tone tone="muted">{w.after}</Tone>
    </Text>
  );
}
