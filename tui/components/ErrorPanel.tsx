import { Box, Text } from 'ink';
import { Tone } from './Tone.js';

export interface ErrorPanelProps {
  readonly title?: string;
  readonly message: string;
  /** What the user can press now. */
  readonly hint?: string;
  readonly width?: number;
}

/** A failure, in a bordered panel in place of (or inside) the screen; the app keeps running. */
export function ErrorPanel({ title = 'Error', message, hint = 'esc: dismiss', width }: ErrorPanelProps) {
  return (
    <Box flexDirection="column" borderStyle="single" paddingX={1} {...(width ? { width } : {})}>
      <Tone tone="bad">{title}</Tone>
      <Text wrap="wrap">{message}</Text>
      <Tone tone="muted">{hint}</Tone>
    </Box>
  );
}
