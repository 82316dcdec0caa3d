import type { Progress } from '../../src/service/index.js';

const PHASES: ReadonlySet<string> = new Set<Progress['phase']>(['parse', 'insert', 'execute', 'score', 'compare', 'prune']);

/** Whether a job's progress event is a service Progress (learn, for one, reports other events). */
export function isProgress(p: unknown): p is Progress {
  if (typeof p !== 'object' || p === null) return false;
  const x = p as Record<string, unknown>;
  return typeof x.phase === 'string' && PHASES.has(x.phase) && typeof x.done === 'number' && typeof x.total === 'number';
}

/** A running job's progress for a spinner: `running rules 45%`, or '' when it has said nothing measurable. */
export function progressText(p: unknown): string {
  if (!isProgress(p)) return '';
  const what: Record<Progress['phase'], string> = {
    parse: 'reading',
    insert: 'storing',
    execute: 'running rules',
    score: 'scoring rules',
    compare: 'comparing rules',
    prune: `pruning, step ${p.step ?? 1}`,
    learn: 'learning rules',
  };
  const pct = p.total > 0 ? Math.min(100, Math.floor((100 * p.done) / p.total)) : 0;
  return `${what[p.phase]} ${pct}%`;
}

/** The progress of a job state for a spinner label: ` · running rules 45%`, or '' when idle or silent. */
export function runningProgress(state: { readonly status: string; readonly progress?: unknown }): string {
  const text = state.status === 'running' ? progressText(state.progress) : '';
  return text ? ` · ${text}` : '';
}
