import { resolveDocument, resolveRuleAlone } from '../engine/resolve.js';
import { foldLabel } from '../eval/score-classification.js';
import type { Outcome, OutcomeItem } from '../eval/types.js';
import type { Scorer } from '../eval/scorer.js';
import type { Example } from '../schemas/example.js';
import type { RuleSample, SampleItem } from '../schemas/rule-metrics.js';
import { allExcluded, type ScoredRun } from './scored-run.js';

export interface SampleOptions {
  /** Samples of each kind per rule (default 5). */
  perKind?: number;
  /** Characters of context either side of a span (default 40). */
  contextChars?: number;
}

export interface RuleSamples {
  tp: RuleSample[];
  fp: RuleSample[];
  fn: RuleSample[];
}

const FP_KINDS = new Set(['spurious', 'wrong_label', 'wrong_boundary', 'wrong_value']);

/**
 * A handful of true positives, false positives and false negatives of each rule alone, first ones
 * in example order. TP and FP come from the examples the rule fired on; FN are the gold items of
 * the rule's own label (class, or field) that it missed, so "what does this rule miss" reads as
 * such (gold of other labels is every rule's FN and says nothing about this one). `scorer` must
 * collect outcomes (compiled with `outcomes: true`). Given `into` (the samples of earlier examples,
 * same rules), it fills what is still missing from these examples, so examples taken in batches
 * give the same samples as all at once.
 */
export function ruleSamples(run: ScoredRun, scorer: Scorer, options: SampleOptions = {}, into?: RuleSamples[]): RuleSamples[] {
  const { outputs, examples } = run;
  const k = options.perKind ?? 5;
  const width = options.contextChars ?? 40;
  const all = into ?? outputs.rules.map((): RuleSamples => ({ tp: [], fp: [], fn: [] }));
  if (k <= 0 || all.every((o) => o.tp.length >= k && o.fp.length >= k && o.fn.length >= k)) return all;
  const type = outputs.task.type;
  const none = allExcluded(outputs);
  const emptyOutcomes = new Map<number, Outcome[]>();
  const noOutput = (d: number) => {
    let o = emptyOutcomes.get(d);
    if (!o) emptyOutcomes.set(d, (o = scorer.score(examples[d]!, resolveDocument(outputs, d, none)).outcomes ?? []));
    return o;
  };
  const docsWithGold = goldDocsByLabel(examples, type);
  const sameLabel = (gold: string, label: string) =>
    type === 'classification' ? foldLabel(gold) === foldLabel(label) : type === 'transformation' ? gold === label || gold.startsWith(`${label}.`) : gold === label;

  outputs.rules.forEach((rule, p) => {
    const out = all[p]!;
    if (out.tp.length >= k && out.fp.length >= k && out.fn.length >= k) return;
    const docs = outputs.ruleDocs[p]!;
    const fired = new Set<number>();
    const aloneOutcomes = (d: number) => scorer.score(examples[d]!, resolveRuleAlone(outputs, d, p)).outcomes ?? [];
    for (const d of docs) {
      fired.add(d);
      if (out.tp.length >= k && out.fp.length >= k) continue;
      for (const o of aloneOutcomes(d)) {
        if (!o.pred) continue;
        const kind = o.kind === 'match' ? 'tp' : FP_KINDS.has(o.kind) ? 'fp' : null;
        if (kind && out[kind].length < k) out[kind].push(sample(examples[d]!, outputs.texts[d]!, kind, o, o.pred, width));
      }
    }
    const candidates = rule.label ? (type === 'classification' ? docsWithGold.get(foldLabel(rule.label)) : docsWithGold.get(rule.label)) : undefined;
    for (const d of candidates ?? []) {
      if (out.fn.length >= k) break;
      for (const o of fired.has(d) ? aloneOutcomes(d) : noOutput(d)) {
        if (!o.gold || o.kind === 'match' || !sameLabel(o.gold.label, rule.label)) continue;
        if (out.fn.length < k) out.fn.push(sample(examples[d]!, outputs.texts[d]!, 'fn', o, o.gold, width));
      }
    }
  });
  return all;
}

/** Documents (in order) holding gold of each label: span labels, folded class labels, or top-level fields. */
function goldDocsByLabel(examples: readonly Example[], type: string): Map<string, number[]> {
  const m = new Map<string, number[]>();
  const add = (label: string, d: number) => {
    const list = m.get(label);
    if (!list) m.set(label, [d]);
    else if (list[list.length - 1] !== d) list.push(d);
  };
  examples.forEach((ex, d) => {
    if (type === 'classification') {
      if (ex.label) add(foldLabel(ex.label), d);
    } else if (type === 'transformation') {
      for (const key of Object.keys(ex.output ?? {})) add(key, d);
    } else for (const s of ex.spans ?? []) add(s.label, d);
  });
  return m;
}

function item(i: OutcomeItem | undefined): SampleItem | null {
  if (!i) return null;
  const text = i.text ?? (i.value === undefined ? null : typeof i.value === 'string' ? i.value : JSON.stringify(i.value));
  return { label: i.label, text, start: i.start ?? null, end: i.end ?? null };
}

function sample(ex: Example, text: string, kind: 'tp' | 'fp' | 'fn', o: Outcome, focus: OutcomeItem, width: number): RuleSample {
  const s: RuleSample = { example_id: ex.id, kind, outcome: o.kind, gold: item(o.gold), predicted: item(o.pred), context: contextOf(text, focus, width) };
  if (o.reason !== undefined) s.reason = o.reason;
  if (o.lexical_fallback) s.lexical_fallback = true;
  return s;
}

/** The focus item and `width` characters either side; a whole (clipped) text for class labels. */
function contextOf(text: string, focus: OutcomeItem, width: number): RuleSample['context'] {
  let s = focus.start;
  let e = focus.end;
  if (s === undefined || e === undefined) {
    // A field value: find it in the text; a class label: the document itself is the context.
    const v = typeof focus.value === 'string' ? focus.value : undefined;
    const at = v ? text.indexOf(v) : -1;
    if (at < 0) return { before: '', text: clip(text, 4 * width), after: '' };
    s = at;
    e = at + v!.length;
  }
  const from = Math.max(0, s - width);
  const to = Math.min(text.length, e + width);
  return { before: (from > 0 ? '…' : '') + text.slice(from, s), text: text.slice(s, e), after: text.slice(e, to) + (to < text.length ? '…' : '') };
}

const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);
