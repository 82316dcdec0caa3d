import type { TextRange } from './text-cursor.js';

/** A gold span of the example, as stored. */
export interface GoldSpan extends TextRange {
  readonly label: string;
}

/** Why a selection gets the label it shows, so the person can tell a guess from the gold. */
export type LabelSource = 'picked' | 'gold' | 'overlaps gold' | 'first label';

export interface SpanLabel {
  readonly label: string;
  readonly source: LabelSource;
}

/** The labels a selection can take: the task's, then any other the example's gold uses. */
export function labelChoices(taskLabels: readonly string[], gold: readonly GoldSpan[]): string[] {
  return [...new Set([...taskLabels, ...gold.map((g) => g.label)])];
}

/**
 * The label a rule for the selection should give. The person's pick wins; else the gold span
 * the selection is exactly (what the service itself would take); else the gold span it overlaps
 * most (a selection a little off a gold span is most likely meant as that span); else the
 * task's first label. Null when there is no label at all to give.
 */
export function spanLabel(sel: TextRange, gold: readonly GoldSpan[], choices: readonly string[], picked: string | null): SpanLabel | null {
  if (picked !== null) return { label: picked, source: 'picked' };
  const exact = gold.find((g) => g.start === sel.start && g.end === sel.end);
  if (exact) return { label: exact.label, source: 'gold' };
  let best: GoldSpan | undefined;
  let most = 0;
  for (const g of gold) {
    const shared = Math.min(g.end, sel.end) - Math.max(g.start, sel.start);
    if (shared > most) [best, most] = [g, shared];
  }
  if (best) return { label: best.label, source: 'overlaps gold' };
  const first = choices[0];
  return first === undefined ? null : { label: first, source: 'first label' };
}

