import { Box, Text } from 'ink';
import type { VersionView } from '../data/rule-detail.js';
import { fmtAgo } from '../model/format.js';
import { Tone } from './Tone.js';
import { VersionDiff } from './VersionDiff.js';

export interface VersionsPaneProps {
  /** The versions in view, newest first (a window of the whole history). */
  readonly versions: readonly VersionView[];
  /** Index of the selected version among `versions`, or -1. */
  readonly selected: number;
  /** The rule's first version number: its diff says so instead of listing every field. */
  readonly firstVersion: number | undefined;
  readonly width: number;
  /** Rows of the pane: what the list leaves goes to the selected version's diff. */
  readonly height: number;
}

/** A rule's history, one version a line, then what the selected version changed. */
export function VersionsPane({ versions, selected, firstVersion, width, height }: VersionsPaneProps) {
  const sel = versions[selected];
  return (
    <Box flexDirection="column">
      {versions.map((v, i) => (
        <Text key={v.version} wrap="truncate">
          {i === selected ? '› ' : '  '}v{v.version} <Tone tone="muted">{fmtAgo(v.created_at)}</Tone> {v.note}
        </Text>
      ))}
      <Tone tone="muted">{'─'.repeat(Math.max(1, width - 2))}</Tone>
      {sel ? <VersionDiff changes={sel.changes} first={sel.version === firstVersion} maxLines={Math.max(1, height - versions.length - 1)} /> : null}
    </Box>
  );
}
