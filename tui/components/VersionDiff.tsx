import { Box, Text } from 'ink';
import type { FieldChangeView } from '../data/rule-detail.js';
import { InlineDiffView } from './InlineDiffView.js';
import { orNone } from '../../src/core/none.js';
import { Tone } from './Tone.js';

const show = (v: unknown) => orNone(v, (x) => (typeof x === 'string' ? x : JSON.stringify(x)));

export interface VersionDiffProps {
  /** What the version changed from the one before (empty for the first version). */
  readonly changes: readonly FieldChangeView[];
  readonly first: boolean;
  readonly maxLines: number;
}

/** What changed from one version of a rule to the next, field by field; text fields as inline diffs. */
export function VersionDiff({ changes, first, maxLines }: VersionDiffProps) {
  if (first) return <Tone tone="muted">the first version</Tone>;
  if (!changes.length) return <Tone tone="muted">no field changed (a note or a measurement)</Tone>;
  return (
    <Box flexDirection="column">
      {changes.slice(0, maxLines).map((c) => (
        <Text key={c.field} wrap="truncate">
          <Tone tone="accent">{`${c.field}: `}</Tone>
          {typeof c.from === 'string' && typeof c.to === 'string' ? (
            <InlineDiffView before={c.from} after={c.to} />
          ) : (
            <Text>
              <Tone tone="bad">{show(c.from)}</Tone> → <Tone tone="good">{show(c.to)}</Tone>
            </Text>
          )}
        </Text>
      ))}
    </Box>
  );
}
