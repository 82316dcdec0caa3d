import { wilsonLower } from '../../core/metrics/wilson.js';
import { satisfies } from './covering/cover.js';
import { standsAlone } from './covering/features.js';
import { renderRule, type Literal } from './covering/render.js';
import { featuresOfText, type TrainIndex } from './train-index.js';
import { TUNING } from './tuning.js';
import type { Candidate } from './types.js';

/** A condition on one text's features that would label it, and what it does on train. */
export interface SuggestedCondition {
  literals: Literal[];
  /** The readable rule it stands for (name, regex, flags). */
  candidate: Candidate;
  /** Train texts it fires on, and those of the label. */
  n: number;
  right: number;
  /** Train documents of other labels it fires on (it would take them over above the other rules). */
  wrongDocs: number[];
  /** Train documents of the label it fires on. */
  rightDocs: number[];
  /** Wilson lower bound of its train precision: what ranks it. */
  bound: number;
}

const lit = (feature: number): Literal => ({ feature, negated: false });

/** Ranks conditions: higher precision bound, then more right texts, then fewer and plainer conditions (a word before a phrase). */
function orderIn(ti: TrainIndex): (a: SuggestedCondition, b: SuggestedCondition) => number {
  const plainness = (s: SuggestedCondition) => s.literals.reduce((n, l) => n + ti.index.kinds[l.feature]! * 100 + ti.index.keys[l.feature]!.length, 0);
  return (a, b) => b.bound - a.bound || b.right - a.right || a.literals.length - b.literals.length || plainness(a) - plainness(b);
}

/**
 * Conditions on `text`'s own features that would label it `label`, best first: each feature alone
 * (word, stem, phrase, opening words), then pairs and triples of the most precise ones, so a
 * person can pick the one that reads right. Every count comes from the train index; no regex runs.
 * `excused` documents (the example itself, when it is in train under another gold) are not counted.
 */
export function suggestConditions(ti: TrainIndex, text: string, label: string, limit: number, excused: ReadonlySet<number> = new Set()): SuggestedCondition[] {
  const c = ti.classes.indexOf(label);
  const order = orderIn(ti);
  const score = (lits: Literal[]): SuggestedCondition => {
    const rightDocs: number[] = [];
    const wrongDocs: number[] = [];
    // The rarest feature's documents are walked and the others checked: "what" & "capital" reads the few texts with "capital".
    const lead = lits.reduce((a, l) => (ti.index.postings[l.feature]!.length < ti.index.postings[a.feature]!.length ? l : a));
    const rest = lits.filter((l) => l !== lead);
    for (const d of ti.index.postings[lead.feature]!) {
      if (excused.has(d) || !satisfies(ti.index.docFeatures[d]!, rest)) continue;
      (c >= 0 && ti.cls[d] === c ? rightDocs : wrongDocs).push(d);
    }
    const right = rightDocs.length;
    const n = right + wrongDocs.length;
    const candidate = renderRule({ literals: lits, label, kindOf: (f) => ti.index.kinds[f]!, keyOf: (f) => ti.index.keys[f]!, tp: right, n, scope: 'all' });
    return { literals: lits, candidate, n, right, wrongDocs, rightDocs, bound: n ? wilsonLower(right / n, n, TUNING.covering.z) : 0 };
  };
  // A text's length is left out, as in a correction's rule: a suggestion rests on what the text says.
  const singles = [...featuresOfText(ti, text)]
    .filter((f) => standsAlone(ti.index.kinds[f]!))
    .map((f) => score([lit(f)]))
    .sort(order);
  const { suggestPairs, suggestTriples } = TUNING.corrections;
  // Pairs are built from the most precise singles and the most useful ones (right often, and
  // mostly right: right x precision): two common words together ("card" & "arrived") are often
  // the readable rule neither is alone.
  const useful = (s: SuggestedCondition) => (s.n ? (s.right * s.right) / s.n : 0);
  const often = [...singles].sort((a, b) => useful(b) - useful(a) || order(a, b));
  const half = Math.ceil(suggestPairs / 2);
  const head = [...new Set([...singles.slice(0, half), ...often.slice(0, half)].map((s) => s.literals[0]!.feature))];
  // A condition inside another ("card still" in "card still hasn't", "arriv" in "arrived") adds nothing to it.
  const nested = (f: number, g: number) => ti.index.keys[f]!.includes(ti.index.keys[g]!) || ti.index.keys[g]!.includes(ti.index.keys[f]!);
  const combos: SuggestedCondition[] = [];
  for (let i = 0; i < head.length; i++)
    for (let j = i + 1; j < head.length; j++) {
      if (nested(head[i]!, head[j]!)) continue;
      combos.push(score([lit(head[i]!), lit(head[j]!)]));
      if (j < suggestTriples)
        for (let k = j + 1; k < suggestTriples; k++) if (!nested(head[i]!, head[k]!) && !nested(head[j]!, head[k]!)) combos.push(score([lit(head[i]!), lit(head[j]!), lit(head[k]!)]));
    }
  return distinct([...singles, ...combos].sort(order), limit);
}

/** The first `limit` conditions, one per set of train texts it fires on (the best ranked): ten ways to say the same thing help nobody. */
function distinct(ranked: readonly SuggestedCondition[], limit: number): SuggestedCondition[] {
  const seen = new Set<string>();
  const out: SuggestedCondition[] = [];
  for (const s of ranked) {
    if (out.length >= limit) break;
    const key = `${s.rightDocs.join(',')}|${s.wrongDocs.join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out;
}

