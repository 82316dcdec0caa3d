import type { DefaultChoice, DefaultVerdict } from '../default-class.js';
import { defaultWorthTrying, macroJudged, shareOf } from '../default-class.js';
import { TUNING } from '../tuning.js';
import { chooseThreshold, FoldLists, type Cut, type Threshold } from './cross-validate.js';
import { pickClosing, type Closing } from './closing-default.js';
import { pairedGain } from './dev-cut.js';
import { coverOptions, FEATURES, planList, recut, type Plan, type PlanBase } from './plan.js';
import { workDone, type WorkBudget } from './work.js';

/** How a list ends: with no default, with the default after rules for every label, or learned for the default (`own`). */
export type Track = DefaultVerdict['chosen'];

/**
 * Whether the globally ordered list replaces the one it is compared with: its held-out F1 is higher
 * by more than a tie (`TUNING.arbiter.equalF1`: it is the longer list, pairs and runners-up, and a
 * tie goes to the shorter list, as the arbiter's does), and the held-out texts it alone gets right
 * outnumber those covering alone gets right beyond chance (`gain`, McNemar's z over covering's).
 */
export const reorderEarns = (f1: number, than: number, gain: number): boolean => f1 > than + TUNING.arbiter.equalF1 && gain >= TUNING.covering.reorderMinGain;

/**
 * The best list on dev: each Wilson z learns one covering pass; the better learns fallback passes,
 * judged pass by pass (each cut where dev F1 is best given what earlier passes decide); then the
 * same rules, with pairs of words, ordered by their precision on all of train. Notes go to `notes`.
 */
function searchOnDev(
  base: PlanBase,
  passes: number,
  notes: string[],
  skipped: string[],
  onStep?: (done: number, total: number) => void,
  ending: string | null = null,
): Plan | null {
  const late = () => performance.now() > base.deadline;
  // The train-wide bound is left to cross-validation: on small train sets it stops residual
  // stopwords; with a dev split, dev choosing it traded coverage for precision at equal F1.
  const variants = TUNING.covering.zChoices.map((z) => ({ z, global: false }));
  let plan: Plan | null = null;
  for (const v of variants) {
    if (plan && late()) {
      skipped.push(`Wilson z ${v.z}`);
      continue;
    }
    const p = planList({ ...base, passes: 1, ...v, allPasses: false, onStep: v === variants[0] ? onStep : undefined });
    if (!plan || p.estimate > plan.estimate + 1e-9) plan = p;
  }
  if (plan && passes > 1 && late()) skipped.push('fallback passes');
  else if (plan && passes > 1) {
    const more = planList({ ...base, passes, z: plan.z, global: plan.global, allPasses: true, onStep: undefined });
    // A fallback pass and a default decide the same texts (those every first-pass rule leaves), so
    // the pass must beat the first pass as it could end: with the default after it where that scores higher.
    const score = (p: Plan) => (ending === null ? p.estimate : Math.max(p.estimate, recut(p, ending).estimate));
    const [before, after] = [score(plan), score(more)];
    const gained = after > before + 1e-9;
    const how = ending === null ? '' : `, each with ${ending} as the default after it where that scores higher`;
    notes.push(`${passes - 1} fallback covering pass${passes === 2 ? '' : 'es'} ${gained ? 'raised' : 'did not raise'} dev F1 (${before.toFixed(3)} -> ${after.toFixed(3)}${how})${gained ? '' : '; kept one pass'}`);
    if (gained) plan = more;
  }
  if (!plan) return null;
  const covering = plan;
  for (const orderZ of TUNING.covering.globalZChoices) {
    if (late()) {
      skipped.push(`the global order at Wilson z ${orderZ}`);
      continue;
    }
    const g = planList({ ...base, passes, z: covering.z, global: covering.global, orderZ, allPasses: false, onStep: undefined }, covering.list);
    const gain = pairedGain(covering.right, g.right);
    if (reorderEarns(g.estimate, plan.estimate, gain)) plan = g;
    notes.push(
      `the list ordered by each rule's precision on all of train (Wilson z ${orderZ}, with pairs of words): dev F1 ${g.estimate.toFixed(3)} against covering's ${covering.estimate.toFixed(3)}, paired gain z ${gain.toFixed(2)}${plan === g ? '; kept' : ''}`,
    );
  }
  return plan;
}

/** A way of ending the list as held-out judgement saw it: its F1 and which held-out texts it gets right. */
export interface Judged {
  f1: number;
  right: Uint8Array;
}

