import { textOf } from '../../core/engine/predict.js';
import type { Example } from '../../core/schemas/example.js';
import { isSpanTask, type Task } from '../../core/schemas/task.js';
import { compressedShape, exactShape } from './shape.js';

/** One occurrence of a label's value in a training text. */
export interface Mention {
  example_id: string;
  /** The value as it appears (the span's text, or a transformation field's value). */
  surface: string;
  /** Offsets in the example's text; null when a field value does not occur in the text verbatim. */
  start: number | null;
  end: number | null;
  correction: boolean;
}

/** A count of something seen in training data. */
export interface Counted {
  value: string;
  count: number;
}

/** What the training data shows about one span label or output field. */
export interface SpanEvidence {
  kind: 'spans';
  label: string;
  mentions: number;
  examples: number;
  surface_forms: Counted[];
  exact_shapes: Counted[];
  compressed_shapes: Counted[];
  /** Up to `maxContexts` windows around mentions, the mention marked ⟦like this⟧ (corrections first). */
  contexts: string[];
  left_words: Counted[];
  right_words: Counted[];
}

/** What the training data shows about one class. */
export interface ClassEvidence {
  kind: 'class';
  label: string;
  examples: number;
  /** Texts of the class (corrections first). */
  texts: string[];
  /** Texts of other classes, for contrast. */
  counter_texts: { label: string; text: string }[];
  /** Words and bigrams that mostly occur in this class: value, count in class, precision. */
  trigger_words: { value: string; count: number; precision: number }[];
}

export type LabelEvidence = SpanEvidence | ClassEvidence;

export interface EvidenceOptions {
  maxForms?: number;
  maxContexts?: number;
  maxTexts?: number;
  maxCounter?: number;
  /** Characters of context on each side of a mention. */
  window?: number;
}

const DEFAULTS = { maxForms: 40, maxContexts: 12, maxTexts: 25, maxCounter: 12, window: 40 } as const;

/** The answer the rules should reproduce: an observed example's own (the observed model's), not `truth`. */
function classOf(e: Example): string | null {
  return e.label == null || e.label.trim() === '' ? null : e.label;
}

function top(counts: Map<string, number>, n: number): Counted[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, n)
    .map(([value, count]) => ({ value, count }));
}

function bump(m: Map<string, number>, k: string, by = 1): void {
  m.set(k, (m.get(k) ?? 0) + by);
}

/** Field values of a transformation output as strings (lists give one value per item). */
function fieldValues(v: unknown): string[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v.flatMap(fieldValues);
  if (typeof v === 'string') return v.trim() ? [v] : [];
  if (typeof v === 'number' || typeof v === 'boolean') return [String(v)];
  return [];
}

