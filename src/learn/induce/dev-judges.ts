import { prf, wilsonLower, wilsonUpper } from '../../core/ratio.js';
import { plus } from '../../core/metrics/scored-run.js';
import { devJudge, type Judge } from './select.js';

/**
 * A removal judge that only removes a rule when dev shows it clearly hurts: removing it raises dev
 * F1, and even the Wilson upper bound of its precision on the dev texts where it decides is below
 * half the ensemble's F1 (the break-even precision of a decision-list rule under micro F1).
 * Removing every rule that happened to miss on one or two dev texts fits dev, not the task.
 */
export function clearlyHarmful(): Judge {
  const f1Up = devJudge({ minGainPrecision: 0, recallTolerance: 0 });
  return (t, pl) => {
    if (!f1Up(t, pl) || !t.dev) return false;
    const d = t.dev.delta;
    // Removal: the rule's own decisions are what is lost (tp) and what stops being wrong (fp).
    const lostTp = Math.max(0, -d.tp);
    const decided = lostTp + Math.max(0, -d.fp);
    if (!decided) return false;
    const f1 = prf(pl.dev!.totals.counts).f1 ?? 0;
    return wilsonUpper(lostTp / decided, decided) < f1 / 2;
  };
}

/**
 * The mirror of `clearlyHarmful` for additions: a rule is added only when adding it raises dev F1
 * and the Wilson lower bound of its dev precision on what it adds beats half the ensemble's F1, so
 * dev admits a rule on evidence, not on one lucky text.
 */
export function clearlyHelpful(): Judge {
  return (t, pl) => {
    if (!t.dev || !pl.dev) return false;
    const d = t.dev.delta;
    const now = pl.dev.totals.counts;
    const before = prf(now).f1 ?? 0;
    const after = prf(plus(now, d)).f1 ?? 0;
    if (after <= before + 1e-9 || d.tp <= 0) return false;
    const n = d.tp + Math.max(0, d.fp);
    return wilsonLower(d.tp / n, n) > before / 2;
  };
}
