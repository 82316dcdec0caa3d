import { Box, Text } from 'ink';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConfirmBar } from '../components/ConfirmBar.js';
import { Spinner } from '../components/Spinner.js';
import { type Cell, Table } from '../components/Table.js';
import { Tone } from '../components/Tone.js';
import { useCapture } from '../hooks/use-capture.js';
import { useJob } from '../hooks/use-job.js';
import { useRescore } from '../hooks/use-rescore.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { errorText } from '../hooks/use-loader.js';
import { useServices } from '../hooks/use-services.js';
import { useSessionState } from '../hooks/use-session-state.js';
import { layoutColumns } from '../model/columns.js';
import { fmtCount, fmtDelta, fmtRatio } from '../model/format.js';
import { runningProgress } from '../model/progress-text.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

type Pane = 'plan' | 'ranking';

/** What the CLI's `prune` takes besides --apply: also dead rules, also duplicates, the tolerance. */
interface PruneOptions {
  readonly dead: boolean;
  readonly duplicates: boolean;
  readonly tolerance: number;
}

/** The tolerances `+`/`-` step through (an F1 gain a step must exceed). */
const TOLERANCES: readonly number[] = [0, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05];

/** The CLI flags that make the same plan, for the header (what `rulewright prune` would take). */
function flagsOf(o: PruneOptions): string {
  return [o.dead ? '--dead' : '', o.duplicates ? '--duplicates' : '', o.tolerance ? `--tolerance ${o.tolerance}` : ''].filter(Boolean).join(' ');
}

/** Rules `dead` left alone because they fire right on train, said after the plan's F1. */
function keptDead(p: { kept_dead: readonly unknown[]; split: string }) {
  if (!p.kept_dead.length) return null;
  const n = p.kept_dead.length;
  return <Tone tone="muted">{` · kept ${n} rule${n === 1 ? '' : 's'} dead on ${p.split}, right on train`}</Tone>;
}

/**
 * The leave-one-out ranking and the greedy pruning plan (a dry run: F1 before and after each
 * step), both computed in the background. `a` applies the plan after a confirmation (the rules
 * are disabled, never deleted); `u` undoes the last applied prune.
 */