/**
 * Picks how to end the list from held-out judgement. Of the two ways to have a default, the one
 * with the higher F1 (ties: the list learned for the default, whose own rules had to earn their
 * place); it replaces the list without one only when it raises F1 and the texts it alone gets
 * right outnumber those it alone gets wrong beyond chance (`defaultMinGain`): held-out texts are
 * a sample, and a default changes the answer on every text the list abstains on. With
 * `--default-label` there is a default whatever the figures.
 */
export function pickTrack(by: DefaultChoice['by'], none: Judged, appended: Judged | null, own: Judged | null): Track {
  const withDefault: [Track, Judged] | null = own && (!appended || own.f1 >= appended.f1 - 1e-9) ? ['own', own] : appended ? ['appended', appended] : null;
  if (!withDefault) return 'none';
  if (by === 'user') return withDefault[0];
  const [track, j] = withDefault;
  return j.f1 > none.f1 + 1e-9 && pairedGain(none.right, j.right) >= TUNING.covering.defaultMinGain ? track : 'none';
}

/** The dev search for every way of ending the list; the chosen plan, its notes, the verdict, and whether the budget cut the search short. */
export function chooseOnDev(
  base: PlanBase,
  choice: DefaultChoice | null,
  passes: number,
  onStep?: (done: number, total: number) => void,
): { plan: Plan | null; notes: string[]; verdict: DefaultVerdict | null; cutShort: boolean } {
  const notes: string[] = [];
  const skipped: string[] = [];
  const chosen = (plan: Plan | null, planNotes: string[], verdict: DefaultVerdict | null) => ({ plan, notes: withSkipped(planNotes, skipped, base), verdict, cutShort: skipped.length > 0 });
  const ending = choice && base.defaultRule && base.defaultClass !== null ? choice.label : null;
  const plain = searchOnDev({ ...base, withDefault: false, defaultClass: null }, passes, notes, skipped, onStep, ending);
  if (!plain || !choice || !base.defaultRule || base.defaultClass === null) return chosen(plain, notes, null);
  const appended = recut(plain, choice.label);
  const ownNotes: string[] = [];
  const ownSkipped: string[] = [];
  const worthIt = defaultWorthTrying(choice, plain.estimate);
  const inTime = performance.now() <= base.deadline;
  if (worthIt && !inTime) skipped.push(`a list learned for ${choice.label} as the default`);
  const own = worthIt && inTime ? searchOnDev({ ...base, withDefault: true }, passes, ownNotes, ownSkipped) : null;
  skipped.push(...ownSkipped.map((x) => `${x} for the list learned for ${choice.label} as the default`));
  const judged = (p: Plan): Judged => ({ f1: p.estimate, right: p.right });
  const track = pickTrack(choice.by, judged(plain), judged(appended), own ? judged(own) : null);
  const verdict: DefaultVerdict = { none: plain.estimate, appended: appended.estimate, own: own?.estimate ?? null, chosen: track, on: 'dev' };
  if (track === 'own') return chosen(own, ownNotes, verdict);
  return chosen(track === 'appended' ? appended : plain, notes, verdict);
}

/**
 * The notes with one more when the budget stopped the dev search before it had judged every
 * setting: which were not judged, so that the choice, which another run with more time could make
 * otherwise, is not taken for the search's last word.
 */
function withSkipped(notes: string[], skipped: readonly string[], base: PlanBase): string[] {
  if (!skipped.length) return notes;
  const secs = Math.round(base.opts.learnBudgetMs / 1000);
  return [
    ...notes,
    `the ${secs} s budget ran out before dev had judged every setting (not judged: ${skipped.join(', ')}): the choice rests on those it judged, and a run with more time may choose otherwise (learn --budget SECONDS to judge them all)`,
  ];
}

/** What cross-validation chose: passes, Wilson z, the train-wide bound, the cut, and how the list ends. */
export interface CvChoice {
  passes: number;
  z: number;
  global: boolean;
  minScore: number;
  track: Track;
  f1: number;
  folds: number;
  verdict: DefaultVerdict | null;
  /** z of the global order the list is reordered by (none: covering's order). */
  orderZ?: number;
  /** The global order's held-out F1 beside covering's and its paired gain over covering's, when it was judged. */
  reorder?: { orderZ: number; f1: number; covering: number; gain: number; kept: boolean }[];
  /** A list with no default may close with one for the class most frequent among the held-out texts it leaves unlabelled (see closing-default.ts). */
  closing?: Closing<number>;
  /** The budget stopped the search before every setting was judged (the choice rests on those that were). */
  cutShort?: boolean;
  /** It was the clock, not the work budget, that stopped it: the machine ran slower than measured, and another run may choose otherwise. */
  byClock?: boolean;
  /**
   * Where one label holds most texts, settings and the cut were judged by macro F1 (`f1` stays
   * micro, to sit beside train and dev F1): that label, its share, and the chosen cut's macro F1.
   */
  macro?: { label: string; share: number; f1: number };
}

