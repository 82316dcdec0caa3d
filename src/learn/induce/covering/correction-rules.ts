import { predict, runRules } from '../../../core/engine/predict.js';
import { wilsonLower } from '../../../core/metrics/wilson.js';
import type { Example } from '../../../core/schemas/example.js';
import type { Rule } from '../../../core/schemas/rule.js';
import type { Task } from '../../../core/schemas/task.js';
import { candidateId, toRule } from '../rule-factory.js';
import type { Candidate } from '../types.js';
import { satisfies } from './cover.js';
import { type FeatureIndex, Kind, standsAlone } from './features.js';
import { buildTrainIndex, featuresOfText } from '../train-index.js';
import { renderRule, type Literal } from './render.js';
import { TUNING } from '../tuning.js';

const norm = (s: string | null | undefined): string => (s ?? '').trim().toLowerCase();

const { narrowPairs: NARROW_PAIRS, narrowTriples: NARROW_TRIPLES } = TUNING.corrections;

/** A train text of another label that a correction's rule fires on: it would take it over. */
export interface CaughtText {
  id: string;
  label: string | null;
  text: string;
}

/** Caught texts for a message: the first `shown` as `id (label) "text"`, then how many more. */
export function describeCaught(catches: readonly CaughtText[], shown = 3): string {
  const listed = catches.slice(0, shown).map((c) => `${c.id} (${c.label ?? 'no label'}) ${JSON.stringify(c.text)}`);
  return listed.join(', ') + (catches.length > shown ? `, and ${catches.length - shown} more` : '');
}

/** A correction's rule and what else it fires on in train, measured with the rule itself. */
export interface CorrectionRuleCheck {
  /** The training example the correction became. */
  example_id: string;
  rule: Rule;
  /** Train texts of the expected label it fires on, the correction's own included. */
  right: number;
  /** Train texts of other labels it fires on (never the example the correction corrects). */
  catches: CaughtText[];
}

export interface CorrectionRules {
  /** Rules that catch no train text of another label: for the learning loop to judge on dev. */
  rules: Rule[];
  /** Every rule made, with what it catches; those with catches are refused. */
  checks: CorrectionRuleCheck[];
  notes: string[];
}

interface Scored {
  lits: Literal[];
  /** Other-label train texts (not the corrected example), other-label dev texts, right ones anywhere. */
  trainWrong: number;
  devWrong: number;
  right: number;
  n: number;
}

/** Fewest other-label train texts, then dev texts, then most right ones, then fewest conditions. */
const better = (a: Scored, b: Scored): boolean =>
  a.trainWrong !== b.trainWrong
    ? a.trainWrong < b.trainWrong
    : a.devWrong !== b.devWrong
      ? a.devWrong < b.devWrong
      : a.right !== b.right
        ? a.right > b.right
        : a.lits.length < b.lits.length;

/**
 * Classification: a rule for every correction the current rules get wrong. Corrections are the
 * strongest signal, so each gets the condition on its own text that catches no train text of
 * another label (a rule above every other rule takes over whatever it fires on): a feature, else
 * two or three of them together, else all its words; among those, the one right most often. The
 * rule is then run on train; one that still fires on texts of other labels is refused, and
 * `checks` names them so a person can decide. The example a correction corrects is not held
 * against it (its gold is what the person overrode). Whether a kept rule's cost on held-out data
 * is acceptable is the learning loop's call, on dev.
 */