/** Every mention of `label` in the examples, in example order. */
function mentionsOf(task: Task, label: string, examples: readonly Example[]): Mention[] {
  const out: Mention[] = [];
  for (const e of examples) {
    const correction = e.source === 'correction';
    if (isSpanTask(task.type)) {
      const text = e.text ?? '';
      for (const s of e.spans ?? [])
        if (s.label === label) out.push({ example_id: e.id, surface: text.slice(s.start, s.end), start: s.start, end: s.end, correction });
    } else if (task.type === 'transformation') {
      const text = textOf(task, e);
      for (const value of fieldValues(e.output?.[label])) {
        const at = text.indexOf(value);
        out.push({ example_id: e.id, surface: value, start: at < 0 ? null : at, end: at < 0 ? null : at + value.length, correction });
      }
    }
  }
  return out;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'_-]*/gu;

function lastWord(s: string): string | null {
  const words = s.match(WORD);
  return words?.length ? words[words.length - 1]!.toLowerCase() : null;
}

function firstWord(s: string): string | null {
  const m = s.match(WORD);
  return m?.length ? m[0]!.toLowerCase() : null;
}

/** A one-line window around `[start, end)` with the mention marked ⟦…⟧. */
export function contextWindow(text: string, start: number, end: number, window: number): string {
  const from = Math.max(0, start - window);
  const to = Math.min(text.length, end + window);
  const line = `${from > 0 ? '…' : ''}${text.slice(from, start)}⟦${text.slice(start, end)}⟧${text.slice(end, to)}${to < text.length ? '…' : ''}`;
  return line.replace(/\s*\r?\n\s*/g, ' ⏎ ');
}

/** Surface forms, shapes, contexts and neighbouring words of a span label or output field. */
export function spanEvidence(task: Task, label: string, examples: readonly Example[], opts: EvidenceOptions = {}): SpanEvidence {
  const o = { ...DEFAULTS, ...opts };
  const mentions = mentionsOf(task, label, examples);
  const forms = new Map<string, number>();
  const exact = new Map<string, number>();
  const compressed = new Map<string, number>();
  const left = new Map<string, number>();
  const right = new Map<string, number>();
  const byId = new Map(examples.map((e) => [e.id, e]));
  const contexts: string[] = [];
  const seenContext = new Set<string>();
  for (const m of mentions) {
    bump(forms, m.surface);
    bump(exact, exactShape(m.surface));
    bump(compressed, compressedShape(m.surface));
    if (m.start === null || m.end === null) continue;
    const text = textOf(task, byId.get(m.example_id)!);
    const lw = lastWord(text.slice(Math.max(0, m.start - 60), m.start));
    const rw = firstWord(text.slice(m.end, m.end + 60));
    if (lw) bump(left, lw);
    if (rw) bump(right, rw);
    if (contexts.length < o.maxContexts) {
      const c = contextWindow(text, m.start, m.end, o.window);
      if (!seenContext.has(c)) {
        seenContext.add(c);
        contexts.push(c);
      }
    }
  }
  return {
    kind: 'spans',
    label,
    mentions: mentions.length,
    examples: new Set(mentions.map((m) => m.example_id)).size,
    surface_forms: top(forms, o.maxForms),
    exact_shapes: top(exact, 12),
    compressed_shapes: top(compressed, 8),
    contexts,
    left_words: top(left, 12),
    right_words: top(right, 12),
  };
}

/** Lower-cased words and word bigrams of a text, each once. */
function wordFeatures(text: string): Set<string> {
  const words = (text.match(WORD) ?? []).map((w) => w.toLowerCase());
  const out = new Set<string>(words);
  for (let i = 0; i + 1 < words.length; i++) out.add(`${words[i]} ${words[i + 1]}`);
  return out;
}

/** Texts of a class, contrast texts of other classes, and the words that mostly occur in it. */
export function classEvidence(task: Task, label: string, examples: readonly Example[], opts: EvidenceOptions = {}): ClassEvidence {
  const o = { ...DEFAULTS, ...opts };
  const inClass = examples.filter((e) => classOf(e) === label);
  const others = examples.filter((e) => classOf(e) !== null && classOf(e) !== label);
  const featIn = new Map<string, number>();
  const featAll = new Map<string, number>();
  for (const e of examples) {
    const f = wordFeatures(textOf(task, e));
    const mine = classOf(e) === label;
    for (const w of f) {
      bump(featAll, w);
      if (mine) bump(featIn, w);
    }
  }
  const triggers = [...featIn]
    .map(([value, count]) => ({ value, count, precision: count / featAll.get(value)! }))
    .filter((t) => t.count >= 2 && t.precision >= 0.6)
    .sort((a, b) => b.precision * Math.sqrt(b.count) - a.precision * Math.sqrt(a.count) || (a.value < b.value ? -1 : 1))
    .slice(0, o.maxForms);
  // Contrast texts spread over the other classes, in a stable order.
  const byClass = new Map<string, Example[]>();
  for (const e of others) {
    const l = classOf(e)!;
    let list = byClass.get(l);
    if (!list) byClass.set(l, (list = []));
    list.push(e);
  }
  const counter: { label: string; text: string }[] = [];
  for (let i = 0; counter.length < o.maxCounter; i++) {
    let added = false;
    for (const [l, list] of [...byClass].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const e = list[i];
      if (e && counter.length < o.maxCounter) {
        counter.push({ label: l, text: textOf(task, e) });
        added = true;
      }
    }
    if (!added) break;
  }
  return {
    kind: 'class',
    label,
    examples: inClass.length,
    texts: inClass.slice(0, o.maxTexts).map((e) => textOf(task, e)),
    counter_texts: counter,
    trigger_words: triggers,
  };
}

/** The evidence of one label, by task type. */
export function labelEvidence(task: Task, label: string, examples: readonly Example[], opts: EvidenceOptions = {}): LabelEvidence {
  return task.type === 'classification' ? classEvidence(task, label, examples, opts) : spanEvidence(task, label, examples, opts);
}

/**
 * The labels to learn: the task's own list, plus any label the training answers use that the
 * task does not list (imported data can carry more), in a stable order.
 */
export function labelsToLearn(task: Task, examples: readonly Example[]): string[] {
  const seen = new Set<string>(task.labels ?? []);
  const extra = new Set<string>();
  for (const e of examples) {
    if (task.type === 'classification') {
      const c = classOf(e);
      if (c !== null && !seen.has(c)) extra.add(c);
    } else if (isSpanTask(task.type)) {
      for (const s of e.spans ?? []) if (!seen.has(s.label)) extra.add(s.label);
    } else {
      for (const [k, v] of Object.entries(e.output ?? {})) if (fieldValues(v).length && !seen.has(k)) extra.add(k);
    }
  }
  return [...(task.labels ?? []), ...[...extra].sort()];
}
