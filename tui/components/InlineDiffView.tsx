import { Text } from 'ink';
import { useContext } from 'react';
import { inlineDiff } from '../model/text-diff.js';
import { ThemeContext } from '../theme.js';
import { Tone } from './Tone.js';

export interface InlineDiffViewProps {
  readonly before: string;
  readonly after: string;
}

/** One line showing an edit: kept text plain, removed text red, added text green (`[-x-]{+y+}` without colour). */
export function InlineDiffView({ before, after }: InlineDiffViewProps) {
  const { color } = useContext(ThemeContext);
  const d = inlineDiff(before, after);
  return (
    <Text wrap="wrap">
      {d.prefix}
      {d.removed ? <Tone tone="fp">{color ? d.removed : `[-${d.removed}-]`}</Tone> : null}
      {d.added ? <Tone tone="tp">{color ? d.added : `{+${d.added}+}`}</Tone> : null}
      {d.suffix}
    </Text>
  );
}
