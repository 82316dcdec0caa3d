import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmBar } from '../components/ConfirmBar.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { Spinner } from '../components/Spinner.js';
import { SummaryBar } from '../components/SummaryBar.js';
import { type Cell, Table } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { Tone, type ToneName } from '../components/Tone.js';
import { loadRulesView, type RulesView } from '../data/rules-view.js';
import { useCapture } from '../hooks/use-capture.js';
import { useFilterLine } from '../hooks/use-filter-line.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { errorText, useLoader } from '../hooks/use-loader.js';
import { useOnReturn } from '../hooks/use-on-return.js';
import { useRescore } from '../hooks/use-rescore.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { useSessionState } from '../hooks/use-session-state.js';
import { useStatusChange } from '../hooks/use-status-change.js';
import { type ColumnSpec, layoutColumns } from '../model/columns.js';
import { fitMiddle, fmtCount, fmtDelta, fmtRatio } from '../model/format.js';
import { runningProgress } from '../model/progress-text.js';
import {
  BADGE_FILTERS,
  badges,
  defaultDesc,
  filterRows,
  nextOf,
  type RuleFilter,
  type RuleRow,
  type RuleSort,
  shownName,
  SORT_KEYS,
  sortRows,
  STATUS_FILTERS,
} from '../model/rule-rows.js';
import { actionFor } from '../keymap.js';
import { ruleSource } from '../../src/core/schemas/rule-card.js';
import { METRIC_DROP_ORDER as DROP } from '../../src/service/index.js';
import type { ScreenProps } from './screen-props.js';

const STATUS_SHORT: Record<RuleRow['rule']['status'], [string, ToneName]> = {
  active: ['on', 'good'],
  disabled: ['off', 'muted'],
  proposed: ['new', 'warn'],
  rejected: ['rej', 'bad'],
};

function columnSpecs(wide: boolean): ColumnSpec[] {
  return [
    { key: 'name', title: 'name', width: 14, grow: 2 },
    // The pattern tells apart rules whose names say little; cut in the middle to fit.
    { key: 'pattern', title: 'pattern', width: 12, grow: 3 },
    { key: 'label', title: 'label', width: 10, grow: 1 },
    { key: 'status', title: 'st', width: 3 },
    // Narrow terminals drop fired (about TP + FP), FN and F1 (every label's gold), then the Wilson
    // bound and label recall, keeping TP, FP, P, label F1 and marginal F1.
    { key: 'fired', title: 'fired', width: 6, align: 'right', dropOrder: DROP.fired },
    { key: 'tp', title: 'TP', width: 4, align: 'right' },
    { key: 'fp', title: 'FP', width: 4, align: 'right' },
    { key: 'fn', title: 'FN', width: 4, align: 'right', dropOrder: DROP.fn },
    { key: 'precision', title: 'P', width: 4, align: 'right' },
    { key: 'wilson_lower', title: 'WLB', width: 4, align: 'right', dropOrder: DROP.wilson_lower },
    { key: 'f1', title: 'F1', width: 4, align: 'right', dropOrder: DROP.f1 },
    { key: 'label_recall', title: 'LR', width: 4, align: 'right', dropOrder: DROP.label_recall },
    { key: 'label_f1', title: 'LF1', width: 4, align: 'right' },
    { key: 'marginal_f1', title: 'ΔF1', width: 5, align: 'right' },
    wide ? { key: 'badges', title: 'badges', width: 14 } : { key: 'badges', title: 'bdg', width: 4 },
  ];
}

