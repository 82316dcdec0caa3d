import { textOf } from '../../core/engine/predict.js';
import type { ExampleScore, Outcome, OutcomeItem } from '../../core/eval/types.js';
import type { Example } from '../../core/schemas/example.js';
import { isSpanTask, type Task } from '../../core/schemas/task.js';
import { contextWindow } from '../prompts/evidence.js';
import { clipText } from '../prompts/render.js';
import type { FailureCluster, FailureKind, FailureSample } from '../prompts/views.js';

export interface ClusterOptions {
  /** Samples kept per cluster (default 6). */
  maxSamples?: number;
  /** Characters of context on each side (default 50). */
  window?: number;
  /** Keep only failures this returns true for (incremental learning's targets). */
  keep?: (failure: { example: Example; kind: FailureKind; label: string; ruleId: string | null }) => boolean;
}

function itemText(task: Task, item: OutcomeItem | undefined): string | null {
  if (!item) return null;
  if (task.type === 'classification') return item.label;
  if (task.type === 'transformation') return `${item.label}=${JSON.stringify(item.value ?? item.text ?? null)}`;
  return `${JSON.stringify(item.text ?? '')} ${item.label}`;
}

function contextOf(task: Task, example: Example, o: Outcome, window: number): string {
  const text = textOf(task, example);
  const item = o.kind === 'spurious' || o.kind === 'wrong_boundary' ? (o.pred ?? o.gold) : (o.gold ?? o.pred);
  if (isSpanTask(task.type) && item?.start !== undefined && item.end !== undefined) {
    // A boundary error shows the union of both spans, so the model sees what was cut or added.
    const start = o.gold && o.pred ? Math.min(o.gold.start ?? item.start, o.pred.start ?? item.start) : item.start;
    const end = o.gold && o.pred ? Math.max(o.gold.end ?? item.end, o.pred.end ?? item.end) : item.end;
    return contextWindow(text, start, end, window);
  }
  return clipText(text, 300);
}

/**
 * Groups what the rules got wrong by kind (missed, spurious, wrong label, wrong boundary, wrong
 * value) and label (the expected label, or the produced one for spurious outputs), largest first,
 * with a bounded sample of each in example order (corrections come first in the training list,
 * so they are sampled first). Scores must carry outcomes.
 */
export function clusterFailures(task: Task, examples: readonly Example[], scores: readonly ExampleScore[], opts: ClusterOptions = {}): FailureCluster[] {
  const maxSamples = opts.maxSamples ?? 6;
  const window = opts.window ?? 50;
  const clusters = new Map<string, FailureCluster & { ruleCounts: Map<string, number> }>();
  scores.forEach((s, i) => {
    const example = examples[i]!;
    for (const o of s.outcomes ?? []) {
      if (o.kind === 'match') continue;
      const kind: FailureKind = o.kind;
      const label = kind === 'spurious' ? (o.pred?.label ?? '?') : (o.gold?.label ?? o.pred?.label ?? '?');
      const ruleId = o.pred?.rule_id ?? null;
      if (opts.keep && !opts.keep({ example, kind, label, ruleId })) continue;
      const key = `${kind}\u0000${label}`;
      let c = clusters.get(key);
      if (!c) clusters.set(key, (c = { kind, label, count: 0, samples: [], rule_ids: [], ruleCounts: new Map() }));
      c.count++;
      if (ruleId) c.ruleCounts.set(ruleId, (c.ruleCounts.get(ruleId) ?? 0) + 1);
      if (c.samples.length < maxSamples) {
        const sample: FailureSample = {
          example_id: example.id,
          context: contextOf(task, example, o, window),
          gold: itemText(task, o.gold),
          predicted: itemText(task, o.pred),
          rule_id: ruleId,
        };
        c.samples.push(sample);
      }
    }
  });
  return [...clusters.values()]
    .map(({ ruleCounts, ...c }) => ({
      ...c,
      rule_ids: [...ruleCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id),
    }))
    .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.label < b.label ? -1 : 1));
}

/** Total failures over clusters. */
export function failureCount(clusters: readonly FailureCluster[]): number {
  return clusters.reduce((n, c) => n + c.count, 0);
}
