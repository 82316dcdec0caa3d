/**
 * The span baselines (surface-form keyword list, BIO token tagger) behind one interface, for span
 * tasks and for transformation tasks whose field values are copied from the text (SROIE): there a
 * training example's value becomes a span at its first verbatim occurrence in the text (values
 * that do not occur verbatim teach nothing), and a prediction's field is the text of the
 * best-scored span of that field.
 */
import { textOf } from '../../../src/core/engine/predict.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { Prediction } from '../../../src/core/schemas/prediction.js';
import { isSpanTask, type Task } from '../../../src/core/schemas/task.js';
import { SurfaceList, type FoundSpan } from './span-keywords.js';
import { TokenTagger } from './token-tagger.js';

import type { Labelled } from './token-tagger.js';

/** Document-level context the tagger may use: the requested slots Restaurant-8k's importer keeps. */
function contextOf(e: Example): string[] {
  const r = e.meta?.requested_slots;
  return Array.isArray(r) ? r.map((x) => `requested:${String(x)}`) : [];
}

/** Span examples as they are; transformation examples with their string field values located in the text. */
function asSpans(task: Task, examples: readonly Example[]): Labelled[] {
  return examples.map((e) => {
    const text = textOf(task, e);
    if (isSpanTask(task.type)) return { text, spans: (e.spans ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label })), context: contextOf(e) };
    const spans: { start: number; end: number; label: string }[] = [];
    for (const [field, v] of Object.entries(e.output ?? {})) {
      if (typeof v !== 'string' || !v) continue;
      const at = text.indexOf(v);
      if (at >= 0) spans.push({ start: at, end: at + v.length, label: field });
    }
    return { text, spans, context: contextOf(e) };
  });
}

export function spanBaseline(
  task: Task,
  labelled: readonly Example[],
  kind: 'keyword' | 'stat',
): { predict: (e: Example) => Prediction | null; rules: number | null; ruleLabels?: string[]; notes: string[] } {
  const data = asSpans(task, labelled);
  const model = kind === 'keyword' ? SurfaceList.train(data) : TokenTagger.train(data);
  const surfaces = model instanceof SurfaceList ? model.entries : null;
  const rules = surfaces ? surfaces.length : null;
  const notes: string[] = [];
  if (task.type === 'transformation') {
    const filled = labelled.reduce((n, e) => n + Object.values(e.output ?? {}).filter((v) => typeof v === 'string' && v).length, 0);
    const located = data.reduce((n, d) => n + d.spans.length, 0);
    notes.push(`${located} of ${filled} labelled field values occur verbatim in their text and were learned from`);
  }
  const toOutput = (text: string, found: FoundSpan[]): Prediction => {
    if (isSpanTask(task.type)) return { spans: found.map((s) => ({ start: s.start, end: s.end, label: s.label, text: text.slice(s.start, s.end), rule_id: kind })) };
    const best = new Map<string, FoundSpan>();
    for (const s of found) if (!best.has(s.label) || s.score > best.get(s.label)!.score) best.set(s.label, s);
    return { output: Object.fromEntries([...best].map(([field, s]) => [field, text.slice(s.start, s.end)])) };
  };
  return {
    rules,
    ...(surfaces ? { ruleLabels: surfaces.map((x) => x.label) } : {}),
    notes,
    predict: (e) => {
      const text = textOf(task, e);
      return toOutput(text, model instanceof SurfaceList ? model.find(text) : model.find(text, contextOf(e)));
    },
  };
}
