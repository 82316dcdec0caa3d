import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { type Cell, Table } from '../components/Table.js';
import { Tone } from '../components/Tone.js';
import { answerText, deleteCorrection, listCorrections } from '../data/corrections.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { errorText, useLoader } from '../hooks/use-loader.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { layoutColumns } from '../model/columns.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

/**
 * Every correction and whether it holds now: the current rules run on its input and produce what
 * was expected (under the task's matching). `D` deletes one, after asking.
 */
export function CorrectionsScreen({ active, width, height }: ScreenProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const list = useLoader(() => listCorrections(dataset));
  const [error, setError] = useState<string | undefined>();
  const [confirm, setConfirm] = useState<string | null>(null);
  const items = list.data?.corrections ?? [];
  const tableHeight = Math.max(1, height - 4);
  const nav = useListCursor(items.length, tableHeight);
  const selected = items[nav.cursor.index];

  const columns = useMemo(
    () =>
      layoutColumns(
        [
          { key: 'id', title: 'id', width: 5 },
          { key: 'holds', title: 'holds', width: 5 },
          { key: 'expected', title: 'expected', width: 14, grow: 1 },
          { key: 'now', title: 'rules now', width: 14, grow: 1 },
          { key: 'input', title: 'input', width: 16, grow: 2 },
          { key: 'flags', title: 'flags', width: 9, dropOrder: 1 },
        ],
        width,
      ),
    [width],
  );

  useKeys((input, key) => {
    if (confirm) {
      if (input === 'y') {
        try {
          deleteCorrection(dataset, confirm);
          shell.notify(`deleted correction ${confirm} and its training example`);
          list.reload();
        } catch (e) {
          setError(errorText(e));
        }
      }
      if (input === 'y' || input === 'n' || key.escape) setConfirm(null);
      return;
    }
    if (error && key.escape) return setError(undefined);
    if (nav.onKey(input, key)) return;
    const action = actionFor('corrections', input, key);
    if (action === 'back') return shell.back();
    if (action === 'delete' && selected) return setConfirm(selected.id);
  }, active);

  if (list.error) return <ErrorPanel title="Cannot read the corrections" message={list.error} hint="esc: back" />;
  const data = list.data!;
  const visible = items.slice(nav.cursor.top, nav.cursor.top + tableHeight);
  const text = (c: (typeof items)[number]) => c.text ?? JSON.stringify(c.input ?? {});
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">Corrections</Tone> {data.total} · <Tone tone="good">{`${data.holding} hold`}</Tone> ·{' '}
        <Tone tone={data.total - data.holding ? 'bad' : 'muted'}>{`${data.total - data.holding} do not hold`}</Tone>
        <Tone tone="muted"> under the current rules</Tone>
      </Text>
      <Table
        columns={columns}
        rows={visible.map((c) => ({
          key: c.id,
          cells: {
            id: { text: c.id },
            holds: { text: c.holds ? 'yes' : 'no', tone: c.holds ? 'good' : 'bad' },
            expected: { text: answerText(c.expected, text(c)) },
            now: { text: answerText(c.produced_now, text(c)), ...(c.holds ? {} : { tone: 'bad' as const }) },
            input: { text: text(c) },
            flags: { text: [c.contradicts_gold ? '≠gold' : '', c.moved_from ? `←${c.moved_from}` : ''].filter(Boolean).join(' '), tone: 'warn' },
          } satisfies Record<string, Cell>,
        }))}
        selected={nav.cursor.index - nav.cursor.top}
        focused={active}
        height={tableHeight}
        empty="no corrections yet: press c on an example (Examples screen) or on a rule's item to correct it"
      />
      {confirm ? (
        <Tone tone="warn" wrap="truncate">{`Delete correction ${confirm} and its training example? y delete · n keep`}</Tone>
      ) : error ? (
        <Tone tone="bad">{error}</Tone>
      ) : (
        <Text wrap="truncate">
          {selected ? `${selected.example_id ? `example ${selected.example_id} · ` : ''}${selected.note || text(selected)}` : ' '}
        </Text>
      )}
      {data.notes.length ? <Tone tone="muted" wrap="truncate">{`note: ${data.notes[0]}`}</Tone> : <Text> </Text>}
    </Box>
  );
}
