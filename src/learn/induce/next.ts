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
  why: string;
}

/**
 * Train examples whose fix would help most, best first: errors and abstentions, by what the best
 * rule suggested from their own text would mend (it fires on other errors of the same label) less
 * what it would break (texts of other labels it sets wrong that were right or unanswered); then examples the rules get
 * right while rules of another label also fire; then those whose winning rule is weakly supported.
 */
export function rankNext(ti: TrainIndex, now: RulesOnTrain, limit: number): NextRow[] {
  const gold = (d: number) => goldOf(ti, d);
  const failing = (d: number) => gold(d) !== null && now.predicted[d] !== gold(d);
  const rows: NextRow[] = [];
  for (let d = 0; d < ti.texts.length; d++) {
    const g = gold(d);
    if (g === null) continue;
    if (failing(d)) {
      const best = suggestConditions(ti, ti.texts[d]!, g, TUNING.corrections.nextConditions)
        .map((s) => ({ s, fix: s.rightDocs.filter(failing).length, breaks: s.wrongDocs.filter((x) => now.predicted[x] === null || !failing(x)).length }))
        .reduce<{ fix: number; breaks: number; name: string } | null>((a, b) => (a === null || b.fix - b.breaks > a.fix - a.breaks ? { fix: b.fix, breaks: b.breaks, name: b.s.candidate.name } : a), null);
      const gain = best ? best.fix - best.breaks : 0;
      const what = now.predicted[d] === null ? 'no rule fires' : `the rules say ${now.predicted[d]}`;
      const mend = best ? `; ${best.name} would fix ${best.fix} like it${best.breaks ? ` and set ${best.breaks} other${best.breaks === 1 ? '' : 's'} wrong` : ''}` : '';
      rows.push({ doc: d, reason: now.predicted[d] === null ? 'abstain' : 'wrong', gain, why: `${what}, gold ${g}${mend}` });
      continue;
    }
    const others = [...new Set(now.fired[d]!.filter((l) => l !== g))];
    if (others.length) rows.push({ doc: d, reason: 'conflict', gain: 0, why: `right, but rules of ${others.join(', ')} fire too` });
    else if (now.winner[d] && now.winner[d]!.bound < TUNING.corrections.weakBound)
      rows.push({ doc: d, reason: 'weak', gain: 0, why: `right by ${now.winner[d]!.name}, whose train precision is bounded at ${now.winner[d]!.bound.toFixed(2)}` });
  }
  const rank: Record<NextReason, number> = { wrong: 0, abstain: 0, conflict: 1, weak: 2 };
  const boundOf = (r: NextRow) => now.winner[r.doc]?.bound ?? 1;
  return rows.sort((a, b) => rank[a.reason] - rank[b.reason] || b.gain - a.gain || boundOf(a) - boundOf(b) || a.doc - b.doc).slice(0, limit);
}
