import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { ConfusionMatrix } from '../components/ConfusionMatrix.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { Spinner } from '../components/Spinner.js';
import { type Cell, Table } from '../components/Table.js';
import { Tone } from '../components/Tone.js';
import { type EvalView, evalRuns, evalStaleness, fromResult, latestEval } from '../data/eval.js';
import { useJob } from '../hooks/use-job.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { useLoader } from '../hooks/use-loader.js';
import { useRescore } from '../hooks/use-rescore.js';
import { useServices } from '../hooks/use-services.js';
import { layoutColumns } from '../model/columns.js';
import { fmtAgo, fmtCount, fmtDelta, fmtMs, fmtRatio } from '../model/format.js';
import { nextOf } from '../model/rule-rows.js';
import { runningProgress } from '../model/progress-text.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

type Pane = 'classes' | 'errors' | 'confusion' | 'compare';
type SplitOption = 'default' | 'test' | 'dev' | 'train' | 'all';
const SPLITS: readonly SplitOption[] = ['default', 'test', 'dev', 'train', 'all'];
const PANE_TITLE: Record<Pane, string> = { classes: 'per class', errors: 'error kinds', confusion: 'confusion', compare: 'compare' };

const delta = (d: { a: number | null; b: number | null; delta: number | null }) => `${fmtRatio(d.a)}→${fmtRatio(d.b)} (${fmtDelta(d.delta)})`;

/**
 * The evaluation: micro and macro figures, the per-class table, error kinds, the confusion
 * matrix (classification) and a comparison with an earlier run. It opens on the latest recorded
 * eval run (read from the store); `r` evaluates again in the background.
 */
