import { Box, Text } from 'ink';
import type { Rule } from '../../src/core/schemas/index.js';
import { changedFields } from '../model/text-diff.js';
import { InlineDiffView } from './InlineDiffView.js';
import { Tone } from './Tone.js';

/** Fields a version change can touch, in the order they are shown. */
const FIELDS = ['pattern', 'terms', 'flags', 'output', 'status', 'priority', 'confidence', 'dialect', 'format', 'name', 'description', 'lexicon'] as const;

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

export interface VersionDiffProps {
  /** The previous version (absent for the first). */
  readonly before: Rule | undefined;
  readonly after: Rule;
  readonly maxLines: number;
}

/** What changed from one version of a rule to the next, field by field; patterns as inline diffs. */
export function VersionDiff({ before, after, maxLines }: VersionDiffProps) {
  if (!before) return <Tone tone="muted">first version: {show(after.pattern || after.terms)}</Tone>;
  const changed = changedFields(before as Record<string, unknown>, after as Record<string, unknown>, FIELDS);
  if (!changed.length) return <Tone tone="muted">no change to what the rule does (a measurement or note)</Tone>;
  return (
    <Box flexDirection="column">
      {changed.slice(0, maxLines).map((f) => (
        <Text key={f} wrap="truncate">
          <Tone tone="accent">{`${f}: `}</Tone>
          {f === 'pattern' || f === 'name' || f === 'description' ? (
            <InlineDiffView before={String(before[f] ?? '')} after={String(after[f] ?? '')} />
          ) : (
            <Text>
              <Tone tone="bad">{show(before[f])}</Tone> → <Tone tone="good">{show(after[f])}</Tone>
            </Text>
          )}
        </Text>
      ))}
    </Box>
  );
}
