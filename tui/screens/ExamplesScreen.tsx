import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import type { ExampleOutcomes } from '../../src/service/index.js';
import { type Cell, Table } from '../components/Table.js';
import { Spinner } from '../components/Spinner.js';
import { TextField } from '../components/TextField.js';
import { Tone } from '../components/Tone.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { useFilterLine } from '../hooks/use-filter-line.js';
import { useJob } from '../hooks/use-job.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { useOnReturn } from '../hooks/use-on-return.js';
import { useShell } from '../hooks/use-services.js';
import { useSessionState } from '../hooks/use-session-state.js';
import { layoutColumns } from '../model/columns.js';
import { ERROR_SHORT, type ExampleFilter, filterExamples, NO_EXAMPLE_FILTER, OUTCOME_FILTERS, SPLIT_FILTERS } from '../model/example-filter.js';
import { fmtMs } from '../model/format.js';
import { nextOf } from '../model/rule-rows.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

const describe = (f: ExampleFilter) =>
  [`outcome ${f.outcome.replace('_', ' ')}`, `label ${f.label}`, `split ${f.split}`, f.text ? `/${f.text}` : ''].filter(Boolean).join(' · ');

/**
 * Gold against predicted for every example, with the error kinds of each (missed, spurious,
 * wrong label, wrong boundary), filtered by outcome, label, split and text. The predictions
 * are computed in the background when the screen opens.
 */
export function ExamplesScreen({ active, width, height }: ScreenProps) {
  const shell = useShell();
  const job = useJob('examples');
  const [filter, setFilter] = useSessionState<ExampleFilter>('examples.filter', { ...NO_EXAMPLE_FILTER, outcome: 'wrong' });
  const search = useFilterLine(active, filter, setFilter);

  const { start } = job;
  useEffect(() => start({ split: 'all' }), [start]);
  // Back from a correction: the new training example and the outcomes are read again.
  useOnReturn(active, () => job.start({ split: 'all' }));

  const data = job.state.status === 'done' ? job.state.result : null;
  // While a new run works, the last outcomes stay on screen.
  const [last, setLast] = useState<ExampleOutcomes | null>(null);
  if (data && data !== last) setLast(data);
  const shown = data ?? last;
  const live = search.live;
  const rows = useMemo(() => (shown ? filterExamples(shown.rows, live) : []), [shown, live]);
  const labels = useMemo(() => ['any', ...[...new Set(shown?.rows.flatMap((r) => r.labels) ?? [])].sort()], [shown]);
  const tableHeight = Math.max(1, height - 5);
  const nav = useListCursor(rows.length, tableHeight);
  const selected = rows[nav.cursor.index];
  const columns = useMemo(
    () =>
      layoutColumns(
        [
          { key: 'id', title: 'id', width: 10, grow: 1 },
          { key: 'split', title: 'split', width: 5, dropOrder: 1 },
          { key: 'gold', title: 'gold', width: 14, grow: 2 },
          { key: 'predicted', title: 'predicted', width: 14, grow: 2 },
          { key: 'errors', title: 'errors', width: 14, grow: 1 },
          // Last, so the outcome columns stay together; the selected example's text shows in full below.
          { key: 'text', title: 'text', width: 12, grow: 2 },
        ],
        width,
      ),
    [width],
  );

  useKeys((input, key) => {
    if (search.onKey(input, key)) return;
    if (nav.onKey(input, key)) return;
    switch (actionFor('examples', input, key)) {
      case 'outcome':
        return setFilter((f) => ({ ...f, outcome: nextOf(OUTCOME_FILTERS, f.outcome) }));
      case 'label':
        return setFilter((f) => ({ ...f, label: nextOf(labels, labels.includes(f.label) ? f.label : 'any') }));
      case 'split':
        return setFilter((f) => ({ ...f, split: nextOf(SPLIT_FILTERS, f.split) }));
      case 'search':
        return search.start(filter.text);
      case 'rerun':
        return job.start({ split: 'all' });
      case 'clear':
        return setFilter(NO_EXAMPLE_FILTER);
      case 'correct':
        if (selected) shell.push({ screen: 'correct', exampleId: selected.id });
        return;
      case 'feedback':
        if (selected) shell.composeFeedback({ level: 'example', id: selected.id, title: selected.id });
        return;
      case 'next':
        return shell.push({ screen: 'next' });
      case null:
        return;
    }
  }, active);

  if (job.state.status === 'failed' && !shown) return <ErrorPanel title="Cannot compute the examples' outcomes" message={job.state.error} hint="r: try again · 1-6: another screen" />;
  if (!shown) return <Spinner label="running the rules on every example…" />;
  const c = shown.counts;
  const visible = rows.slice(nav.cursor.top, nav.cursor.top + tableHeight);
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">Examples</Tone> {shown.n} · mode {shown.mode} · <Tone tone="good">{`${c.correct} correct`}</Tone> · {c.missed} missed · {c.spurious} spurious ·{' '}
        {c.wrong_label} wrong label · {c.wrong_boundary} boundary{c.wrong_value ? ` · ${c.wrong_value} wrong value` : ''}
        {job.state.status === 'running' ? <Tone tone="accent"> · updating…</Tone> : job.state.status === 'done' ? <Tone tone="muted">{` · ${fmtMs(shown.elapsed_ms)}`}</Tone> : null}
      </Text>
      <Text wrap="truncate">
        <Tone tone="accent">{describe(live)}</Tone> <Tone tone="muted">{`(${rows.length} shown)`}</Tone>
      </Text>
      <Table
        columns={columns}
        rows={visible.map((r) => ({
          key: r.id,
          cells: {
            id: { text: r.id },
            split: { text: r.split, tone: 'muted' },
            gold: { text: r.gold },
            predicted: { text: r.predicted, ...(r.errors.length || r.fp || r.fn ? { tone: 'bad' as const } : { tone: 'good' as const }) },
            errors: { text: r.errors.map((e) => ERROR_SHORT[e]).join(', ') || (r.fp || r.fn ? 'partial' : '✓'), ...(r.errors.length ? { tone: 'warn' as const } : {}) },
            text: { text: r.text.replace(/\s+/g, ' ') },
          } satisfies Record<string, Cell>,
        }))}
        selected={nav.cursor.index - nav.cursor.top}
        focused={active}
        height={tableHeight}
        empty="no example matches the filters (esc clears them)"
      />
      {search.editing ? (
        <TextField label="/" line={search.editing} focused width={width} placeholder="id, text, gold or predicted" />
      ) : (
        <Box flexDirection="column" height={2}>
          <Text wrap="truncate">{selected ? selected.text : ' '}</Text>
          <Text wrap="truncate">
            <Tone tone="muted">{selected ? `rules: ${selected.rules.join(', ') || '—'}${selected.why.length ? ` · why: ${selected.why.join(' · ')}` : ''}` : ' '}</Tone>
          </Text>
        </Box>
      )}
    </Box>
  );
}
