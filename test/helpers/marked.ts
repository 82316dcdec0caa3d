import { Example } from '../../src/core/schemas/example.js';

/** A train example from a text with its gold spans marked in brackets: "at [7:30 pm] for [2]" (every span is a `label` span). */
export function marked(id: string, source: string, label: string): Example {
  const spans: { start: number; end: number; label: string }[] = [];
  let text = '';
  for (const part of source.split(/(\[[^\]]*\])/)) {
    if (!part.startsWith('[')) text += part;
    else {
      spans.push({ start: text.length, end: text.length + part.length - 2, label });
      text += part.slice(1, -1);
    }
  }
  return Example.parse({ id, text, spans, split: 'train' });
}
