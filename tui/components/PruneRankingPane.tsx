import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { JobState } from '../hooks/use-job.js';
import type { JobResult, Jobs } from '../jobs/jobs.js';
import { layoutColumns } from '../model/columns.js';
import { ruleLeadColumns } from '../model/rule-lead-columns.js';
import { fmtCount, fmtDelta, fmtRatio } from '../model/format.js';
import { runningProgress } from '../model/progress-text.js';
import { Spinner } from './Spinner.js';
import { type Cell, Table } from './Table.js';
import { Tone } from './Tone.js';

export interface PruneRankingPaneProps {
  readonly rank: JobState<JobResult<Jobs['rank']>>;
  /** First rule in view, and how many rows of rules show. */
  readonly top: number;
  readonly rows: number;
  /** Rows of the pane: one more than `rows` when a line says which rows are skipped. */
  readonly height: number;
  /** Index of the selected rule in view, or -1 when the pane is not in front. */
  readonly selected: number;
  readonly front: boolean;
  readonly focused: boolean;
  readonly width: number;
}

/** Every active rule best first: solo F1, the F1 it adds (leave-one-out) and F1 without it, harmful and dead ones flagged. */
export function PruneRankingPane({ rank, top, rows, height, selected, front, focused, width }: PruneRankingPaneProps) {
  const columns = useMemo(
    () =>
      layoutColumns(
        [
          ...ruleLeadColumns('rank', 4),
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
  const r = rank.status === 'done' ? rank.result : null;
  const ranked = r?.rules ?? [];
  const below = Math.max(0, ranked.length - top - rows);
  return (
    <>
      <Text wrap="truncate">
        <Tone tone={front ? 'selected' : 'muted'}> leave-one-out ranking </Tone>{' '}
        {r ? (
          <Tone tone="muted">{`${r.rules.length} active rules, best first · ${r.rules.filter((x) => x.harmful).length} harmful · ${r.rules.filter((x) => x.dead).length} dead`}</Tone>
        ) : rank.status === 'failed' ? (
          <Tone tone="bad">{rank.error}</Tone>
        ) : (
          <Spinner label={`ranking${runningProgress(rank)}…`} />
        )}
      </Text>
      <Box height={height} flexDirection="column" overflow="hidden">
        {r ? (
          <Table
            columns={columns}
            rows={ranked.slice(top, top + rows).map((x) => ({
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
            selected={selected}
            focused={focused}
            empty="no active rules"
          />
        ) : null}
        {r && ranked.length > rows ? (
          <Tone tone="muted">{`  ⋮ rules ${top + 1}-${top + Math.min(rows, ranked.length - top)} of ${ranked.length} · ${top} above · ${below} below (tab, then j/k or PgDn)`}</Tone>
        ) : null}
      </Box>
    </>
  );
}
