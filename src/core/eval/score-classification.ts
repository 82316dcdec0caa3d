import { newTally } from './tally.js';
import type { ExampleScore, Outcome } from './types.js';

/** How class labels compare: trimmed and case-folded; `display` maps a folded label to its report name. */
export interface ClassConfig {
  /** Folded label → the task's own spelling (from `task.labels`). */
  byFold: ReadonlyMap<string, string>;
  outcomes: boolean;
}

export const foldLabel = (s: string): string => s.trim().toLowerCase();

function clean(label: string | null | undefined): string | null {
  if (label === null || label === undefined) return null;
  const t = label.trim();
  return t === '' ? null : t;
}

/**
 * One gold label against one predicted label. A correct label is a TP; an abstention an FN
 * (`missing`); a wrong label an FP for the predicted class plus an FN for the gold class
 * (`wrong_label`); a label where gold has none an FP (`spurious`). Labels outside the example's
 * `annotated` set (folded) are ignored on both sides.
 */
export function scoreClassification(
  cfg: ClassConfig,
  id: string,
  goldLabel: string | null | undefined,
  predLabel: string | null | undefined,
  ruleId: string | null | undefined,
  annotated: ReadonlySet<string> | null,
): ExampleScore {
  let g = clean(goldLabel);
  let p = clean(predLabel);
  const covered = p !== null;
  const gf = g === null ? null : foldLabel(g);
  const pf = p === null ? null : foldLabel(p);
  if (annotated) {
    if (gf !== null && !annotated.has(gf)) g = null;
    if (pf !== null && !annotated.has(pf)) p = null;
  }
  const gd = g === null ? null : (cfg.byFold.get(gf!) ?? g);
  const pd = p === null ? null : (cfg.byFold.get(pf!) ?? p);
  const tally = newTally();
  const outcomes: Outcome[] | undefined = cfg.outcomes ? [] : undefined;
  const goldItem = gd === null ? undefined : { label: gd };
  const predItem = pd === null ? undefined : { label: pd, rule_id: ruleId ?? null };
  if (gd !== null && pd !== null && gf === pf) {
    tally.add(gd, 1, 0, 0);
    outcomes?.push({ kind: 'match', gold: goldItem!, pred: predItem!, credit: 1 });
  } else {
    if (pd !== null) tally.add(pd, 0, 1, 0);
    if (gd !== null) tally.add(gd, 0, 0, 1);
    if (gd !== null && pd !== null) {
      tally.errors.wrong_label++;
      outcomes?.push({ kind: 'wrong_label', gold: goldItem!, pred: predItem!, credit: 0 });
    } else if (gd !== null) {
      tally.errors.missing++;
      outcomes?.push({ kind: 'missed', gold: goldItem! });
    } else if (pd !== null) {
      tally.errors.spurious++;
      outcomes?.push({ kind: 'spurious', pred: predItem! });
    }
  }
  const s = tally.finish(id, undefined, outcomes);
  s.covered = covered;
  s.confusion = { gold: gd, predicted: pd };
  return s;
}
