import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { Spinner } from '../components/Spinner.js';
import { type Cell, Table } from '../components/Table.js';
import { Tone } from '../components/Tone.js';
import { useJob } from '../hooks/use-job.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { useOnReturn } from '../hooks/use-on-return.js';
import { useShell } from '../hooks/use-services.js';
import { layoutColumns } from '../model/columns.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

/**
 * The queue of train examples worth fixing next, best first, each with why: enter opens its
 * suggestions, and coming back (a rule accepted or not) ranks the queue again under the rules now.
 */
export function NextScreen({ active, width, height }: ScreenProps) {
  const shell = useShell();
  const job = useJob('next');
  const start = job.start;
  useEffect(() => start({}), [start]);
  useOnReturn(active, () => start({}));
  const result = job.state.status === 'done' ? job.state.result : null;
  const items = result?.examples ?? [];
  const tableHeight = Math.max(1, height - 3);
  const nav = useListCursor(items.length, tableHeight);
  const selected = items[nav.cursor.index];
  const spans = items.some((e) => e.span);
  const columns = useMemo(
    () =>
      layoutColumns(
        [
          { key: 'id', title: 'id', width: 10 },
          { key: 'reason', title: 'reason', width: 8 },
          { key: 'gain', title: 'gain', width: 4 },
          ...(spans ? [{ key: 'span', title: 'span', width: 12, grow: 1, dropOrder: 2 }] : []),
          { key: 'text', title: 'text', width: 16, grow: 2 },
          { key: 'why', title: 'why', width: 20, grow: 3, dropOrder: 1 },
        ],
        width,
      ),
    [width, spans],
  );

  useKeys((input, key) => {
    if (nav.onKey(input, key)) return;
    const action = actionFor('next', input, key);
    if (action === 'back') return shell.back();
    if (action === 'suggest' && selected) return shell.push({ screen: 'suggest', exampleId: selected.id, ...(selected.span ? { span: selected.span } : {}) });
    if (action === 'open' && selected) return shell.push({ screen: 'example', exampleId: selected.id });
  }, active);

  if (job.state.status === 'failed') return <ErrorPanel title="Cannot rank the examples" message={job.state.error} hint="esc: back" />;
  if (!result) return <Spinner label="ranking the train examples…" />;
  const visible = items.slice(nav.cursor.top, nav.cursor.top + tableHeight);
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">Next</Tone> {`${result.failing} of ${result.train} train examples wrong or unlabelled${spans ? ' (a missed or spurious span)' : ''}`}
      </Text>
      <Table
        columns={columns}
        rows={visible.map((e) => ({
          key: e.id,
          cells: {
            id: { text: e.id },
            reason: { text: e.reason, tone: e.reason === 'wrong' || e.reason === 'abstain' || e.reason === 'missed' ? 'bad' : 'warn' },
            gain: { text: String(e.gain) },
            span: { text: e.span ? `${e.span.label} ${JSON.stringify(e.span.text)}` : '' },
            text: { text: e.text },
            why: { text: e.why },
          } satisfies Record<string, Cell>,
        }))}
        selected={nav.cursor.index - nav.cursor.top}
        focused={active}
        height={tableHeight}
        empty="nothing to fix on train: every example is right, unclaimed by other labels and by a well-supported rule"
      />
      <Text wrap="truncate">{selected ? selected.why : ' '}</Text>
    </Box>
  );
}
