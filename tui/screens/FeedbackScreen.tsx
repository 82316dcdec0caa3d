import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { type Cell, Table } from '../components/Table.js';
import { Tone, type ToneName } from '../components/Tone.js';
import { dismissFeedback, listFeedback, reopenFeedback } from '../data/feedback.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { errorText, useLoader } from '../hooks/use-loader.js';
import { useOnReturn } from '../hooks/use-on-return.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { layoutColumns } from '../model/columns.js';
import { fmtAgo } from '../model/format.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

const STATUS_TONE: Record<string, ToneName> = { open: 'warn', applied: 'good', dismissed: 'muted' };

/**
 * Every piece of feedback with its status (open, applied by a learning run, dismissed). `n`
 * writes new feedback on the task; `f` on the Rules and Examples screens aims it at a rule or
 * an example.
 */
export function FeedbackScreen({ active, width, height }: ScreenProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const list = useLoader(() => listFeedback(dataset));
  // Offline learning leaves plain-English feedback unread: say so where it is written and listed.
  const mode = useLoader(() => dataset.learningMode());
  const offlineNote = mode.data?.note ?? null;
  const [error, setError] = useState<string | undefined>();
  const items = list.data?.feedback ?? [];
  const tableHeight = Math.max(1, height - 3 - (offlineNote ? 1 : 0));
  const nav = useListCursor(items.length, tableHeight);
  const selected = items[nav.cursor.index];

  // New feedback written in the composer (opened from here or elsewhere) shows when we are back.
  useOnReturn(active, () => list.reload());

  const columns = useMemo(
    () =>
      layoutColumns(
        [
          { key: 'id', title: 'id', width: 6 },
          { key: 'status', title: 'status', width: 9 },
          { key: 'target', title: 'about', width: 16, dropOrder: 1 },
          { key: 'text', title: 'feedback', width: 20, grow: 1 },
          { key: 'when', title: 'when', width: 10, dropOrder: 2 },
        ],
        width,
      ),
    [width],
  );

  useKeys((input, key) => {
    if (error && key.escape) return setError(undefined);
    if (nav.onKey(input, key)) return;
    const action = actionFor('feedback', input, key);
    if (action === 'new') return shell.composeFeedback({ level: 'task' });
    if (action === 'corrections') return shell.push({ screen: 'corrections' });
    const change = (verb: string, fn: (id: string) => unknown) => {
      try {
        fn(selected!.id);
        list.reload();
        shell.notify(`${verb} ${selected!.id}`);
      } catch (e) {
        setError(errorText(e));
      }
    };
    if (action === 'dismiss' && selected) return change('dismissed', (id) => dismissFeedback(dataset, id));
    if (action === 'reopen' && selected && selected.status !== 'open') return change('reopened', (id) => reopenFeedback(dataset, id));
    if (action === 'open' && selected?.level === 'rule' && selected.target_id) shell.push({ screen: 'rule', ruleId: selected.target_id });
  }, active);

  if (list.error) return <ErrorPanel title="Cannot read the feedback" message={list.error} hint="1-6: another screen · q: quit" />;
  const counts = list.data!.counts;
  const visible = items.slice(nav.cursor.top, nav.cursor.top + tableHeight);
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">Feedback</Tone> {items.length} · <Tone tone="warn">{`${counts.open} open`}</Tone> · <Tone tone="good">{`${counts.applied} applied`}</Tone> ·{' '}
        <Tone tone="muted">{`${counts.dismissed} dismissed`}</Tone>
      </Text>
      {offlineNote ? (
        <Tone tone="warn" wrap="truncate">
          {offlineNote}
        </Tone>
      ) : null}
      <Table
        columns={columns}
        rows={visible.map((f) => ({
          key: f.id,
          cells: {
            id: { text: f.id },
            status: { text: f.status, tone: STATUS_TONE[f.status] ?? 'plain' },
            target: { text: f.level === 'task' ? 'task' : `${f.level} ${f.target_id ?? ''}` },
            text: { text: f.text },
            when: { text: fmtAgo(f.created_at), tone: 'muted' },
          } satisfies Record<string, Cell>,
        }))}
        selected={nav.cursor.index - nav.cursor.top}
        focused={active}
        height={tableHeight}
        empty="no feedback yet: n writes some on the task, f on a rule or an example"
      />
      {error ? (
        <Tone tone="bad">{error}</Tone>
      ) : (
        <Text wrap="truncate">
          {selected?.status === 'open' && selected.not_applied ? (
            <Tone tone="warn">{`not applied by learn run ${selected.not_applied.run_id}: ${selected.not_applied.reason} · `}</Tone>
          ) : null}
          {selected ? selected.text : ' '}
        </Text>
      )}
    </Box>
  );
}