function cells(r: RuleRow, wide: boolean, patternWidth: number): Record<string, Cell> {
  const { rule, metrics: m } = r;
  const [st, stTone] = STATUS_SHORT[rule.status];
  const bad = !!(m?.harmful || m?.dead);
  const fp = m?.fp ?? null;
  const marginal = m?.marginal_f1 ?? null;
  return {
    name: { text: shownName(rule), ...(rule.status !== 'active' ? { tone: 'muted' as const } : {}) },
    pattern: { text: fitMiddle(ruleSource(rule), patternWidth), tone: 'muted' },
    label: { text: rule.output.label },
    status: { text: st, tone: stTone },
    fired: { text: fmtCount(m?.fired ?? null, 6) },
    tp: { text: fmtCount(m?.tp ?? null, 4), tone: 'good' },
    fp: { text: fmtCount(fp, 4), ...(fp ? { tone: 'bad' as const } : {}) },
    fn: { text: fmtCount(m?.fn ?? null, 4) },
    precision: { text: fmtRatio(m?.precision ?? null) },
    wilson_lower: { text: fmtRatio(m?.wilson_lower ?? null) },
    f1: { text: fmtRatio(m?.f1 ?? null) },
    label_recall: { text: fmtRatio(m?.label_recall ?? null) },
    label_f1: { text: fmtRatio(m?.label_f1 ?? null) },
    marginal_f1: { text: fmtDelta(marginal), ...(marginal !== null && marginal < 0 ? { tone: 'bad' as const } : {}) },
    badges: { text: badges(r, wide), ...(bad ? { tone: 'bad' as const } : r.stale ? { tone: 'warn' as const } : {}) },
  };
}

/** Marginal F1, the rule's worth to the ensemble, best first (`w`: worst first). */
const DEFAULT_SORT: RuleSort = { key: 'marginal_f1', desc: true };

/** One empty list, so the row memo keeps while nothing is loaded. */
const NO_ROWS: readonly RuleRow[] = [];

const describeFilter = (f: RuleFilter) =>
  [f.text ? `/${f.text}` : '', f.status !== 'all' ? `status ${f.status}` : '', f.badge !== 'any' ? `badge ${f.badge}` : ''].filter(Boolean).join(' · ');

/**
 * Every rule with its stored metrics (read from the store, never recomputed on open): sortable
 * by any column, filtered by text, status and badge, paged through a window so thousands of
 * rules scroll smoothly. `m` recomputes the metrics in the background.
 */
