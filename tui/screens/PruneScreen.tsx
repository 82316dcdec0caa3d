import { Box, Text } from 'ink';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';
import { ConfirmBar } from '../components/ConfirmBar.js';
import { PrunePlanPane } from '../components/PrunePlanPane.js';
import { PruneRankingPane } from '../components/PruneRankingPane.js';
import { Spinner } from '../components/Spinner.js';
import { Tone } from '../components/Tone.js';
import { useCapture } from '../hooks/use-capture.js';
import { type Job, useJob } from '../hooks/use-job.js';
import { useRescore } from '../hooks/use-rescore.js';
import { useKeys } from '../hooks/use-keys.js';
import { type ListNav, useListCursor } from '../hooks/use-list-cursor.js';
import { errorText } from '../hooks/use-loader.js';
import { useServices } from '../hooks/use-services.js';
import { useSessionState } from '../hooks/use-session-state.js';
import { fmtRatio } from '../model/format.js';
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

/** The next tolerance up (`+`) or down (`-`), staying inside the steps. */
function stepTolerance(o: PruneOptions, input: string): PruneOptions {
  const at = Math.max(0, TOLERANCES.indexOf(o.tolerance));
  return { ...o, tolerance: TOLERANCES[Math.max(0, Math.min(TOLERANCES.length - 1, at + (input === '-' ? -1 : 1)))]! };
}

/** The ranking, the plan and applying it, all in the background; a new plan whenever the options change. */
function usePruneJobs(opts: PruneOptions) {
  const rank = useJob('rank');
  const plan = useJob('prune');
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
  useEffect(refresh, [refresh]);
  return { rank, plan, apply, refresh };
}

/**
 * The leave-one-out ranking and the greedy pruning plan (a dry run: F1 before and after each
 * step), both computed in the background. `a` applies the plan after a confirmation (the rules
 * are disabled, never deleted); `u` undoes the last applied prune.
 */
export function PruneScreen({ active, width, height }: ScreenProps) {
  const [opts, setOpts] = useSessionState<PruneOptions>('prune.options', { dead: false, duplicates: false, tolerance: 0 });
  const jobs = usePruneJobs(opts);
  const { rank, plan, apply } = jobs;
  const [pane, setPane] = useState<Pane>('plan');
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // An apply's failure shows until the next action, not for as long as the screen is open.
  const [applyShown, setApplyShown] = useState(false);
  useCapture(active && confirm);

  const steps = plan.state.status === 'done' ? plan.state.result.steps : [];
  const ranked = rank.state.status === 'done' ? rank.state.result.rules : [];
  const planHeight = Math.max(3, Math.min(steps.length + 1, Math.floor((height - 6) / 2)));
  const rankHeight = Math.max(2, height - 5 - planHeight);
  const planNav = useListCursor(steps.length, planHeight - 1);
  // A ranking longer than its pane keeps a line to say which rows are skipped above and below.
  const rankRows = ranked.length > rankHeight ? Math.max(1, rankHeight - 1) : rankHeight;
  const rankNav = useListCursor(ranked.length, rankRows);
  usePruneKeys({ jobs, opts, setOpts, nav: pane === 'plan' ? planNav : rankNav, setPane, confirm, setConfirm, error, setError, setApplyShown, active });

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
      <PrunePlanPane plan={plan.state} top={planNav.cursor.top} height={planHeight} selected={pane === 'plan' ? planNav.cursor.index - planNav.cursor.top : -1} front={pane === 'plan'} focused={active && pane === 'plan'} width={width} />
      <PruneRankingPane rank={rank.state} top={rankNav.cursor.top} rows={rankRows} height={rankHeight + 1} selected={pane === 'ranking' ? rankNav.cursor.index - rankNav.cursor.top : -1} front={pane === 'ranking'} focused={active && pane === 'ranking'} width={width} />
      {confirm && p ? (
        <ConfirmBar question={`Disable ${p.removed.length} rule${p.removed.length === 1 ? '' : 's'} (F1 ${fmtRatio(p.f1_before)} → ${fmtRatio(p.f1_after)})?`} />
      ) : (
        <PruneBar apply={apply} applyShown={applyShown} error={error} opts={opts} />
      )}
    </Box>
  );
}

