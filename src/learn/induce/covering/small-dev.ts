import { groupsOf } from '../near-duplicates.js';
import { TUNING } from '../tuning.js';
import { chooseThreshold } from './cross-validate.js';
import { coverOptions, FEATURES, type Plan, type PlanBase } from './plan.js';

/** Fewest dev texts that judge on their own (see `TUNING.smallDev`): 97. */
export function minDevTexts(): number {
  const { z, halfWidth } = TUNING.smallDev;
  return Math.ceil((z / (2 * halfWidth)) ** 2);
}

/** Dev as evidence: its examples (`size`), and how many pieces of evidence they are (`n`). */
interface Counted {
  size: number;
  n: number;
  /** ` in N groups of near-duplicate texts (…)` where groups are fewer than texts, else empty. */
  of: string;
  counts: (i: number) => boolean;
}

/** Each dev text once, or with its texts, each group of near-duplicates once (see near-duplicates.ts). */
function counted(dev: readonly unknown[], devTexts?: readonly string[]): Counted {
  const groups = devTexts ? groupsOf(devTexts) : null;
  const counts = (i: number) => !groups || groups[i] === i;
  const n = groups ? dev.filter((_, i) => counts(i)).length : dev.length;
  return { size: dev.length, n, of: n < dev.length ? ` in ${n} group${n === 1 ? '' : 's'} of near-duplicate texts (windows of one document, or texts repeated)` : '', counts };
}

/** Why evidence this small cannot judge on its own, or null. */
function tooFewOf({ size, n, of }: Counted): string | null {
  if (n >= minDevTexts()) return null;
  const unit = of ? ' groups' : '';
  return `dev has ${size} example${size === 1 ? '' : 's'}${of}, too few to judge on its own (its F1 is known to ±${halfWidthOn(n).toFixed(2)}; ${minDevTexts()}${unit} give ±${TUNING.smallDev.halfWidth.toFixed(2)})`;
}

/** Why dev has too few texts (or groups of near-duplicates) to judge on its own, or null. */
export const tooFew = (dev: readonly unknown[], devTexts?: readonly string[]): string | null => tooFewOf(counted(dev, devTexts));

/**
 * Why a dev split is too small to judge learned lists on its own, or null when it is not: fewer
 * than `minDevTexts` texts, or a label seen in train with fewer than `TUNING.smallDev.rarestLabel`
 * dev texts. With `devTexts`, near-duplicates count once: 700 windows of 20 documents are 20
 * pieces of evidence, and a list chosen on them fits those 20.
 */
export function devTooSmall(train: readonly (string | null)[], dev: readonly (string | null)[], devTexts?: readonly string[]): string | null {
  const c = counted(dev, devTexts);
  const few = tooFewOf(c);
  if (few) return few;
  const { of, counts } = c;
  const inDev = new Map<string, number>();
  dev.forEach((l, i) => l !== null && counts(i) && inDev.set(l, (inDev.get(l) ?? 0) + 1));
  const rare = [...new Set(train.filter((l): l is string => l !== null))].sort().map((l) => ({ l, n: inDev.get(l) ?? 0 }));
  const least = rare.reduce<{ l: string; n: number } | null>((a, b) => (a === null || b.n < a.n ? b : a), null);
  if (!least || least.n >= TUNING.smallDev.rarestLabel) return null;
  return `dev has ${dev.length} examples${of} but ${least.n}${of ? ' groups' : ''} of "${least.l}", too few to judge that label on its own (${TUNING.smallDev.rarestLabel} are needed)`;
}

/** Half the width of the 95 % interval of an F1 near 0.5 measured on `n` texts. */
const halfWidthOn = (n: number): number => TUNING.smallDev.z * Math.sqrt(0.25 / n);

/**
 * Folds of a cross-validation: at most `TUNING.covering.folds`, and no more than the rarest class
 * has texts (at least 2); with `groups`, groups of near-duplicates (see `foldsOf`).
 */
export function foldsFor(labels: readonly (string | null)[], classes: readonly string[], groups?: ArrayLike<number>): number {
  const sizes = classes.map((c) => labels.filter((l, i) => l === c && (!groups || groups[i] === i)).length).filter((n) => n > 0);
  return Math.min(TUNING.covering.folds, Math.max(2, Math.min(...sizes)));
}

/**
 * With a dev split too small to judge on its own, k-fold cross-validation over train and dev
 * estimates what the chosen way of learning (its Wilson z, train-wide bound, passes and ending)
 * scores on new text; the note puts it beside dev F1 at the cut. Null when dev is large enough.
 */
export function smallDevNote(base: PlanBase, plan: Plan): string | null {
  const dev = base.opts.dev;
  const few = dev ? tooFew(dev, dev.map((e) => e.text ?? '')) : null;
  if (!dev || !few) return null;
  const texts = [...base.texts, ...dev.map((e) => e.text ?? '')];
  const labels = [...base.labels, ...dev.map((e) => ((e.label ?? '').trim() === '' ? null : (e.label ?? '').trim()))];
  const k = foldsFor(labels, base.classes, groupsOf(texts));
  const passes = plan.list.rules.reduce((m, r) => Math.max(m, r.pass), 0) + 1;
  const own = plan.fallback !== null && plan.list.defaultClass ? { defaultClass: plan.list.defaultClass } : {};
  const fallback = plan.fallback !== null && !plan.list.defaultClass ? base.defaultClass?.cls : undefined;
  const cover = { ...coverOptions(base.opts, base.deadline), z: plan.z, global: plan.global, ...own };
  const t = chooseThreshold(texts, labels, base.classes, FEATURES, cover, k, base.opts.seed, passes, fallback);
  const f1 = fallback === undefined ? t.micro : (t.withDefault?.micro ?? t.micro);
  return (
    `${few}: ` +
    `${k}-fold cross-validation over train and dev estimates F1 ${f1.toFixed(3)} for this way of learning, beside dev F1 ${plan.estimate.toFixed(3)} at the cut; expect new text nearer the estimate`
  );
}
