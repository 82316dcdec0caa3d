import type { Example } from '../../../core/schemas/example.js';
import { literalPattern, tokenize } from '../text.js';
import type { Candidate } from '../types.js';
import { groupShapes, shapeCandidates } from './shape.js';

/** A span a person selected in one text, and the label it should have. */
export interface SelectedSpan {
  text: string;
  start: number;
  end: number;
  label: string;
}

const base = (kind: string, label: string, pattern: string, unicode: boolean, shown: string, group: '$0' | '$1' = '$0'): Candidate => ({
  kind,
  label,
  format: 'regex',
  pattern,
  flags: unicode ? 'u' : '',
  group,
  name: `${label} <- ${shown}`,
  description: `suggested for a selected span: ${shown}`,
  specificity: group === '$1' ? 2 : 1,
});

/**
 * Rules that could extract a selected span: its own text as a literal; the shapes of the label's
 * gold spans that share its skeleton, generalised with it (`\$\d{1,3}(?:,\d{3})*` when train has
 * other amounts); and each of those anchored on the word before or after it in this text
 * (`\bpaid\s+(\$…)`, output group 1). Whether each one extracts the span, and how it does on
 * train, the engine decides (the caller runs them).
 */
export function spanSuggestionCandidates(train: readonly Example[], sel: SelectedSpan): Candidate[] {
  const body = sel.text.slice(sel.start, sel.end);
  const lit = literalPattern(body);
  const bodies = [{ src: lit.src, unicode: lit.unicode, shown: JSON.stringify(body), kind: 'literal' }];
  const gold = train.flatMap((e) => (e.spans ?? []).filter((s) => s.label === sel.label).map((s) => ({ label: s.label, text: (e.text ?? '').slice(s.start, s.end) })));
  for (const g of groupShapes([...gold, { label: sel.label, text: body }]).filter((x) => x.texts.includes(body)))
    for (const c of shapeCandidates(g, 1)) bodies.push({ src: c.pattern, unicode: c.flags.includes('u'), shown: c.name.slice(c.label.length + 1), kind: c.kind });
  const toks = tokenize(sel.text);
  const wordOf = (t: { start: number; end: number }) => sel.text.slice(t.start, t.end);
  const before = toks.filter((t) => t.end <= sel.start).at(-1);
  const after = toks.find((t) => t.start >= sel.end);
  const out: Candidate[] = [];
  for (const b of bodies) {
    out.push(base(b.kind, sel.label, b.src, b.unicode, b.shown));
    if (before && /^\s+$/.test(sel.text.slice(before.end, sel.start))) {
      const w = literalPattern(wordOf(before));
      out.push(base('context', sel.label, `${w.src}\\s+(${b.src})`, b.unicode || w.unicode, `${b.shown} after "${wordOf(before)}"`, '$1'));
    }
    if (after && /^\s+$/.test(sel.text.slice(sel.end, after.start))) {
      const w = literalPattern(wordOf(after));
      out.push(base('context', sel.label, `(${b.src})\\s+${w.src}`, b.unicode || w.unicode, `${b.shown} before "${wordOf(after)}"`, '$1'));
    }
  }
  const seen = new Set<string>();
  return out.filter((c) => (seen.has(c.pattern) ? false : (seen.add(c.pattern), true)));
}