export function EvalScreen({ active, width, height }: ScreenProps) {
  const { dataset } = useServices();
  const stored = useLoader(() => latestEval(dataset));
  const runs = useLoader(() => evalRuns(dataset));
  const job = useJob('eval', () => runs.reload());
  const [split, setSplit] = useState<SplitOption>('default');
  const [baseline, setBaseline] = useState<number | null>(null);
  const [pane, setPane] = useState<Pane>('classes');

  const run = (opts: { split?: SplitOption; compare?: number | null } = {}) => {
    const s = opts.split ?? split;
    const c = opts.compare === undefined ? baseline : opts.compare;
    job.start({ ...(s !== 'default' ? { split: s } : {}), ...(c !== null ? { compare: c } : {}) });
  };
  // Nothing recorded yet: evaluate now (with the default split and no comparison, as on open).
  const nothingStored = !stored.data && !stored.error;
  const { start } = job;
  useEffect(() => {
    if (nothingStored) start({});
  }, [nothingStored, start]);

  const view: EvalView | null = job.state.status === 'done' ? fromResult(job.state.result) : (stored.data ?? null);
  // Screens remount on a tab switch, so this is checked again whenever the Eval screen is opened.
  const stale = useMemo(() => (view ? evalStaleness(dataset, view.report) : []), [dataset, view]);
  // An old recorded result is evaluated again by itself when that is cheap (r does it otherwise).
  const { cheap } = useRescore();
  const idle = job.state.status === 'idle';
  const redo = useMemo(() => !!view?.stored && stale.length > 0 && idle && cheap(0) && cheap(view.report.n * dataset.measureNeed().rules), [view, stale, idle, cheap, dataset]);
  useEffect(() => {
    if (redo) start({});
  }, [redo, start]);
  const isClassification = !!view?.report.confusion;
  const panes: Pane[] = ['classes', 'errors', ...(isClassification ? (['confusion'] as const) : []), ...(view?.compare ? (['compare'] as const) : [])];
  const classes = useMemo(() => (view ? Object.entries(view.report.per_class) : []), [view]);
  const bodyHeight = Math.max(3, height - 3);
  const nav = useListCursor(classes.length, bodyHeight - 1);
  const earlier = (runs.data ?? []).filter((r) => r.id !== view?.run_id);

  useKeys((input, key) => {
    const action = actionFor('eval', input, key);
    if (action === 'pane') return setPane((p) => nextOf(panes, panes.includes(p) ? p : 'classes', key.shift ? -1 : 1));
    if (pane === 'classes' && nav.onKey(input, key)) return;
    if (action === 'rerun') return run();
    if (action === 'split') {
      const s = nextOf(SPLITS, split);
      setSplit(s);
      return run({ split: s });
    }
    if (action === 'compare') {
      if (!earlier.length) return;
      const ids = earlier.map((r) => r.id);
      const at = baseline === null ? -1 : ids.indexOf(baseline);
      // `[` goes further back in time, `]` towards now; past the newest it clears the baseline.
      const nextAt = input === '[' ? Math.min(ids.length - 1, at + 1) : at - 1;
      const b = nextAt < 0 ? null : ids[nextAt]!;
      setBaseline(b);
      if (b !== null) setPane('compare');
      run({ compare: b });
    }
  }, active);

  const columns = useMemo(
    () =>
      layoutColumns(
        [
          { key: 'label', title: 'class', width: 14, grow: 1 },
          { key: 'p', title: 'P', width: 5, align: 'right' },
          { key: 'r', title: 'R', width: 5, align: 'right' },
          { key: 'f1', title: 'F1', width: 5, align: 'right' },
          { key: 'tp', title: 'TP', width: 5, align: 'right' },
          { key: 'fp', title: 'FP', width: 5, align: 'right' },
          { key: 'fn', title: 'FN', width: 5, align: 'right' },
          ...(view?.compare ? [{ key: 'd', title: 'ΔF1', width: 6, align: 'right' as const }] : []),
        ],
        width,
      ),
    [width, view?.compare],
  );

  if (stored.error && !view) return <ErrorPanel title="Cannot read the recorded evaluations" message={stored.error} hint="r: evaluate now · 1-6: another screen" />;
  if (!view) {
    if (job.state.status === 'failed') return <ErrorPanel title="Evaluation failed" message={job.state.error} hint="r: try again · 1-6: another screen" />;
    return <Spinner label={`evaluating${runningProgress(job.state)}… (keys stay live)`} />;
  }
  const { report: rep } = view;
  const m = rep.micro;
  const shownPane = panes.includes(pane) ? pane : 'classes';
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">Eval</Tone> on {rep.split ?? 'all'} ({rep.n}) · mode {rep.mode} · run #{view.run_id}
        {view.stored ? <Tone tone="muted"> (recorded; r runs again)</Tone> : <Tone tone="muted">{` · ${fmtMs(view.elapsed_ms)}`}</Tone>}
        {stale.length ? <Tone tone="warn">{` · stale: ${stale.join(', ')} since (r runs again)`}</Tone> : null}
        {split !== 'default' ? <Tone tone="accent">{` · split ${split}`}</Tone> : null}
        {job.state.status === 'running' ? <Tone tone="accent"> · evaluating…</Tone> : null}
        {job.state.status === 'failed' ? <Tone tone="bad">{` · ${job.state.error}`}</Tone> : null}
      </Text>
      <Text wrap="truncate">
        micro P {fmtRatio(m.precision)} R {fmtRatio(m.recall)} F1 <Tone tone="title">{fmtRatio(m.f1)}</Tone> · macro F1 {fmtRatio(rep.macro_f1)} · exact {fmtRatio(rep.exact_match)} · coverage{' '}
        {fmtRatio(rep.coverage)}
      </Text>
      <Text wrap="truncate">
        {panes.map((p) => (
          <Text key={p}>
            <Tone tone={p === shownPane ? 'selected' : 'muted'}>{` ${PANE_TITLE[p]} `}</Tone>{' '}
          </Text>
        ))}
        <Tone tone="muted">
          {baseline !== null
            ? `baseline run #${baseline}`
            : earlier.length > 1
              ? `[ ]: compare with one of ${earlier.length} earlier runs`
              : earlier.length
                ? '[ ]: compare with the earlier run'
                : 'no earlier run to compare with'}
        </Tone>
      </Text>
      <Box flexDirection="column" height={bodyHeight} overflow="hidden">
        {shownPane === 'classes' ? (
          <Table
            columns={columns}
            rows={classes.slice(nav.cursor.top, nav.cursor.top + bodyHeight - 1).map(([label, c]) => ({
              key: label,
              cells: {
                label: { text: label },
                p: { text: fmtRatio(c.precision) },
                r: { text: fmtRatio(c.recall) },
                f1: { text: fmtRatio(c.f1) },
                tp: { text: fmtCount(c.tp), tone: 'good' },
                fp: { text: fmtCount(c.fp), ...(c.fp ? { tone: 'bad' as const } : {}) },
                fn: { text: fmtCount(c.fn) },
                d: { text: fmtDelta(view.compare?.per_class[label]?.f1.delta ?? null) },
              } satisfies Record<string, Cell>,
            }))}
            selected={nav.cursor.index - nav.cursor.top}
            focused={active}
            empty="no classes in gold or predictions"
          />
        ) : shownPane === 'errors' ? (
          <Box flexDirection="column">
            <Text>
              wrong label <Tone tone="bad">{fmtCount(rep.errors.wrong_label)}</Tone> · wrong boundary <Tone tone="bad">{fmtCount(rep.errors.wrong_boundary)}</Tone> · missing{' '}
              <Tone tone="warn">{fmtCount(rep.errors.missing)}</Tone> · spurious <Tone tone="bad">{fmtCount(rep.errors.spurious)}</Tone>
              {rep.errors.wrong_value !== undefined ? ` · wrong value ${fmtCount(rep.errors.wrong_value)}` : ''}
            </Text>
            {rep.semeval ? <Text>{`semeval: COR ${rep.semeval.cor} INC ${rep.semeval.inc} PAR ${rep.semeval.par} MIS ${rep.semeval.mis} SPU ${rep.semeval.spu}`}</Text> : null}
            <Text> </Text>
            {rep.notes.map((n, i) => (
              <Text key={i} wrap="wrap">
                <Tone tone="muted">· </Tone>
                {n}
              </Text>
            ))}
          </Box>
        ) : shownPane === 'confusion' && rep.confusion ? (
          <ConfusionMatrix confusion={rep.confusion} width={width} height={bodyHeight} />
        ) : view.compare ? (
          <Box flexDirection="column">
            <Text wrap="wrap">{`against run #${view.compare.run_id}: ${view.compare.summary}`}</Text>
            <Text wrap="truncate">
              micro P {delta(view.compare.micro.precision)} R {delta(view.compare.micro.recall)} F1 {delta(view.compare.micro.f1)}
            </Text>
            <Text wrap="truncate">
              macro F1 {delta(view.compare.macro_f1)} · exact {delta(view.compare.exact_match)} · coverage {delta(view.compare.coverage)}
            </Text>
            {view.compare.examples ? (
              <Text wrap="wrap">
                examples: <Tone tone="good">{`${view.compare.examples.improved.length} improved`}</Tone> · <Tone tone="bad">{`${view.compare.examples.regressed.length} regressed`}</Tone> ·{' '}
                {view.compare.examples.changed.length} changed
                {view.compare.examples.regressed.length ? <Tone tone="muted">{` (regressed: ${view.compare.examples.regressed.slice(0, 5).join(', ')}${view.compare.examples.regressed.length > 5 ? ', …' : ''})`}</Tone> : null}
              </Text>
            ) : null}
            {earlier.find((r) => r.id === view.compare!.run_id) ? (
              <Tone tone="muted">{`run #${view.compare.run_id} was recorded ${fmtAgo(earlier.find((r) => r.id === view.compare!.run_id)!.created_at)}`}</Tone>
            ) : null}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
