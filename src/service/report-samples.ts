import type { RuleOutputs } from '../core/engine/executor.js';
import { candidateTriples } from '../core/engine/resolve.js';
import type { RuleMetrics, RuleSample } from '../core/schemas/rule-metrics.js';

/** Characters of context either side of a highlighted item in the report. */
const REPORT_CONTEXT = 60;

function around(text: string, start: number, end: number, width: number): RuleSample['context'] {
  const from = Math.max(0, start - width);
  const to = Math.min(text.length, end + width);
  return { before: (from > 0 ? '…' : '') + text.slice(from, start), text: text.slice(start, end), after: text.slice(end, to) + (to < text.length ? '…' : '') };
}

/**
 * Samples re-centred on what caused them, for the report's highlights:
 * - classification: a TP or FP is centred on the words the rule matched (the first match, as the
 *   rule fires on it), not the whole text; an FN has no trigger, so nothing is highlighted;
 * - spans: a wrong-boundary sample's highlighted text is the union of the gold and predicted
 *   spans, so the card can mark on the characters what is extra and what is missing.
 * `outputs` is the run the samples came from (texts in full, every rule's matches).
 */
export function triggerSamples(outputs: RuleOutputs, metrics: readonly RuleMetrics[], width = REPORT_CONTEXT): RuleMetrics[] {
  const type = outputs.task.type;
  if (type === 'transformation') return [...metrics];
  const doc = new Map<string, number>();
  outputs.ids?.forEach((id, d) => id !== undefined && doc.set(id, d));
  const position = new Map(outputs.rules.map((r, p) => [r.id, p]));
  return metrics.map((m) => {
    const p = position.get(m.id);
    const fix = (s: RuleSample): RuleSample => {
      const d = doc.get(s.example_id);
      if (d === undefined) return s;
      const text = outputs.texts[d]!;
      if (type === 'classification') {
        if (s.kind === 'fn') return { ...s, context: { before: text, text: '', after: '' } };
        const t = p === undefined ? [] : candidateTriples(outputs, d, undefined, p);
        if (t.length < 3) return s;
        const [start, end] = [t[1]!, t[2]!];
        const at = { ...s, context: around(text, start, end, width) };
        return s.predicted ? { ...at, predicted: { ...s.predicted, text: text.slice(start, end), start, end } } : at;
      }
      const g = s.gold;
      const q = s.predicted;
      if (s.outcome !== 'wrong_boundary' || !g || !q || g.start === null || g.end === null || q.start === null || q.end === null) return s;
      return { ...s, context: around(text, Math.min(g.start, q.start), Math.max(g.end, q.end), width) };
    };
    return { ...m, samples: { tp: m.samples.tp.map(fix), fp: m.samples.fp.map(fix), fn: m.samples.fn.map(fix) } };
  });
}
