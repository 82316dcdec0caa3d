import { textOf } from '../../core/engine/predict.js';
import type { Example } from '../../core/schemas/example.js';
import { Task } from '../../core/schemas/task.js';
import type { ResolvedOptions } from './options.js';
import { candidatesFromDocs, type SpanDoc } from './spans/index.js';
import { escapeRegex } from './text.js';
import type { Candidate } from './types.js';

/** Top-level output values a rule can extract: strings and numbers (list fields: each item). */
function valuesOf(v: unknown): string[] {
  if (typeof v === 'string') return v.trim() ? [v] : [];
  if (typeof v === 'number' && Number.isFinite(v)) return [String(v)];
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' || typeof x === 'number' ? valuesOf(x) : []));
  return [];
}

/** Number spellings a value may appear under in the text (`9` as `9.00`, `1234.5` as `1,234.50`). */
function spellings(value: string): string[] {
  const out = [value];
  const n = Number(value.replace(/,/g, ''));
  if (/^-?[\d,]*\.?\d+$/.test(value) && Number.isFinite(n)) {
    const fixed = n.toFixed(2);
    out.push(fixed, n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  }
  return [...new Set(out)];
}

const WORD = /[\p{L}\p{N}_]/u;
const DIGIT = /[0-9]/;

/** An occurrence is whole: not inside a longer word, nor a number inside a longer number (`9` in `9.00`). */
function whole(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  if (WORD.test(text[start]!) && before !== undefined && WORD.test(before)) return false;
  if (WORD.test(text[end - 1]!) && after !== undefined && WORD.test(after)) return false;
  if (DIGIT.test(text[start]!) && before !== undefined && /[.,]/.test(before) && DIGIT.test(text[start - 2] ?? '')) return false;
  if (DIGIT.test(text[end - 1]!) && after !== undefined && /[.,]/.test(after) && DIGIT.test(text[end + 1] ?? '')) return false;
  return true;
}

/**
 * Where a field value occurs in the text: every whole verbatim occurrence of its first spelling found;
 * failing that, occurrences where its whitespace runs are any whitespace (values that span lines).
 */
export function locate(text: string, value: string): { start: number; end: number }[] {
  for (const s of spellings(value)) {
    const hits: { start: number; end: number }[] = [];
    for (let i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) if (whole(text, i, i + s.length)) hits.push({ start: i, end: i + s.length });
    if (hits.length) return hits;
  }
  const parts = value.trim().split(/\s+/);
  if (parts.length < 2) return [];
  const re = new RegExp(parts.map(escapeRegex).join('\\s+'), 'g');
  const hits: { start: number; end: number }[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) if (whole(text, m.index, m.index + m[0].length)) hits.push({ start: m.index, end: m.index + m[0].length });
  return hits;
}

/**
 * Transformation candidates: each output field is treated as a span label, its gold values located
 * in the text the rules read (`input[text_field]`), and the span generators (value lexicons, value
 * shapes, the label words before a value such as `TOTAL`) run on those located values. The
 * pipeline then scores the candidates as field extractors with the task's own per-field matchers.
 */
export function fieldCandidates(task: Task, train: readonly Example[], opts: ResolvedOptions): Candidate[] {
  const docs: SpanDoc[] = [];
  const probe: Example[] = [];
  const fields = new Set<string>();
  train.forEach((e, i) => {
    const text = textOf(task, e);
    const universe = e.annotated ? new Set(e.annotated) : null;
    const spans: SpanDoc['spans'] = [];
    for (const [field, v] of Object.entries(e.output ?? {})) {
      if (universe && !universe.has(field)) continue;
      fields.add(field);
      for (const value of valuesOf(v)) for (const h of locate(text, value)) spans.push({ ...h, label: field, text: text.slice(h.start, h.end) });
    }
    spans.sort((a, b) => a.start - b.start || a.end - b.end);
    docs.push({ text, spans, universe });
    probe.push({
      id: e.id || `doc-${i}`,
      text,
      spans: spans.map(({ start, end, label }) => ({ start, end, label })),
      split: 'train',
      source: 'gold',
      ...(universe ? { annotated: [...universe] } : {}),
    });
  });
  const probeTask = Task.parse({ name: `${task.name}-fields`, type: 'extraction', labels: [...fields].sort(), matching: { mode: 'text' } });
  return candidatesFromDocs(docs, probeTask, probe, opts);
}
