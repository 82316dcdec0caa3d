import type { ExampleScore, OutcomeKind } from '../core/eval/types.js';
import type { EvalReport } from '../core/schemas/eval-report.js';
import type { TaskType } from '../core/schemas/task.js';

/** One gold item the ruleset did not get right, with the text around it. */
export interface UncoveredItem {
  example_id: string;
  /** `missed` (no rule produced it), or how the output was wrong (`wrong_label`, `wrong_boundary`, `wrong_value`). */
  kind: OutcomeKind;
  before: string;
  text: string;
  after: string;
  /** What the rules produced instead (a label, or the predicted text), when they produced something. */
  predicted: string | null;
}

/** The uncovered gold of one label: counts, what the items have in common, and the items. */
export interface UncoveredLabel {
  label: string;
  /** The evaluation's FN count of the label (what `eval` prints). */
  fn: number;
  /** The evaluation's TP of the label: with `fn`, the gold the coverage bar shows. */
  tp: number;
  /** FN items no rule produced at all; the rest of `fn` were produced wrong. */
  missed: number;
  /** The most frequent words (or item texts, for spans) among the uncovered items, with counts. */
  words: [string, number][];
  /** The most frequent word shapes of the uncovered items (spans and values: `Xxxx dd`), with counts. */
  shapes: [string, number][];
  /** The first items, in example order (at most the limit gathered with). */
  items: UncoveredItem[];
}

/** What no rule covers on the evaluation's split, by label (most FN first). */
export interface ReportUncovered {
  split: string;
  fn: number;
  labels: UncoveredLabel[];
}

/** Words too common to say anything about what a rule should look for. */
const STOP = new Set(
  'a an and are as at be but by for from has have he her his i in is it its my not of on or our she so that the their them they this to was we were what when where which who why will with you your'.split(' '),
);

/** A word shape: capitals X, lower-case x, digits d, runs of the same class cut to four. */
function wordShape(s: string): string {
  const mapped = s.replace(/\p{Lu}/gu, 'X').replace(/\p{Ll}/gu, 'x').replace(/\p{Nd}/gu, 'd');
  return mapped.replace(/(X{4,}|x{4,}|d{4,})/g, (run) => run.slice(0, 4));
}

function top(counts: Map<string, number>, n: number): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n);
}

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

const WORDS = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

export interface UncoveredOptions {
  /** Items kept per label (default 20). */
  items?: number;
  /** Words and shapes kept per label (default 10). */
  top?: number;
  /** Characters of context either side of a span (default 40). */
  context?: number;
}

/**
 * The gold items each label's FN count is made of, from the evaluation's per-example outcomes:
 * for classification the examples whose label was missed or wrong (their words), for spans and
 * fields the items themselves (their texts and shapes). `texts[i]` is the text of `scores[i]`.
 * The counts are the evaluation's own, so they match `eval` whatever the matching mode.
 */
export function uncoveredFrom(type: TaskType, report: EvalReport, scores: readonly ExampleScore[], texts: readonly string[], options: UncoveredOptions = {}): ReportUncovered {
  const keep = options.items ?? 20;
  const n = options.top ?? 10;
  const width = options.context ?? 40;
  const acc = new Map<string, { missed: number; words: Map<string, number>; shapes: Map<string, number>; items: UncoveredItem[] }>();
  const get = (label: string) => {
    let a = acc.get(label);
    if (!a) acc.set(label, (a = { missed: 0, words: new Map(), shapes: new Map(), items: [] }));
    return a;
  };
  scores.forEach((s, i) => {
    const text = texts[i] ?? '';
    for (const o of s.outcomes ?? []) {
      if (!o.gold || o.kind === 'match') continue;
      const a = get(o.gold.label);
      if (o.kind === 'missed') a.missed++;
      const predicted = o.pred ? (type === 'classification' ? o.pred.label : (o.pred.text ?? (o.pred.value === undefined ? null : String(o.pred.value)))) : null;
      if (type === 'classification') {
        for (const w of new Set((text.toLowerCase().match(WORDS) ?? []).filter((w) => w.length > 1 && !STOP.has(w)))) bump(a.words, w);
        if (a.items.length < keep) a.items.push({ example_id: s.id, kind: o.kind, before: '', text: text.length > 400 ? `${text.slice(0, 399)}…` : text, after: '', predicted });
        continue;
      }
      const value = o.gold.text ?? (o.gold.value === undefined ? '' : typeof o.gold.value === 'string' ? o.gold.value : JSON.stringify(o.gold.value));
      bump(a.words, value.toLowerCase());
      bump(a.shapes, (value.match(WORDS) ?? []).map(wordShape).join(' ') || wordShape(value));
      if (a.items.length >= keep) continue;
      let start = o.gold.start;
      let end = o.gold.end;
      if (start === undefined || end === undefined) {
        const at = value ? text.indexOf(value) : -1;
        start = at < 0 ? undefined : at;
        end = at < 0 ? undefined : at + value.length;
      }
      if (start === undefined || end === undefined) {
        a.items.push({ example_id: s.id, kind: o.kind, before: '', text: value, after: '', predicted });
        continue;
      }
      const from = Math.max(0, start - width);
      const to = Math.min(text.length, end + width);
      a.items.push({
        example_id: s.id,
        kind: o.kind,
        before: (from > 0 ? '…' : '') + text.slice(from, start),
        text: text.slice(start, end),
        after: text.slice(end, to) + (to < text.length ? '…' : ''),
        predicted,
      });
    }
  });
  const labels: UncoveredLabel[] = Object.entries(report.per_class)
    .filter(([label, c]) => c.fn > 0 || acc.has(label))
    .map(([label, c]) => {
      const a = acc.get(label);
      return { label, fn: c.fn, tp: c.tp, missed: a?.missed ?? 0, words: a ? top(a.words, n) : [], shapes: a ? top(a.shapes, n) : [], items: a?.items ?? [] };
    })
    .sort((x, y) => y.fn - x.fn || x.label.localeCompare(y.label));
  return { split: report.split ?? 'all', fn: report.micro.fn, labels };
}