/** The closing default of a cut with no default (none when the user named one, which always closes the list). */
function closingOf(base: PlanBase, t: Cut, track: Track): { closing: Closing<number> } | Record<string, never> {
  if (track !== 'none' || base.opts.defaultLabel !== null) return {};
  const closing = pickClosing(t.unlabelled, -1, { tp: t.right.reduce((a, b) => a + b, 0), predicted: t.answered, gold: t.right.length });
  return closing ? { closing } : {};
}

interface Grid {
  t: Cut;
  passes: number;
  z: number;
  global: boolean;
  orderZ?: number;
}

export type GridRun = (z: number, global: boolean, p: number, own: boolean, orderZ?: number) => Threshold;

/**
 * The covering list against the same list ordered globally (each rule by its precision on all of
 * train, with pairs of words), judged by the folds as dev judges it (`searchOnDev`): the global
 * order replaces covering's only when the held-out texts it alone gets right outnumber those
 * covering alone gets right beyond chance. On few examples per label covering stops once every
 * train text is covered, so a new text with none of the words it chose gets no answer, while the
 * global list keeps each train text's runners-up.
 */
export function judgeReorder(none: Grid, grid: GridRun, budget: Pick<WorkBudget, 'over'>): Reordered {
  let best = none;
  let appended: Grid | null = null;
  let cutShort = false;
  const tried: NonNullable<CvChoice['reorder']> = [];
  for (const orderZ of TUNING.covering.globalZChoices) {
    if (budget.over()) {
      cutShort = true;
      break;
    }
    const t = grid(none.z, none.global, none.passes, false, orderZ);
    const gain = pairedGain(none.t.right, t.right);
    const kept = reorderEarns(t.f1, best.t.f1, gain);
    const at = { passes: none.passes, z: none.z, global: none.global, orderZ };
    if (kept) best = { t, ...at };
    // The default after the global list is judged only when that list earned its place without it.
    if (kept) appended = t.withDefault ? { t: t.withDefault, ...at } : null;
    tried.push({ orderZ, f1: t.f1, covering: none.t.f1, gain, kept });
  }
  return { best, appended, tried, cutShort };
}

/** What `judgeReorder` found: the better of the two orders, its list with the default after it, what was tried, and whether the clock stopped it. */
export interface Reordered {
  best: Grid;
  appended: Grid | null;
  tried: NonNullable<CvChoice['reorder']>;
  cutShort: boolean;
}

/**
 * Whether the rest of the grid (each other z and bound at one pass) and the global order's choices
 * would fit in the work left, at the cost of the first point. When they would not, the global order
 * is judged at once on the first point (on Banking77 it is worth more than any other setting), not
 * left to the end where the budget would skip it. Small sets fit and judge it once, at the end.
 */
function fitsAll(firstUnits: number, budget: Pick<WorkBudget, 'fits'>): boolean {
  const rest = TUNING.covering.zChoices.length * 2 - 1 + TUNING.covering.globalZChoices.length;
  return budget.fits(firstUnits * rest);
}

/**
 * The global order judged early, on the grid's first point, and again on the grid's best point when
 * that is another and time is left. The late verdict stands when it was made; else the early one,
 * if it still beats the best point as the reorder must (`reorderEarns`).
 */
export function bestReorder(first: Grid, early: Reordered, none: Grid, grid: GridRun, budget: Pick<WorkBudget, 'over'>): Reordered {
  if (first === none) return early;
  const late = judgeReorder(none, grid, budget);
  if (late.tried.length) return { ...late, tried: [...early.tried, ...late.tried] };
  const e = early.best;
  const earns = e.orderZ !== undefined && reorderEarns(e.t.f1, none.t.f1, pairedGain(none.t.right, e.t.right));
  return { best: earns ? e : none, appended: earns ? early.appended : null, tried: early.tried, cutShort: true };
}

/**
 * Without dev, k-fold cross-validation on train picks how many covering passes to make, the Wilson
 * z, whether rules are also bounded on all of train, and where to cut; lists without a default are
 * judged as they are and with the default after them, and when a default could pay
 * (`defaultWorthTrying`), lists learned for it are judged too (with the covering settings the
 * others chose, over the number of passes).
 */
