import { plus } from '../../core/metrics/scored-run.js';
import { type Counts, f1Of } from '../../core/ratio.js';
import { suggestConditions } from './suggest.js';
import { goldOf, type TrainIndex } from './train-index.js';
import { TUNING } from './tuning.js';

/** Why an example is worth a person's look. */
export type NextReason = 'wrong' | 'abstain' | 'conflict' | 'weak';

/** What the current rules do on each train document. */
export interface RulesOnTrain {
  /** The label the rules give (null: no rule fires). */
  predicted: readonly (string | null)[];
  /** Labels of every rule that fires, the winner's included. */
  fired: readonly (readonly string[])[];
  /** The winning rule's name and the Wilson bound of its train precision (null when none fired). */
  winner: readonly ({ name: string; bound: number } | null)[];
}

/** One example to look at next, why, and how many train errors its best suggestion would mend. */
export interface NextRow {
  doc: number;
  reason: NextReason;
  /** Errors and abstentions of its label the best rule from its text would fix, less texts it would set wrong (right or unanswered before). */
  gain: number;
  /** The change in train micro F1 that rule brings (what the rows are ranked by). */
  f1Gain: number;
  why: string;
}

/** One text's part of train micro F1 counts: a right answer is a TP, a wrong one an FP and an FN, an abstention an FN; a text with no gold label counts nothing. */
function answerCounts(predicted: string | null, gold: string | null): Counts {
  if (gold === null) return { tp: 0, fp: 0, fn: 0 };
  return predicted === gold ? { tp: 1, fp: 0, fn: 0 } : { tp: 0, fp: predicted === null ? 0 : 1, fn: 1 };
}

/** Train micro F1 counts under the current answers. */
function countsOf(ti: TrainIndex, now: RulesOnTrain): Counts {
  let c: Counts = { tp: 0, fp: 0, fn: 0 };
  for (let d = 0; d < ti.texts.length; d++) c = plus(c, answerCounts(now.predicted[d] ?? null, goldOf(ti, d)));
  return c;
}

/** How much train micro F1 (from `base`) rises with a rule of `label` on top: each text it fires on trades its current answer for `label`. */
function f1Lift(ti: TrainIndex, now: RulesOnTrain, base: Counts, label: string, fires: readonly number[]): number {
  let c = base;
  for (const x of fires) {
    const g = goldOf(ti, x);
    const was = answerCounts(now.predicted[x] ?? null, g);
    c = plus(plus(c, answerCounts(label, g)), { tp: -was.tp, fp: -was.fp, fn: -was.fn });
  }
  return (f1Of(c) ?? 0) - (f1Of(base) ?? 0);
}

/**
 * Train examples whose fix would help most, best first: errors and abstentions, by how much the
 * best rule suggested from their own text, placed on top, lifts train micro F1 (it mends other
 * errors of the same label and may set texts of other labels wrong; a wrong answer set right
 * counts more than an abstention answered, as it also takes away a false positive), then by what
 * it mends less what it breaks; then examples the rules get right while rules of another label
 * also fire; then those whose winning rule is weakly supported.
 */
export function rankNext(ti: TrainIndex, now: RulesOnTrain, limit: number): NextRow[] {
  const gold = (d: number) => goldOf(ti, d);
  const failing = (d: number) => gold(d) !== null && now.predicted[d] !== gold(d);
  const rows: NextRow[] = [];
  const base = countsOf(ti, now);
  for (let d = 0; d < ti.texts.length; d++) {
    const g = gold(d);
    if (g === null) continue;
    if (failing(d)) {
      const best = suggestConditions(ti, ti.texts[d]!, g, TUNING.corrections.nextConditions)
        .map((s) => ({ s, fix: s.rightDocs.filter(failing).length, breaks: s.wrongDocs.filter((x) => now.predicted[x] === null || !failing(x)).length, df: f1Lift(ti, now, base, g, [...s.rightDocs, ...s.wrongDocs]) }))
        .reduce<{ fix: number; breaks: number; name: string; df: number } | null>((a, b) => (a === null || b.df > a.df ? { fix: b.fix, breaks: b.breaks, name: b.s.candidate.name, df: b.df } : a), null);
      const gain = best ? best.fix - best.breaks : 0;
      const f1Gain = best ? best.df : 0;
      const what = now.predicted[d] === null ? 'no rule fires' : `the rules say ${now.predicted[d]}`;
      const mend = best ? `; ${best.name} would fix ${best.fix} like it${best.breaks ? ` and set ${best.breaks} other${best.breaks === 1 ? '' : 's'} wrong` : ''}, train F1 ${f1Gain >= 0 ? '+' : ''}${f1Gain.toFixed(3)}` : '';
      rows.push({ doc: d, reason: now.predicted[d] === null ? 'abstain' : 'wrong', gain, f1Gain, why: `${what}, gold ${g}${mend}` });
      continue;
    }
    const others = [...new Set(now.fired[d]!.filter((l) => l !== g))];
    if (others.length) rows.push({ doc: d, reason: 'conflict', gain: 0, f1Gain: 0, why: `right, but rules of ${others.join(', ')} fire too` });
    else if (now.winner[d] && now.winner[d]!.bound < TUNING.corrections.weakBound)
      rows.push({ doc: d, reason: 'weak', gain: 0, f1Gain: 0, why: `right by ${now.winner[d]!.name}, whose train precision is bounded at ${now.winner[d]!.bound.toFixed(2)}` });
  }
  const rank: Record<NextReason, number> = { wrong: 0, abstain: 0, conflict: 1, weak: 2 };
  const boundOf = (r: NextRow) => now.winner[r.doc]?.bound ?? 1;
  return rows.sort((a, b) => rank[a.reason] - rank[b.reason] || b.f1Gain - a.f1Gain || b.gain - a.gain || boundOf(a) - boundOf(b) || a.doc - b.doc).slice(0, limit);
}
