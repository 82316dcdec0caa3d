import { Box } from 'ink';
import type { PatternPreview } from '../data/rule-detail.js';
import type { JobState } from '../hooks/use-job.js';
import type { LineState } from '../model/line-edit.js';
import { PreviewLine } from './PreviewLine.js';
import { Spinner } from './Spinner.js';
import { TextField } from './TextField.js';
import { Tone } from './Tone.js';

export interface PatternEditBarProps {
  readonly line: LineState;
  readonly preview: JobState<PatternPreview>;
  readonly width: number;
}

/** The pattern being typed, and under it what it would change (or why it cannot be saved). */
export function PatternEditBar({ line, preview, width }: PatternEditBarProps) {
  return (
    <Box flexDirection="column" height={3}>
      <TextField label="pattern" line={line} focused width={width} />
      {preview.status === 'running' ? (
        <Spinner label="previewing on the data… (enter saves, esc cancels)" />
      ) : preview.status === 'done' ? (
        <PreviewLine preview={preview.result} />
      ) : preview.status === 'failed' ? (
        <Tone tone="bad">{preview.error}</Tone>
      ) : (
        <Tone tone="muted">type: the metric change shows here · enter saves · esc cancels</Tone>
      )}
    </Box>
  );
}