export function crossValidate(base: PlanBase, choice: DefaultChoice | null, k: number, budget: WorkBudget): CvChoice | null {
  const { texts, labels, classes, opts } = base;
  const fallback = choice && base.defaultClass ? base.defaultClass.cls : undefined;
  const judge = macroJudged(labels);
  // The budget, counted in work rather than time (see work.ts), decides only whether another point
  // of the grid starts: a point once started learns every fold to the end (within the whole run's
  // budget), so what it scores does not depend on how much of the share was left.
  const shared = new FoldLists();
  const grid: GridRun = (z, global, p, own, orderZ) =>
    chooseThreshold(texts, labels, classes, FEATURES, { ...coverOptions(opts, base.deadline), z, global, ...(own && base.defaultClass ? { defaultClass: base.defaultClass } : {}) }, k, opts.seed, p, fallback, orderZ, shared);
  const fixed = opts.coveringGrid;
  if (fixed && (fixed.track === 'none' || fallback !== undefined)) {
    const t = grid(fixed.z, fixed.global, fixed.passes, fixed.track === 'own', fixed.orderZ);
    const cut = fixed.track === 'appended' ? (t.withDefault ?? t) : t;
    const closing = closingOf(base, cut, fixed.track);
    return { ...fixed, minScore: cutScore(base, cut, fixed.track), f1: closing.closing?.after ?? cut.micro, folds: k, verdict: null, ...closing, ...macroOf(judge, cut) };
  }
  let none: Grid | null = null;
  let appended: Grid | null = null;
  let first: { grid: Grid; reordered: Reordered } | null = null;
  let cutShort = false;
  rows: for (const z of TUNING.covering.zChoices)
    for (const global of [false, true])
      for (let p = 1; p <= TUNING.covering.maxPasses; p++) {
        // The first point always runs: a choice made on none would be no choice, and silent.
        if (none && budget.over()) {
          cutShort = true;
          break rows;
        }
        const started = workDone();
        const t = grid(z, global, p, false);
        if (!none || t.f1 > none.t.f1 + 1e-9) none = { t, passes: p, z, global };
        if (t.withDefault && (!appended || t.withDefault.f1 > appended.t.f1 + 1e-9)) appended = { t: t.withDefault, passes: p, z, global };
        if (!first && !fitsAll(workDone() - started, budget)) first = { grid: none, reordered: judgeReorder(none, grid, budget) };
        // More passes would learn the same lists in every fold: the rest of this row is the same cut.
        if (t.saturated) break;
      }
  if (!none) return null;
  const reorder = first ? bestReorder(first.grid, first.reordered, none, grid, budget) : judgeReorder(none, grid, budget);
  cutShort ||= reorder.cutShort;
  none = reorder.best;
  if (reorder.appended && (!appended || reorder.appended.t.f1 > appended.t.f1 + 1e-9)) appended = reorder.appended;
  let own: Grid | null = null;
  if (choice && fallback !== undefined && defaultWorthTrying(choice, none.t.micro))
    for (let p = 1; p <= TUNING.covering.maxPasses; p++) {
      if (budget.over()) {
        cutShort = true;
        break;
      }
      const t = grid(none.z, none.global, p, true);
      if (!own || t.f1 > own.t.f1 + 1e-9) own = { t, passes: p, z: none.z, global: none.global };
      if (t.saturated) break;
    }
  const track = choice && fallback !== undefined ? pickTrack(choice.by, none.t, appended?.t ?? null, own?.t ?? null) : 'none';
  const best = track === 'own' ? own! : track === 'appended' ? appended! : none;
  const measure = judge ? { measure: 'macro F1' as const } : {};
  const verdict: DefaultVerdict | null = choice && fallback !== undefined ? { none: none.t.f1, appended: appended?.t.f1 ?? null, own: own?.t.f1 ?? null, chosen: track, on: `${k}-fold cross-validation`, ...measure } : null;
  // No threshold beats the default alone: the list keeps no rule. (Without a default, no threshold
  // answering anything right keeps every rule, as the list was learned.)
  const orderZ = best.orderZ === undefined ? {} : { orderZ: best.orderZ };
  const closing = closingOf(base, best.t, track);
  return { passes: best.passes, z: best.z, global: best.global, ...orderZ, minScore: cutScore(base, best.t, track), track, f1: closing.closing?.after ?? best.t.micro, folds: k, verdict, reorder: reorder.tried, cutShort, ...(cutShort && budget.byClock() ? { byClock: true } : {}), ...closing, ...macroOf(judge, best.t) };
}

/** Where the cut was judged by macro F1 (`macroJudged`): the majority label, its share, and the cut's macro F1. */
const macroOf = (judge: DefaultChoice | null, t: Cut): Pick<CvChoice, 'macro'> => (judge ? { macro: { label: judge.label, share: shareOf(judge), f1: t.f1 } } : {});

/** The lowest rule score kept at a cut: none at all when no threshold beats the default alone. */
const cutScore = (base: PlanBase, t: Cut, track: Track): number =>
  Number.isFinite(t.threshold) ? Math.max(base.minScore, t.threshold) : track === 'none' ? base.minScore : Infinity;
