import { Box, Text } from 'ink';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConfirmBar } from '../components/ConfirmBar.js';
import { Spinner } from '../components/Spinner.js';
import { type Cell, Table } from '../components/Table.js';
import { Tone } from '../components/Tone.js';
import { useCapture } from '../hooks/use-capture.js';
import { useJob } from '../hooks/use-job.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { errorText } from '../hooks/use-loader.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { layoutColumns } from '../model/columns.js';
import { fmtDelta, fmtRatio } from '../model/format.js';
import { runningProgress } from '../model/progress-text.js';
import type { ScreenProps } from './screen-props.js';

type Pane = 'plan' | 'ranking';

/**
 * The leave-one-out ranking and the greedy pruning plan (a dry run: F1 before and after each
 * step), both computed in the background. `a` applies the plan after a confirmation (the rules
 * are disabled, never deleted); `u` undoes the last applied prune.
 */
export function PruneScreen({ active, width, height }: ScreenProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const rank = useJob('rank');
  const plan = useJob('prune');
  const { start: startRank } = rank;
  const { start: startPlan } = plan;
  const refresh = useCallback(() => {
    startRank({});
    startPlan({ apply: false });
  }, [startRank, startPlan]);
  const apply = useJob('prune', (r) => {
    shell.notify(r.applied ? `disabled ${r.removed.length} rule${r.removed.length === 1 ? '' : 's'} (prune op ${r.op_id}): u undoes` : 'nothing to prune');
    refresh();
  });
  const [pane, setPane] = useState<Pane>('plan');
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | undefined>();
  useCapture(active && confirm);
  useEffect(refresh, [refresh]);

  const steps = plan.state.status === 'done' ? plan.state.result.steps : [];
  const ranked = rank.state.status === 'done' ? rank.state.result.rules : [];
  const planHeight = Math.max(3, Math.min(steps.length + 1, Math.floor((height - 6) / 2)));
  const rankHeight = Math.max(2, height - 5 - planHeight);
  const planNav = useListCursor(steps.length, planHeight - 1);
  const rankNav = useListCursor(ranked.length, rankHeight);

  const planCols = useMemo(
    () =>
      layoutColumns(
        [
          { key: 'step', title: '#', width: 3, align: 'right' },
          { key: 'name', title: 'rule', width: 14, grow: 2 },
          { key: 'label', title: 'label', width: 12, grow: 1, dropOrder: 1 },
          { key: 'reason', title: 'reason', width: 9 },
          { key: 'before', title: 'F1 before', width: 9, align: 'right' },
          { key: 'after', title: 'F1 after', width: 9, align: 'right' },
          { key: 'gain', title: 'gain', width: 6, align: 'right' },
        ],
        width,
      ),
    [width],
  );
  const rankCols = useMemo(
    () =>
      layoutColumns(
        [
          { key: 'rank', title: '#', width: 4, align: 'right' },
          { key: 'name', title: 'rule', width: 14, grow: 2 },
          { key: 'label', title: 'label', width: 12, grow: 1, dropOrder: 1 },
          { key: 'solo', title: 'solo F1', width: 7, align: 'right' },
          { key: 'marginal', title: 'ΔF1', width: 6, align: 'right' },
          { key: 'loo', title: 'F1 w/o', width: 6, align: 'right', dropOrder: 2 },
          { key: 'support', title: 'support', width: 7, align: 'right', dropOrder: 3 },
          { key: 'flag', title: '', width: 7 },
        ],
        width,
      ),
    [width],
  );

  useKeys((input, key) => {
    if (confirm) {
      if (input === 'y') {
        setConfirm(false);
        apply.start({ apply: true });
      } else if (input === 'n' || key.escape) setConfirm(false);
      return;
    }
    if (error && key.escape) return setError(undefined);
    if (key.tab) return setPane((p) => (p === 'plan' ? 'ranking' : 'plan'));
    if ((pane === 'plan' ? planNav : rankNav).onKey(input, key)) return;
    if (input === 'p') return refresh();
    if (input === 'a') {
      if (plan.state.status !== 'done') return setError('the plan is not ready yet');
      if (!plan.state.result.removed.length) return setError('the plan removes nothing: no rule\'s removal raises F1');
      return setConfirm(true);
    }
    if (input === 'u') {
      try {
        const r = dataset.undo();
        shell.notify(`undid prune op ${r.op_id}: ${r.restored.length} rule${r.restored.length === 1 ? '' : 's'} enabled again${r.skipped.length ? `, ${r.skipped.length} left as they were` : ''}`);
        setError(undefined);
        refresh();
      } catch (e) {
        setError(errorText(e));
      }
    }
  }, active);

  const p = plan.state.status === 'done' ? plan.state.result : null;
  const r = rank.state.status === 'done' ? rank.state.result : null;
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">Prune</Tone>
        {p ? ` · judged on ${p.split} (${p.n}) · mode ${p.mode} · tolerance ${p.tolerance}` : ''}
        {r ? ` · ensemble F1 ${fmtRatio(r.f1)} (P ${fmtRatio(r.precision)} R ${fmtRatio(r.recall)})` : ''}
      </Text>
      <Text wrap="truncate">
        <Tone tone={pane === 'plan' ? 'selected' : 'muted'}> greedy plan </Tone>{' '}
        {p ? (
          p.removed.length ? (
            <Text>
              F1 {fmtRatio(p.f1_before)} → <Tone tone="good">{fmtRatio(p.f1_after)}</Tone> by disabling {p.removed.length} rule{p.removed.length === 1 ? '' : 's'} (dry run)
            </Text>
          ) : (
            <Tone tone="muted">{`nothing to prune: F1 ${fmtRatio(p.f1_before)} and no removal raises it`}</Tone>
          )
        ) : plan.state.status === 'failed' ? (
          <Tone tone="bad">{plan.state.error}</Tone>
        ) : (
          <Spinner label={`planning${runningProgress(plan.state)}…`} />
        )}
      </Text>
      <Box height={planHeight} flexDirection="column" overflow="hidden">
        {p && steps.length ? (
          <Table
            columns={planCols}
            rows={steps.slice(planNav.cursor.top, planNav.cursor.top + planHeight - 1).map((s) => ({
              key: `${s.step}:${s.rule_id}`,
              cells: {
                step: { text: String(s.step) },
                name: { text: s.name },
                label: { text: s.label },
                reason: { text: s.reason, tone: s.reason === 'harmful' ? 'bad' : 'warn' },
                before: { text: fmtRatio(s.f1_before) },
                after: { text: fmtRatio(s.f1_after), tone: 'good' },
                gain: { text: fmtDelta(s.gain), tone: 'good' },
              } satisfies Record<string, Cell>,
            }))}
            selected={pane === 'plan' ? planNav.cursor.index - planNav.cursor.top : -1}
            focused={active && pane === 'plan'}
          />
        ) : null}
      </Box>
      <Text wrap="truncate">
        <Tone tone={pane === 'ranking' ? 'selected' : 'muted'}> leave-one-out ranking </Tone>{' '}
        {r ? (
          <Tone tone="muted">{`${r.rules.length} active rules, best first · ${r.rules.filter((x) => x.harmful).length} harmful · ${r.rules.filter((x) => x.dead).length} dead`}</Tone>
        ) : rank.state.status === 'failed' ? (
          <Tone tone="bad">{rank.state.error}</Tone>
        ) : (
          <Spinner label={`ranking${runningProgress(rank.state)}…`} />
        )}
      </Text>
      <Box height={rankHeight + 1} flexDirection="column" overflow="hidden">
        {r ? (
          <Table
            columns={rankCols}
            rows={ranked.slice(rankNav.cursor.top, rankNav.cursor.top + rankHeight).map((x) => ({
              key: x.id,
              cells: {
                rank: { text: String(x.rank) },
                name: { text: x.name },
                label: { text: x.label },
                solo: { text: fmtRatio(x.solo_f1) },
                marginal: { text: fmtDelta(x.marginal_f1), ...(x.harmful ? { tone: 'bad' as const } : {}) },
                loo: { text: fmtRatio(x.loo_f1) },
                support: { text: String(x.support) },
                flag: { text: x.harmful ? 'harmful' : x.dead ? 'dead' : '', tone: 'bad' },
              } satisfies Record<string, Cell>,
            }))}
            selected={pane === 'ranking' ? rankNav.cursor.index - rankNav.cursor.top : -1}
            focused={active && pane === 'ranking'}
            empty="no active rules"
          />
        ) : null}
      </Box>
      {confirm && p ? (
        <ConfirmBar question={`Disable ${p.removed.length} rule${p.removed.length === 1 ? '' : 's'} (F1 ${fmtRatio(p.f1_before)} → ${fmtRatio(p.f1_after)})?`} />
      ) : apply.state.status === 'running' ? (
        <Spinner label={`applying the plan${runningProgress(apply.state)}…`} />
      ) : apply.state.status === 'failed' ? (
        <Tone tone="bad">{apply.state.error}</Tone>
      ) : error ? (
        <Tone tone="bad">{error}</Tone>
      ) : (
        <Tone tone="muted">a: apply (asks first) · u: undo the last prune · p: plan again</Tone>
      )}
    </Box>
  );
}
