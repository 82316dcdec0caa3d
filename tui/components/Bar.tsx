import { Text } from 'ink';
import { Tone, type ToneName } from './Tone.js';

export interface BarProps {
  /** 0..1; null draws an empty bar. */
  readonly value: number | null;
  readonly width: number;
  readonly tone?: ToneName;
}

/** A horizontal bar for a ratio (F1 by round, progress), drawn with block characters. */
export function Bar({ value, width, tone = 'accent' }: BarProps) {
  const v = value === null ? 0 : Math.max(0, Math.min(1, value));
  const full = Math.round(v * width);
  return (
    <Text>
      <Tone tone={tone}>{'█'.repeat(full)}</Tone>
      <Tone tone="muted">{'░'.repeat(Math.max(0, width - full))}</Tone>
    </Text>
  );
}
