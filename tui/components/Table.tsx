import { Box, Text } from 'ink';
import { memo, useContext } from 'react';
import type { LaidColumn } from '../model/columns.js';
import { fit } from '../model/format.js';
import { ThemeContext } from '../theme.js';
import { Tone, type ToneName } from './Tone.js';

/** One cell: its text and, optionally, a tone. */
export interface Cell {
  readonly text: string;
  readonly tone?: ToneName;
}

export interface TableProps {
  readonly columns: readonly LaidColumn[];
  /** The cells of the visible rows only (the caller slices the window: the table never sees the rest). */
  readonly rows: readonly { readonly key: string; readonly cells: Readonly<Record<string, Cell>> }[];
  /** Index within `rows` of the selected row, or -1. */
  readonly selected: number;
  readonly sortKey?: string;
  readonly sortDesc?: boolean;
  readonly focused?: boolean;
  /** Rows to pad to, so the footer does not jump when a filter leaves few rows. */
  readonly height?: number;
  readonly empty?: string;
}

/**
 * A fixed-width table of the visible window of a longer list: a header with the sort arrow,
 * then one line per row with a `›` mark on the selected one (drawn in every theme, so the
 * selection shows under NO_COLOR too).
 */
export const Table = memo(function Table({ columns, rows, selected, sortKey, sortDesc, focused = true, height, empty = 'nothing to show' }: TableProps) {
  const { color } = useContext(ThemeContext);
  const header = columns
    .map((c) => {
      const arrow = c.key === sortKey ? (sortDesc ? '▼' : '▲') : '';
      const title = c.align === 'right' ? arrow + c.title : c.title + arrow;
      return fit(title, c.width, c.align);
    })
    .join(' ');
  const pad = Math.max(0, (height ?? rows.length) - Math.max(rows.length, 1));
  return (
    <Box flexDirection="column">
      <Tone tone="title" wrap="truncate">{`  ${header}`}</Tone>
      {rows.length === 0 ? <Tone tone="muted">{`  ${empty}`}</Tone> : null}
      {rows.map((r, i) => {
        const isSel = i === selected;
        const mark = isSel ? (focused ? '› ' : '· ') : '  ';
        return (
          <Text key={r.key} wrap="truncate" {...(isSel && focused && color ? { inverse: true } : {})}>
            {mark}
            {columns.map((c, j) => {
              const cell = r.cells[c.key];
              const text = fit(cell?.text ?? '', c.width, c.align);
              const sep = j < columns.length - 1 ? ' ' : '';
              return (
                <Text key={c.key}>
                  {cell?.tone && !(isSel && focused) ? <Tone tone={cell.tone}>{text}</Tone> : text}
                  {sep}
                </Text>
              );
            })}
          </Text>
        );
      })}
      {Array.from({ length: pad }, (_, i) => (
        <Text key={`pad-${i}`}> </Text>
      ))}
    </Box>
  );
});