export function correctionRules(task: Task, train: readonly Example[], dev: readonly Example[], current: readonly Rule[], idPrefix: string): CorrectionRules {
  const corrections = train.filter((e) => e.source === 'correction' && norm(e.label) !== '');
  if (!corrections.length) return { rules: [], checks: [], notes: [] };
  const { predictions } = predict(task, current, corrections, { statuses: ['active', 'proposed'] });
  const failing = corrections.filter((e, i) => norm(predictions[i]!.label) !== norm(e.label));
  if (!failing.length) return { rules: [], checks: [], notes: [] };
  const ti = buildTrainIndex(train);
  const { index, classes, cls: ids } = ti;
  const top = Math.max(0, ...current.map((r) => r.priority)) + 1;
  const checks: CorrectionRuleCheck[] = [];
  const notes: string[] = [];
  // Held-out texts count against a rule's wrong firings (never as evidence to learn from).
  const devSets = dev.map((e) => ({ fs: featuresOfText(ti, e.text ?? ''), cls: classes.indexOf((e.label ?? '').trim()) }));
  for (const e of failing) {
    const c = classes.indexOf((e.label ?? '').trim());
    const excused = excusedDocs(train, e);
    const score = (lits: Literal[]): Scored => {
      const s: Scored = { lits, trainWrong: 0, devWrong: 0, right: 0, n: 0 };
      for (const d of index.postings[lits[0]!.feature]!)
        if (!excused.has(d) && satisfies(index.docFeatures[d]!, lits.slice(1))) {
          s.n++;
          if (ids[d] === c) s.right++;
          else s.trainWrong++;
        }
      for (const dv of devSets)
        if (satisfies(dv.fs, lits)) {
          s.n++;
          if (dv.cls === c) s.right++;
          else s.devWrong++;
        }
      return s;
    };
    const best = narrowest(index, featuresOfText(ti, e.text ?? ''), score);
    if (!best) {
      notes.push(`correction ${e.id}: its text has no word to anchor a rule on`);
      continue;
    }
    const cand: Candidate = renderRule({
      literals: best.lits,
      label: classes[c]!,
      kindOf: (f) => index.kinds[f]!,
      keyOf: (f) => index.keys[f]!,
      tp: best.right,
      n: best.n,
      scope: 'all',
    });
    const rule = toRule(cand, { id: candidateId(cand, idPrefix), priority: top, confidence: wilsonLower(best.right / best.n, best.n, TUNING.covering.z), status: 'active' });
    const fired = firesOn(task, rule, train, excused, classes[c]!);
    const others = fired.catches.length ? `${fired.catches.length} of other labels` : 'none of another label';
    rule.description = `from correction ${e.id}: ${cand.name.slice(cand.label.length + 4)} fires on ${fired.right} train text${fired.right === 1 ? '' : 's'} of ${classes[c]}, ${others}`;
    checks.push({ example_id: e.id, rule, ...fired });
  }
  const seen = new Set<string>();
  const unique = checks.filter((k) => (seen.has(k.rule.id) ? false : (seen.add(k.rule.id), true)));
  return { rules: unique.filter((k) => !k.catches.length).map((k) => k.rule), checks: unique, notes };
}

/** Train documents not held against a correction's rule: the example it corrects (same text, the overridden gold). */
function excusedDocs(train: readonly Example[], e: Example): Set<number> {
  const corrects = typeof e.meta?.corrects === 'string' ? e.meta.corrects : null;
  const out = new Set<number>();
  train.forEach((x, d) => {
    if (corrects !== null && x.id === corrects) out.add(d);
  });
  return out;
}

/**
 * The best condition on a text's features: each feature alone; when the best of those still
 * catches other-label train texts, pairs and triples of the most promising ones, and all its
 * words together (narrower rules fire on fewer texts of any label).
 */
function narrowest(index: FeatureIndex, features: Iterable<number>, score: (lits: Literal[]) => Scored): Scored | null {
  // A text's length is left out: a correction's rule is anchored on what the text says.
  const fs = [...features].filter((f) => standsAlone(index.kinds[f]!));
  const lit = (f: number): Literal => ({ feature: f, negated: false });
  const singles = fs
    .map((f) => score([lit(f)]))
    .sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  if (!singles.length) return null;
  let best = singles[0]!;
  const consider = (s: Scored) => {
    if (better(s, best)) best = s;
  };
  if (best.trainWrong === 0 && best.devWrong === 0) return best;
  const head = singles.slice(0, NARROW_PAIRS).map((s) => s.lits[0]!.feature);
  for (let i = 0; i < head.length; i++) for (let j = i + 1; j < head.length; j++) consider(score([lit(head[i]!), lit(head[j]!)]));
  const few = head.slice(0, NARROW_TRIPLES);
  for (let i = 0; i < few.length; i++)
    for (let j = i + 1; j < few.length; j++) for (let k = j + 1; k < few.length; k++) consider(score([lit(few[i]!), lit(few[j]!), lit(few[k]!)]));
  const words = fs.filter((f) => index.kinds[f] === Kind.Word);
  if (words.length > 1) consider(score(words.slice(0, TUNING.covering.correctionMaxWords).map(lit)));
  return best;
}

/** What the rule itself fires on in train: texts of its label, and texts of other labels it would take over. */
function firesOn(task: Task, rule: Rule, train: readonly Example[], excused: ReadonlySet<number>, label: string): Pick<CorrectionRuleCheck, 'right' | 'catches'> {
  const docs = runRules(task, [rule], train).ruleDocs[0] ?? new Int32Array();
  let right = 0;
  const catches: CaughtText[] = [];
  for (const d of docs) {
    const x = train[d]!;
    if (excused.has(d)) continue;
    if (norm(x.label) === norm(label)) right++;
    else catches.push({ id: x.id, label: x.label ?? null, text: x.text ?? '' });
  }
  return { right, catches };
}
