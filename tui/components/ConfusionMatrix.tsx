import { Box, Text } from 'ink';
import type { ConfusionBlock } from '../../src/core/schemas/eval-report.js';
import { fit } from '../model/format.js';
import { Tone } from './Tone.js';

export interface ConfusionMatrixProps {
  readonly confusion: ConfusionBlock;
  readonly width: number;
  readonly height: number;
}

/**
 * Gold classes down, predicted classes across (the last column is abstention). Column headers
 * are cut to the cell width; columns that do not fit are counted, not drawn.
 */
export function ConfusionMatrix({ confusion: c, width, height }: ConfusionMatrixProps) {
  const rowHead = Math.min(Math.max(8, ...c.labels.map((l) => l.length)) + 1, Math.max(10, Math.floor(width / 4)));
  // Share the rest between the columns, each between 5 and 10 characters wide.
  const cell = Math.max(5, Math.min(10, Math.floor((width - rowHead - 2) / Math.max(1, c.columns.length))));
  const fitCols = Math.max(1, Math.floor((width - rowHead - 2) / cell));
  const cols = c.columns.slice(0, fitCols);
  const hidden = c.columns.length - cols.length;
  const rows = c.labels.slice(0, Math.max(1, height - 2));
  return (
    <Box flexDirection="column">
      <Tone tone="title">{`${fit('gold \\ predicted', rowHead)} ${cols.map((col) => fit(col, cell - 1, 'right')).join(' ')}`}</Tone>
      {rows.map((label) => {
        const i = c.labels.indexOf(label);
        return (
          <Text key={label} wrap="truncate">
            {fit(label, rowHead)}{' '}
            {cols.map((col, j) => {
              const n = c.counts[i]?.[j] ?? 0;
              const diagonal = col === label;
              const text = fit(n ? String(n) : '·', cell - 1, 'right');
              return (
                <Text key={col}>
                  {j ? ' ' : ''}
                  {n && diagonal ? <Tone tone="good">{text}</Tone> : n ? <Tone tone="bad">{text}</Tone> : <Tone tone="muted">{text}</Tone>}
                </Text>
              );
            })}
          </Text>
        );
      })}
      {hidden || rows.length < c.labels.length ? (
        <Tone tone="muted">{`${hidden ? `${hidden} more columns` : ''}${hidden && rows.length < c.labels.length ? ', ' : ''}${rows.length < c.labels.length ? `${c.labels.length - rows.length} more rows` : ''} (a wider terminal shows more)`}</Tone>
      ) : null}
    </Box>
  );
}
