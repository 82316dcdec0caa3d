import { laplace } from '../../../core/ratio.js';
import { alternation, edgeBoundary } from '../text.js';
import type { Candidate } from '../types.js';
import { TUNING } from '../tuning.js';

/** One train document as the span generators see it: its text and gold spans in its scoring universe. */
export interface SpanDoc {
  text: string;
  spans: { start: number; end: number; label: string; text: string }[];
  /** Labels this document is scored on; null = all. */
  universe: ReadonlySet<string> | null;
}

/** Gold count and boundary-respecting occurrence count of a surface form, over the docs scored on its label. */
export interface FormStats {
  form: string;
  label: string;
  gold: number;
  occurrences: number;
  /** Documents whose gold holds the form. */
  docs: number;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/** Occurrences of `form` in `text` not inside a longer word (where the form's edge is a word character). */
export function countOccurrences(text: string, form: string): number {
  let n = 0;
  const wl = isWordChar(form[0]);
  const wr = isWordChar(form[form.length - 1]);
  for (let i = text.indexOf(form); i >= 0; i = text.indexOf(form, i + form.length)) {
    if (wl && isWordChar(text[i - 1])) continue;
    if (wr && isWordChar(text[i + form.length])) continue;
    n++;
  }
  return n;
}

/** Per label, every gold surface form with its gold and occurrence counts. */
export function formStats(docs: readonly SpanDoc[]): FormStats[] {
  const byKey = new Map<string, FormStats>();
  docs.forEach((d) => {
    const seen = new Set<string>();
    for (const s of d.spans) {
      if (!s.text.trim()) continue;
      const key = `${s.label}\u0000${s.text}`;
      let f = byKey.get(key);
      if (!f) byKey.set(key, (f = { form: s.text, label: s.label, gold: 0, occurrences: 0, docs: 0 }));
      f.gold++;
      if (!seen.has(key)) {
        seen.add(key);
        f.docs++;
      }
    }
  });
  for (const f of byKey.values())
    for (const d of docs) if (!d.universe || d.universe.has(f.label)) f.occurrences += countOccurrences(d.text, f.form);
  return [...byKey.values()];
}

const BANDS = TUNING.spans.lexiconBands;
const LOWEST_BAND = BANDS[BANDS.length - 1]!;

/**
 * Lexicon candidates: per label, the gold surface forms (case-sensitive) grouped by how precise
 * they are as plain matches on train (smoothed gold/occurrences), one lexicon rule per band; and
 * the forms that are too ambiguous alone, as one regex base that context anchors can make precise.
 * A form with a digit must recur to be listed: one seen once is an instance of a shape (an amount,
 * a date), which the shapes generalise; a name seen once is still evidence of that name.
 */
export function formCandidates(stats: readonly FormStats[], minSupport: number): { lexicons: Candidate[]; ambiguous: Candidate[] } {
  const labels = [...new Set(stats.map((s) => s.label))].sort();
  const lexicons: Candidate[] = [];
  const ambiguous: Candidate[] = [];
  for (const label of labels) {
    const forms = stats.filter((s) => s.label === label && s.gold >= (/\d/.test(s.form) ? Math.max(minSupport, TUNING.spans.minRecurrence) : minSupport));
    let prev = Infinity;
    for (const band of BANDS) {
      const inBand = forms.filter((f) => {
        const p = laplace(Math.min(f.gold, f.occurrences), f.occurrences);
        return p >= band && p < prev;
      });
      prev = band;
      if (!inBand.length) continue;
      const terms = inBand.map((f) => f.form).sort();
      const gold = inBand.reduce((s, f) => s + f.gold, 0);
      lexicons.push({
        kind: 'lexicon',
        label,
        format: 'lexicon',
        pattern: '',
        flags: '',
        terms,
        caseSensitive: true,
        group: '$0',
        name: `${label} lexicon (${terms.length} forms, precision >= ${band})`,
        description: `${terms.length} gold ${label} surface forms from train whose plain matches are ${label} at least ${Math.round(band * 100)}% of the time (${gold} gold mentions), e.g. ${terms
          .slice(0, 4)
          .map((t) => JSON.stringify(t))
          .join(', ')}`,
        specificity: 1 + band,
        support: gold,
      });
    }
    const weak = forms
      .filter((f) => laplace(Math.min(f.gold, f.occurrences), f.occurrences) < LOWEST_BAND && f.gold >= TUNING.spans.minSupport)
      .filter((f) => isWordChar(f.form[0]) && isWordChar(f.form[f.form.length - 1]))
      .sort((a, b) => b.gold - a.gold)
      .slice(0, 60);
    if (weak.length) {
      const terms = weak.map((f) => f.form);
      const l = edgeBoundary(terms.map((t) => t[0]), 'left');
      const r = edgeBoundary(terms.map((t) => t.slice(-1)), 'right');
      const src = `${l.src}${alternation(terms)}${r.src}`;
      ambiguous.push({
        kind: 'ambiguous_forms',
        label,
        format: 'regex',
        pattern: src,
        flags: l.unicode || r.unicode ? 'u' : '',
        group: '$0',
        name: `${label} ambiguous forms /${src.length > 50 ? `${src.slice(0, 47)}...` : src}/`,
        description: `${terms.length} ${label} surface forms that are ambiguous alone (${weak.reduce((s, f) => s + f.gold, 0)} gold of ${weak.reduce((s, f) => s + f.occurrences, 0)} occurrences)`,
        specificity: 0,
        support: weak.reduce((s, f) => s + f.gold, 0),
      });
    }
  }
  return { lexicons, ambiguous };
}
