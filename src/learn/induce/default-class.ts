import { DEFAULT_RULE_PATTERN } from '../../core/engine/default-rule.js';
import type { Candidate } from './types.js';
import { TUNING } from './tuning.js';

/** The class a default rule gives, its share of the train texts, and who chose it. */
export interface DefaultChoice {
  label: string;
  /** Train texts of the class, and all labelled train texts. */
  count: number;
  of: number;
  /** `unlabelled`: the most frequent label among held-out texts no rule labels (see closing-default.ts). */
  by: 'user' | 'majority' | 'unlabelled';
}

/**
 * The default class: the one the user named, else the most frequent label of train (ties: the
 * first by code point). Null when train has no labelled text.
 */
export function chooseDefault(labels: readonly (string | null)[], user?: string): DefaultChoice | null {
  const counts = new Map<string, number>();
  let of = 0;
  for (const l of labels) {
    if (l === null) continue;
    of++;
    counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  if (user !== undefined) return { label: user, count: counts.get(user) ?? 0, of, by: 'user' };
  let best: string | null = null;
  for (const [l, n] of counts) if (best === null || n > counts.get(best)! || (n === counts.get(best)! && l < best)) best = l;
  return best === null ? null : { label: best, count: counts.get(best)!, of, by: 'majority' };
}

/** The class's share of the labelled train texts. */
export const shareOf = (c: DefaultChoice): number => (c.of ? c.count / c.of : 0);

/**
 * The majority label when it holds more than `TUNING.arbiter.macroAboveShare` of `labels`, else
 * null: then held-out lists are judged by macro F1 (each label counting the same), not micro. By
 * micro F1 on a set that is 95 % one label, a list that never finds the rare one scores .95, and
 * the rare label is usually what the user is after.
 */
export function macroJudged(labels: readonly (string | null)[]): DefaultChoice | null {
  const choice = chooseDefault(labels);
  return choice && shareOf(choice) > TUNING.arbiter.macroAboveShare ? choice : null;
}

const percent = (x: number): string => `${Math.round(x * 100)} %`;

/**
 * Whether learning a list for a default class can pay: the default labels the texts no rule does,
 * and a decision-list rule pays under micro F1 when it is right more than half the F1 of the list
 * it joins, so a class with a smaller share than that is no better a default than abstaining.
 * The user's choice is always tried.
 */
export function defaultWorthTrying(c: DefaultChoice, estimate: number): boolean {
  return c.by === 'user' || shareOf(c) >= estimate / 2;
}

/** The default rule as a candidate: the lowest rule of the list, firing on every text. */
export function defaultCandidate(c: DefaultChoice): Candidate {
  return {
    kind: 'default',
    label: c.label,
    format: 'regex',
    pattern: DEFAULT_RULE_PATTERN,
    flags: '',
    group: '$0',
    name: `${c.label} <- default (any text no rule above labels)`,
    description: `default class${c.by === 'user' ? ' (--default-label)' : c.by === 'unlabelled' ? ' (the most frequent label among held-out texts no rule labels: dev, or the folds of cross-validation)' : ''}: every text no rule above labels is ${c.label}, ${c.count} of ${c.of} train texts (${percent(shareOf(c))})`,
    specificity: 0,
    support: c.count,
    precision: shareOf(c),
  };
}

/** What was compared, for the summary: the held-out F1 of each way of ending the list. */
export interface DefaultVerdict {
  /** The F1 with no default, with the default after the list learned for every class, and with a list learned for the default. */
  none: number;
  appended: number | null;
  own: number | null;
  chosen: 'none' | 'appended' | 'own';
  /** Where it was judged: `dev`, or `5-fold cross-validation`. */
  on: string;
  /** What the figures are: micro F1 unless `macro F1` (where one label holds most texts). */
  measure?: 'macro F1';
}

/** The summary line: which default was chosen and why, or why there is none. */
export function defaultNote(c: DefaultChoice, v: DefaultVerdict): string {
  const share = `${percent(shareOf(c))} of train`;
  const f = (x: number | null) => (x === null ? '' : x.toFixed(3));
  const figures = [`${f(v.none)} with no default`, ...(v.appended !== null ? [`${f(v.appended)} with it after rules for every label`] : []), ...(v.own !== null ? [`${f(v.own)} with it and rules learned for the rest`] : [])].join(', ');
  const judged = `${v.on} ${v.measure ?? 'F1'} ${figures}`;
  if (v.chosen === 'none') {
    // A default can score higher and still not be kept: the texts it alone gets right must outnumber those it alone gets wrong beyond chance.
    const rose = Math.max(v.appended ?? -1, v.own ?? -1) > v.none + 1e-9;
    return `default: none (texts no rule labels stay unlabelled); ${c.label} (${share}) as the default ${rose ? 'raised' : 'did not raise'} ${judged}${rose ? ', by less than the texts it would change can tell from chance' : ''}`;
  }
  const why = c.by === 'user' ? `chosen with --default-label; ${share}` : `the most frequent label, ${share}`;
  const rules = v.chosen === 'own' ? `; its own rules are scored by what they add beyond its base rate, so it needs none unless they earn their place` : '';
  return `default: ${c.label} (${why}): texts no rule labels are ${c.label}${rules}; ${judged}`;
}
