import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { PruneResultView } from '../../src/service/index.js';
import type { JobState } from '../hooks/use-job.js';
import { layoutColumns } from '../model/columns.js';
import { ruleLeadColumns } from '../model/rule-lead-columns.js';
import { fmtDelta, fmtRatio } from '../model/format.js';
import { runningProgress } from '../model/progress-text.js';
import { Spinner } from './Spinner.js';
import { type Cell, Table } from './Table.js';
import { Tone } from './Tone.js';

export interface PrunePlanPaneProps {
  readonly plan: JobState<PruneResultView>;
  /** First step in view, and rows for the table (its header included). */
  readonly top: number;
  readonly height: number;
  /** Index of the selected step in view, or -1 when the pane is not in front. */
  readonly selected: number;
  /** The pane is in front. */
  readonly front: boolean;
  readonly focused: boolean;
  readonly width: number;
}

/** Rules `dead` left alone because they fire right on train, said after the plan's F1. */
function keptDead(p: { kept_dead: readonly unknown[]; split: string }) {
  if (!p.kept_dead.length) return null;
  const n = p.kept_dead.length;
  return <Tone tone="muted">{` · kept ${n} rule${n === 1 ? '' : 's'} dead on ${p.split}, right on train`}</Tone>;
}

/** What the plan does, in one line: the F1 it reaches and how few examples decide it, or that it removes nothing. */
function PlanSummary({ plan }: { readonly plan: JobState<PruneResultView> }) {
  if (plan.status === 'failed') return <Tone tone="bad">{plan.error}</Tone>;
  if (plan.status !== 'done') return <Spinner label={`planning${runningProgress(plan)}…`} />;
  const p = plan.result;
  if (!p.removed.length)
    return (
      <Text>
        <Tone tone="muted">{`nothing to prune: F1 ${fmtRatio(p.f1_before)} and no removal raises it`}</Tone>
        {keptDead(p)}
      </Text>
    );
  return (
    <Text>
      F1 {fmtRatio(p.f1_before)} → <Tone tone="good">{fmtRatio(p.f1_after)}</Tone> by disabling {p.removed.length} rule{p.removed.length === 1 ? '' : 's'} (dry run) ·{' '}
      <Tone tone={p.decided_by > 0 && p.decided_by <= 2 ? 'warn' : 'muted'}>{`decided by ${p.decided_by} of ${p.n} ${p.split} examples`}</Tone>
      {keptDead(p)}
    </Text>
  );
}

/** The greedy pruning plan: its summary, then each step with F1 before and after and how many examples decided it. */
export function PrunePlanPane({ plan, top, height, selected, front, focused, width }: PrunePlanPaneProps) {
  const columns = useMemo(
    () =>
      layoutColumns(
        [
          ...ruleLeadColumns('step', 3),
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
  const p = plan.status === 'done' ? plan.result : null;
  return (
    <>
      <Text wrap="truncate">
        <Tone tone={front ? 'selected' : 'muted'}> greedy plan </Tone> <PlanSummary plan={plan} />
      </Text>
      <Box height={height} flexDirection="column" overflow="hidden">
        {p && p.steps.length ? (
          <Table
            columns={columns}
            rows={p.steps.slice(top, top + height - 1).map((s) => ({
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
            selected={selected}
            focused={focused}
          />
        ) : null}
      </Box>
    </>
  );
}
