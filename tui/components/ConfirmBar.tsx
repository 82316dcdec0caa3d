import { Text } from 'ink';
import { Tone } from './Tone.js';

export interface ConfirmBarProps {
  readonly question: string;
}

/** A yes/no question on one line; the screen reads the y/n key. */
export function ConfirmBar({ question }: ConfirmBarProps) {
  return (
    <Text wrap="truncate">
      <Tone tone="warn">{question}</Tone> <Tone tone="key">y</Tone> yes · <Tone tone="key">n</Tone>/<Tone tone="key">esc</Tone> no
    </Text>
  );
}
