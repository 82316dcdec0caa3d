import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { Spinner } from '../components/Spinner.js';
import { type Cell, Table } from '../components/Table.js';
import { Tone } from '../components/Tone.js';
import { useJob } from '../hooks/use-job.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { useShell } from '../hooks/use-services.js';
import { layoutColumns } from '../model/columns.js';
import { fmtDelta, fmtRatio } from '../model/format.js';
import { actionFor } from '../keymap.js';
import type { SpanChoice } from '../route.js';
import type { ScreenProps } from './screen-props.js';

export interface SuggestScreenProps extends ScreenProps {
  readonly exampleId: string;
  /** Span tasks: the span selected in the example's text, and the label its rule gives. */
  readonly span?: SpanChoice;
}

/**
 * Rules that would give one train example its label (or, on a span task, extract the selected
 * span with the label chosen for it), most train gain first, each with its train figures,
 * what else it catches and the dev F1 it would bring: enter accepts one (an active rule above the
 * others), `e` accepts and opens it to edit, `x` drops it from the list.
 */
export function SuggestScreen({ active, width, height, exampleId, span }: SuggestScreenProps) {
  const shell = useShell();
  const [rejected, setRejected] = useState<ReadonlySet<number>>(new Set());
  const [editAfter, setEditAfter] = useState(false);
  const list = useJob('suggest');
  const accept = useJob('acceptSuggestion', (r) => {
    shell.notify(`added ${r.rule.id} (${r.rule.name}) above the rules`);
    if (editAfter) shell.push({ screen: 'rule', ruleId: r.rule.id });
    else shell.back();
  });
  const start = list.start;
  useEffect(() => start({ exampleId, ...(span ? { span } : {}) }), [start, exampleId, span]);
  const result = list.state.status === 'done' ? list.state.result : null;
  const items = useMemo(() => (result?.suggestions ?? []).filter((s) => !rejected.has(s.rank)), [result, rejected]);
  const tableHeight = Math.max(1, height - 5);
  const nav = useListCursor(items.length, tableHeight);
  const selected = items[nav.cursor.index];
  const columns = useMemo(
    () =>
      layoutColumns(
        [
          { key: 'rank', title: '#', width: 3 },
          { key: 'name', title: 'rule', width: 20, grow: 3 },
          { key: 'gain', title: 'gain', width: 5, dropOrder: 3 },
          { key: 'right', title: 'right/fires', width: 11 },
          { key: 'p', title: 'P', width: 5 },
          { key: 'others', title: 'others', width: 6, dropOrder: 2 },
          { key: 'dev', title: 'dev F1 Δ', width: 8, dropOrder: 1 },
        ],
        width,
      ),
    [width],
  );

  useKeys((input, key) => {
    if (nav.onKey(input, key)) return;
    const action = actionFor('suggest', input, key);
    if (action === 'back') return shell.back();
    if (!selected || accept.state.status === 'running') return;
    if (action === 'reject') return setRejected(new Set([...rejected, selected.rank]));
    if (action === 'accept' || action === 'edit') {
      setEditAfter(action === 'edit');
      accept.start({ exampleId, rank: selected.rank, ...(span ? { span } : {}) });
    }
  }, active);

  if (list.state.status === 'failed') return <ErrorPanel title={`Cannot suggest rules for ${exampleId}`} message={list.state.error} hint="esc: back" />;
  if (!result) return <Spinner label={`suggesting rules for ${exampleId}…`} />;
  const delta = (s: (typeof items)[number]) => fmtDelta(s.dev && s.dev.before !== null && s.dev.after !== null ? s.dev.after - s.dev.before : null);
  const visible = items.slice(nav.cursor.top, nav.cursor.top + tableHeight);
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">{`Suggestions for ${result.example_id}`}</Tone> → {result.label}{' '}
        {span ? `${JSON.stringify(result.text.slice(span.start, span.end))} at ${span.start}-${span.end} ` : ''}
        <Tone tone="muted">{JSON.stringify(result.text)}</Tone>
      </Text>
      <Table
        columns={columns}
        rows={visible.map((s) => ({
          key: String(s.rank),
          cells: {
            rank: { text: String(s.rank) },
            name: { text: s.name },
            gain: { text: String(s.train.gain), ...(s.train.gain < 0 ? { tone: 'bad' as const } : {}) },
            right: { text: `${s.train.right}/${s.train.fires}` },
            p: { text: fmtRatio(s.train.precision) },
            others: { text: String(s.catches.length), ...(s.catches.length ? { tone: 'warn' as const } : {}) },
            dev: { text: delta(s) },
          } satisfies Record<string, Cell>,
        }))}
        selected={nav.cursor.index - nav.cursor.top}
        focused={active}
        height={tableHeight}
        empty={result.notes[0] ?? 'every suggestion was rejected: esc to go back'}
      />
      <Text wrap="truncate">{selected ? `/${selected.pattern}/${selected.flags}` : ' '}</Text>
      {accept.state.status === 'failed' ? (
        <Tone tone="bad" wrap="truncate">{accept.state.error}</Tone>
      ) : selected?.catches.length ? (
        <Tone tone="warn" wrap="truncate">{`would also take ${selected.catches.slice(0, 2).map((c) => `${c.id} (${c.label}) ${JSON.stringify(c.text)}`).join(', ')}`}</Tone>
      ) : (
        <Tone tone="muted" wrap="truncate">{`${items.length} suggestions in ${result.elapsed_ms} ms`}</Tone>
      )}
    </Box>
  );
}