export function RulesScreen({ active, width, height }: ScreenProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const rescore = useRescore();
  const lastRun = rescore.last;
  const timedOut = useMemo<ReadonlySet<string>>(() => new Set(lastRun?.timed_out ?? []), [lastRun]);
  const view = useLoader<RulesView>(() => loadRulesView(dataset, timedOut));
  const [sort, setSort] = useSessionState<RuleSort>('rules.sort', DEFAULT_SORT);
  const [filter, setFilter] = useSessionState<RuleFilter>('rules.filter', { text: '', status: 'all', badge: 'any' });
  const search = useFilterLine(active, filter, setFilter);
  const [error, setError] = useState<string | undefined>();
  const [confirm, setConfirm] = useState<RuleRow | null>(null);
  useCapture(active && confirm !== null);

  // A finished metrics run (started here, on another screen, or by saving a rule) is read back.
  const { reload } = view;
  const generation = rescore.generation;
  useEffect(() => {
    if (generation) reload();
  }, [generation, timedOut, reload]);

  // Coming back from a rule's screen (edited, disabled, deleted) shows the change.
  useOnReturn(active, () => view.reload());

  const wide = width >= 110;
  const columns = useMemo(() => layoutColumns(columnSpecs(wide), width), [wide, width]);
  const patternWidth = columns.find((c) => c.key === 'pattern')?.width ?? 0;
  const all = view.data?.rows ?? NO_ROWS;
  const liveFilter = search.live;
  const rows = useMemo(() => sortRows(filterRows(all, liveFilter), sort), [all, liveFilter, sort]);
  const tableHeight = Math.max(1, height - 4);
  const nav = useListCursor(rows.length, tableHeight);
  const selected = rows[nav.cursor.index];

  const status = useStatusChange();
  const changed = (done: Promise<string>) =>
    done.then(
      (what) => {
        // A cheap re-measure keeps the old figures on screen until the new ones land (and reload).
        if (!rescore.changed(what)) view.reload();
      },
      (e: unknown) => setError(errorText(e)),
    );
  const toggle = (row: RuleRow) => changed(status.change(row.rule.id, row.rule.name, row.rule.status === 'active' ? 'active' : 'disabled'));

  useKeys((input, key) => {
    if (search.onKey(input, key)) return;
    if (confirm) {
      if (input === 'y') toggle(confirm);
      if (input === 'y' || input === 'n' || key.escape) setConfirm(null);
      return;
    }
    if (error && key.escape) return setError(undefined);
    if (nav.onKey(input, key)) return;
    const action = actionFor('rules', input, key);
    switch (action) {
      case 'open':
        if (selected) shell.push({ screen: 'rule', ruleId: selected.rule.id });
        return;
      case 'search':
        return search.start(filter.text);
      case 'clear':
        if (describeFilter(filter)) setFilter({ text: '', status: 'all', badge: 'any' });
        return;
      case 'sort-next':
      case 'sort-prev': {
        const k = nextOf(SORT_KEYS, sort.key, action === 'sort-prev' ? -1 : 1);
        return setSort({ key: k, desc: defaultDesc(k) });
      }
      case 'reverse':
        return setSort((s) => ({ ...s, desc: !s.desc }));
      case 'worst':
        return setSort({ key: 'marginal_f1', desc: false });
      case 'status':
        return setFilter((f) => ({ ...f, status: nextOf(STATUS_FILTERS, f.status) }));
      case 'badge':
        return setFilter((f) => ({ ...f, badge: nextOf(BADGE_FILTERS, f.badge) }));
      case 'feedback':
        if (selected) shell.composeFeedback({ level: 'rule', id: selected.rule.id, title: selected.rule.name });
        return;
      case 'task-feedback':
        return shell.composeFeedback({ level: 'task' });
      case 'toggle':
        // Disabling takes the rule out of the ruleset: ask first. Enabling only puts it back.
        if (selected) {
          if (selected.rule.status === 'active') setConfirm(selected);
          else toggle(selected);
        }
        return;
      case 'undo':
        return void changed(status.undo());
      case null:
        return;
    }
  }, active);

  if (view.error) return <ErrorPanel title="Cannot read the rules" message={view.error} hint="1-6: another screen · q: quit" />;
  const data = view.data!;
  const visible = rows.slice(nav.cursor.top, nav.cursor.top + tableHeight);
  const job = rescore.state;
  return (
    <Box flexDirection="column" height={height}>
      <SummaryBar summary={data.summary} shown={rows.length} filters={describeFilter(liveFilter)} />
      <Table
        columns={columns}
        rows={visible.map((r) => ({ key: r.rule.id, cells: cells(r, wide, patternWidth) }))}
        selected={nav.cursor.index - nav.cursor.top}
        sortKey={sort.key}
        sortDesc={sort.desc}
        focused={active}
        height={tableHeight}
        empty={all.length ? 'no rule matches the filters (esc clears them)' : 'no rules yet: run `rulewright learn` or `rulewright rules import FILE`'}
      />
      {confirm ? (
        <ConfirmBar question={`Disable ${confirm.rule.name}? (e enables it again)`} />
      ) : search.editing ? (
        <TextField label="/" line={search.editing} focused width={width} placeholder="name, id, label or pattern" />
      ) : error ? (
        <Tone tone="bad">{error}</Tone>
      ) : job.status === 'running' ? (
        <Spinner label={`recomputing metrics${runningProgress(job)}… (input stays live)`} />
      ) : job.status === 'failed' ? (
        <Tone tone="bad">{`metrics failed: ${job.error}`}</Tone>
      ) : (
        <Text wrap="truncate">
          {rows.length ? <Tone tone="muted">{`${nav.cursor.index + 1}/${rows.length}`}</Tone> : null}
          {selected ? <Tone tone="muted">{`  ${selected.rule.id}`}</Tone> : null}
        </Text>
      )}
    </Box>
  );
}
