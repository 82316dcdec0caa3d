import { predict } from '../../../core/engine/predict.js';
import { wilsonLower } from '../../../core/metrics/wilson.js';
import type { Example } from '../../../core/schemas/example.js';
import type { Rule } from '../../../core/schemas/rule.js';
import type { Task } from '../../../core/schemas/task.js';
import { candidateId, toRule } from '../rule-factory.js';
import { uniqSorted } from '../text.js';
import type { Candidate } from '../types.js';
import { classIds } from './decision-list.js';
import { satisfies } from './cover.js';
import { buildVocabulary, FeatureIndex, Kind, type FeatureConfig } from './features.js';
import { renderRule, type Literal } from './render.js';
import { TUNING } from '../tuning.js';

const FEATURES: FeatureConfig = { stems: true, ngrams: true, gaps: false, positions: true, minNgramDf: 1 };
const norm = (s: string | null | undefined): string => (s ?? '').trim().toLowerCase();

/**
 * Classification: a rule for every correction the current rules get wrong. Corrections are the
 * strongest signal, so each gets the feature of its own text that best predicts its expected label
 * over all of train (Wilson lower bound; its own text counts), placed above every current rule so
 * it holds. Whether the cost elsewhere is acceptable is the learning loop's call, on dev.
 */
export function correctionRules(task: Task, train: readonly Example[], dev: readonly Example[], current: readonly Rule[], idPrefix: string): { rules: Rule[]; notes: string[] } {
  const corrections = train.filter((e) => e.source === 'correction' && norm(e.label) !== '');
  if (!corrections.length) return { rules: [], notes: [] };
  const { predictions } = predict(task, current, corrections, { statuses: ['active', 'proposed'] });
  const failing = corrections.filter((e, i) => norm(predictions[i]!.label) !== norm(e.label));
  if (!failing.length) return { rules: [], notes: [] };
  const texts = train.map((e) => e.text ?? '');
  const labels = train.map((e) => (norm(e.label) === '' ? null : (e.label ?? '').trim()));
  const classes = uniqSorted(labels.filter((l): l is string => l !== null));
  const vocab = buildVocabulary(texts, FEATURES);
  const index = FeatureIndex.build(texts, vocab, FEATURES);
  const ids = classIds(labels, classes);
  for (const f of index.docFeatures) f.sort();
  const top = Math.max(0, ...current.map((r) => r.priority)) + 1;
  const rules: Rule[] = [];
  const notes: string[] = [];
  // Held-out texts count against a rule's wrong firings (never as evidence to learn from).
  const devSets = dev.map((e) => ({ fs: index.featuresOf(e.text ?? '', vocab, FEATURES).sort(), cls: classes.indexOf((e.label ?? '').trim()) }));
  for (const e of failing) {
    const c = classes.indexOf((e.label ?? '').trim());
    const fs = index.featuresOf(e.text ?? '', vocab, FEATURES);
    const words = [...fs].filter((f) => index.kinds[f] === Kind.Word);
    const options: Literal[][] = [...fs].map((f) => [{ feature: f, negated: false }]);
    if (words.length > 1) options.push(words.slice(0, TUNING.covering.correctionMaxWords).map((f) => ({ feature: f, negated: false })));
    let best: { lits: Literal[]; k: number; n: number } | null = null;
    for (const lits of options) {
      let k = 0;
      let n = 0;
      for (const d of index.postings[lits[0]!.feature]!)
        if (satisfies(index.docFeatures[d]!, lits.slice(1))) {
          n++;
          if (ids[d] === c) k++;
        }
      for (const dv of devSets)
        if (satisfies(dv.fs, lits)) {
          n++;
          if (dv.cls === c) k++;
        }
      // Fewest wrong firings first (a correction must not cost the rest), then most right ones.
      if (!best || n - k < best.n - best.k || (n - k === best.n - best.k && k > best.k)) best = { lits, k, n };
    }
    if (!best) {
      notes.push(`correction ${e.id}: its text has no word to anchor a rule on`);
      continue;
    }
    const cand: Candidate = renderRule({
      literals: best.lits,
      label: classes[c]!,
      kindOf: (f) => index.kinds[f]!,
      keyOf: (f) => index.keys[f]!,
      tp: best.k,
      n: best.n,
    });
    cand.description = `from correction ${e.id}: ${cand.description}`;
    rules.push(toRule(cand, { id: candidateId(cand, idPrefix), priority: top, confidence: wilsonLower(best.k / best.n, best.n, TUNING.covering.z), status: 'active' }));
  }
  return { rules: dedupe(rules), notes };
}

function dedupe(rules: readonly Rule[]): Rule[] {
  const seen = new Set<string>();
  return rules.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
}