export function PruneScreen({ active, width, height }: ScreenProps) {
  const { dataset } = useServices();
  const rank = useJob('rank');
  const plan = useJob('prune');
  const [opts, setOpts] = useSessionState<PruneOptions>('prune.options', { dead: false, duplicates: false, tolerance: 0 });
  const { start: startRank } = rank;
  const { start: startPlan } = plan;
  const refresh = useCallback(() => {
    startRank({});
    startPlan({ apply: false, ...opts });
  }, [startRank, startPlan, opts]);
  const rescore = useRescore();
  const apply = useJob('prune', (r) => {
    rescore.changed(r.applied ? `disabled ${r.removed.length} rule${r.removed.length === 1 ? '' : 's'} (prune op ${r.op_id}): u undoes` : 'nothing to prune');
    refresh();
  });
  const [pane, setPane] = useState<Pane>('plan');
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // An apply's failure shows until the next action, not for as long as the screen is open.
  const [applyShown, setApplyShown] = useState(false);
  useCapture(active && confirm);
  useEffect(refresh, [refresh]);

  const steps = plan.state.status === 'done' ? plan.state.result.steps : [];
  const ranked = rank.state.status === 'done' ? rank.state.result.rules : [];
  const planHeight = Math.max(3, Math.min(steps.length + 1, Math.floor((height - 6) / 2)));
  const rankHeight = Math.max(2, height - 5 - planHeight);
  const planNav = useListCursor(steps.length, planHeight - 1);
  // A ranking longer than its pane keeps a line to say which rows are skipped above and below.
  const overflow = ranked.length > rankHeight;
  const rankRows = overflow ? Math.max(1, rankHeight - 1) : rankHeight;
  const rankNav = useListCursor(ranked.length, rankRows);
  const above = rankNav.cursor.top;
  const below = Math.max(0, ranked.length - above - rankRows);

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
          { key: 'decided', title: 'decided by', width: 10, align: 'right', dropOrder: 2 },
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
        setApplyShown(true);
        apply.start({ apply: true, ...opts });
      } else if (input === 'n' || key.escape) setConfirm(false);
      return;
    }
    if (error && key.escape) return setError(undefined);
    const action = actionFor('prune', input, key);
    if (action === 'pane') return setPane((p) => (p === 'plan' ? 'ranking' : 'plan'));
    if ((pane === 'plan' ? planNav : rankNav).onKey(input, key)) return;
    if (action === null) return;
    // Any action replaces what the last one said.
    setError(undefined);
    setApplyShown(false);
    switch (action) {
      case 'plan':
        return refresh();
      case 'dead':
        return setOpts((o) => ({ ...o, dead: !o.dead }));
      case 'duplicates':
        return setOpts((o) => ({ ...o, duplicates: !o.duplicates }));
      case 'tolerance':
        return setOpts((o) => {
          const at = Math.max(0, TOLERANCES.indexOf(o.tolerance));
          return { ...o, tolerance: TOLERANCES[Math.max(0, Math.min(TOLERANCES.length - 1, at + (input === '-' ? -1 : 1)))]! };
        });
      case 'apply':
        if (plan.state.status !== 'done') return setError('the plan is not ready yet');
        if (!plan.state.result.removed.length) return setError("the plan removes nothing: no rule's removal raises F1");
        return setConfirm(true);
      case 'undo':
        try {
          const r = dataset.undo();
          rescore.changed(`undid prune op ${r.op_id}: ${r.restored.length} rule${r.restored.length === 1 ? '' : 's'} enabled again${r.skipped.length ? `, ${r.skipped.length} left as they were` : ''}`);
          refresh();
        } catch (e) {
          setError(errorText(e));
        }
        return;
    }
  }, active);

  const p = plan.state.status === 'done' ? plan.state.result : null;
  const r = rank.state.status === 'done' ? rank.state.result : null;
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">Prune</Tone>
        {p ? ` · judged on ${p.split} (${p.n}) · mode ${p.mode} · tolerance ${p.tolerance}` : ''}
        {flagsOf(opts) ? <Tone tone="accent">{` · ${flagsOf(opts)}`}</Tone> : null}
        {r ? ` · ensemble F1 ${fmtRatio(r.f1)} (P ${fmtRatio(r.precision)} R ${fmtRatio(r.recall)})` : ''}
      </Text>
      <Text wrap="truncate">
        <Tone tone={pane === 'plan' ? 'selected' : 'muted'}> greedy plan </Tone>{' '}
        {p ? (
          p.removed.length ? (
            <Text>
              F1 {fmtRatio(p.f1_before)} → <Tone tone="good">{fmtRatio(p.f1_after)}</Tone> by disabling {p.removed.length} rule{p.removed.length === 1 ? '' : 's'} (dry run) ·{' '}
              <Tone tone={p.decided_by > 0 && p.decided_by <= 2 ? 'warn' : 'muted'}>{`decided by ${p.decided_by} of ${p.n} ${p.split} examples`}</Tone>
              {keptDead(p)}
            </Text>
          ) : (
            <Text>
              <Tone tone="muted">{`nothing to prune: F1 ${fmtRatio(p.f1_before)} and no removal raises it`}</Tone>
              {keptDead(p)}
            </Text>
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
                decided: { text: `${s.decided_by} of ${p.n}`, ...(s.decided_by > 0 && s.decided_by <= 2 ? { tone: 'warn' as const } : {}) },
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
            rows={ranked.slice(rankNav.cursor.top, rankNav.cursor.top + rankRows).map((x) => ({
              key: x.id,
              cells: {
                rank: { text: String(x.rank) },
                name: { text: x.name },
                label: { text: x.label },
                solo: { text: fmtRatio(x.solo_f1) },
                marginal: { text: fmtDelta(x.marginal_f1), ...(x.harmful ? { tone: 'bad' as const } : {}) },
                loo: { text: fmtRatio(x.loo_f1) },
                support: { text: fmtCount(x.support) },
                flag: { text: x.harmful ? 'harmful' : x.dead ? 'dead' : '', tone: 'bad' },
              } satisfies Record<string, Cell>,
            }))}
            selected={pane === 'ranking' ? rankNav.cursor.index - rankNav.cursor.top : -1}
            focused={active && pane === 'ranking'}
            empty="no active rules"
          />
        ) : null}
        {r && overflow ? (
          <Tone tone="muted">{`  ⋮ rules ${above + 1}-${above + Math.min(rankRows, ranked.length - above)} of ${ranked.length} · ${above} above · ${below} below (tab, then j/k or PgDn)`}</Tone>
        ) : null}
      </Box>
      {confirm && p ? (
        <ConfirmBar question={`Disable ${p.removed.length} rule${p.removed.length === 1 ? '' : 's'} (F1 ${fmtRatio(p.f1_before)} → ${fmtRatio(p.f1_after)})?`} />
      ) : apply.state.status === 'running' ? (
        <Spinner label={`applying the plan${runningProgress(apply.state)}…`} />
      ) : applyShown && apply.state.status === 'failed' ? (
        <Tone tone="bad">{apply.state.error}</Tone>
      ) : error ? (
        <Tone tone="bad">{error}</Tone>
      ) : (
        <Tone tone="muted">{`d dead ${opts.dead ? 'on' : 'off'} · x duplicates ${opts.duplicates ? 'on' : 'off'} · +/- tolerance ${opts.tolerance} · a apply · u undo`}</Tone>
      )}
    </Box>
  );
}
