import { Text } from 'ink';
import { type ReactElement, useContext } from 'react';
import type { EditSpan } from '../model/span-edit.js';
import { ThemeContext } from '../theme.js';
import { Tone } from './Tone.js';

export interface SpanTextProps {
  readonly text: string;
  /** Non-overlapping spans are drawn in place; overlapping ones fall back to the first. */
  readonly spans: readonly EditSpan[];
  /** Index of the selected span (drawn differently), or -1. */
  readonly selected: number;
}

/** A text with spans marked in it: `[text]LABEL` without colour, highlighted with colour. */
export function SpanText({ text, spans, selected }: SpanTextProps) {
  const { color } = useContext(ThemeContext);
  const parts: ReactElement[] = [];
  let at = 0;
  spans.forEach((s, i) => {
    if (s.start < at) return;
    if (s.start > at) parts.push(<Text key={`t${at}`}>{text.slice(at, s.start)}</Text>);
    const body = text.slice(s.start, s.end);
    parts.push(
      <Tone key={`s${i}`} tone={i === selected ? 'fn' : 'tp'}>
        {color ? body : `[${body}]`}
      </Tone>,
    );
    parts.push(
      <Tone key={`l${i}`} tone="accent">
        {color ? `·${s.label}` : s.label}
      </Tone>,
    );
    at = s.end;
  });
  if (at < text.length) parts.push(<Text key={`t${at}`}>{text.slice(at)}</Text>);
  return <Text wrap="wrap">{parts}</Text>;
}