interface PruneKeys {
  readonly jobs: ReturnType<typeof usePruneJobs>;
  readonly opts: PruneOptions;
  readonly setOpts: (next: PruneOptions | ((prev: PruneOptions) => PruneOptions)) => void;
  /** The list of the pane in front. */
  readonly nav: ListNav;
  readonly setPane: Dispatch<SetStateAction<Pane>>;
  readonly confirm: boolean;
  readonly setConfirm: Dispatch<SetStateAction<boolean>>;
  readonly error: string | undefined;
  readonly setError: Dispatch<SetStateAction<string | undefined>>;
  readonly setApplyShown: Dispatch<SetStateAction<boolean>>;
  readonly active: boolean;
}

/** The prune screen's keys: the y/n question first, then the panes, the options, apply and undo. */
function usePruneKeys(k: PruneKeys) {
  const { dataset } = useServices();
  const rescore = useRescore();
  const { jobs, opts, setOpts, setConfirm, setError, setApplyShown } = k;
  const undo = () => {
    try {
      const r = dataset.undo();
      rescore.changed(`undid prune op ${r.op_id}: ${r.restored.length} rule${r.restored.length === 1 ? '' : 's'} enabled again${r.skipped.length ? `, ${r.skipped.length} left as they were` : ''}`);
      jobs.refresh();
    } catch (e) {
      setError(errorText(e));
    }
  };
  useKeys((input, key) => {
    if (k.confirm) {
      if (input === 'y') {
        setConfirm(false);
        setApplyShown(true);
        jobs.apply.start({ apply: true, ...opts });
      } else if (input === 'n' || key.escape) setConfirm(false);
      return;
    }
    if (k.error && key.escape) return setError(undefined);
    const action = actionFor('prune', input, key);
    if (action === 'pane') return k.setPane((p) => (p === 'plan' ? 'ranking' : 'plan'));
    if (k.nav.onKey(input, key)) return;
    if (action === null) return;
    // Any action replaces what the last one said.
    setError(undefined);
    setApplyShown(false);
    switch (action) {
      case 'plan':
        return jobs.refresh();
      case 'dead':
        return setOpts((o) => ({ ...o, dead: !o.dead }));
      case 'duplicates':
        return setOpts((o) => ({ ...o, duplicates: !o.duplicates }));
      case 'tolerance':
        return setOpts((o) => stepTolerance(o, input));
      case 'apply': {
        const plan = jobs.plan.state;
        if (plan.status !== 'done') return setError('the plan is not ready yet');
        if (!plan.result.removed.length) return setError("the plan removes nothing: no rule's removal raises F1");
        return setConfirm(true);
      }
      case 'undo':
        return undo();
    }
  }, k.active);
}

interface PruneBarProps {
  readonly apply: Job<'prune'>;
  readonly applyShown: boolean;
  readonly error: string | undefined;
  readonly opts: PruneOptions;
}

/** The bottom of the prune screen: applying, what failed, or the options and their keys. */
function PruneBar({ apply, applyShown, error, opts }: PruneBarProps) {
  if (apply.state.status === 'running') return <Spinner label={`applying the plan${runningProgress(apply.state)}…`} />;
  if (applyShown && apply.state.status === 'failed') return <Tone tone="bad">{apply.state.error}</Tone>;
  if (error) return <Tone tone="bad">{error}</Tone>;
  return <Tone tone="muted">{`d dead ${opts.dead ? 'on' : 'off'} · x duplicates ${opts.duplicates ? 'on' : 'off'} · +/- tolerance ${opts.tolerance} · a apply · u undo`}</Tone>;
}
