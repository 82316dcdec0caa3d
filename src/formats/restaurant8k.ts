import { ExampleBuilder, badInput, type Where } from './example-builder.js';
import { isObj, jsonWhere, parseJsonDocument } from './json-positions.js';
import { codePointToUtf16Offsets } from './offsets.js';
import type { ImportedData, ParseOptions } from './types.js';

/**
 * Parses Restaurant-8k (Span-ConveRT) JSON: an array of `{userInput: {text}, context?:
 * {requestedSlots}, labels?: [{slot, valueSpan: {startIndex?, endIndex}}]}`. A missing
 * `startIndex` is 0 (protobuf JSON drops zeros); a span carrying two slots is two label entries,
 * so two spans; examples without labels are negatives; `requestedSlots` goes to
 * `meta.requested_slots`. Offsets are read as code points (Python tooling). Ids are `r1`, `r2`, ….
 */
export function parseRestaurant8k(content: string, name: string, opts: ParseOptions = {}): ImportedData {
  const data = parseJsonDocument(content, name);
  if (!Array.isArray(data)) throw badInput(`${name}:1`, 'expected a JSON array of Restaurant-8k examples');
  const b = new ExampleBuilder({ ...opts, format: 'restaurant8k', hint: 'fix this element' });
  data.forEach((el: unknown, i) => {
    const where: Where = () => jsonWhere(name, content, [i], `element ${i}`);
    if (!isObj(el) || !isObj(el.userInput) || typeof el.userInput.text !== 'string') {
      throw badInput(where, 'expected {"userInput": {"text": "..."}}; give the element its text');
    }
    const text = el.userInput.text;
    const labels = el.labels ?? [];
    if (!Array.isArray(labels)) throw badInput(where, '"labels" must be a list of {slot, valueSpan}');
    const raw: number[] = [];
    const slots: string[] = [];
    labels.forEach((l: unknown, j) => {
      const vs = isObj(l) ? l.valueSpan : undefined;
      const start = isObj(vs) ? (vs.startIndex ?? 0) : undefined;
      const end = isObj(vs) ? vs.endIndex : undefined;
      if (!isObj(l) || typeof l.slot !== 'string' || !Number.isInteger(start) || !Number.isInteger(end)) {
        throw badInput(where, `labels[${j}] must be {"slot": "...", "valueSpan": {"startIndex": N, "endIndex": N}} with integer offsets`);
      }
      raw.push(start as number, end as number);
      slots.push(l.slot);
    });
    const offs = codePointToUtf16Offsets(text, raw);
    const spans = slots.map((label, j) => ({ start: offs[2 * j], end: offs[2 * j + 1], label }));
    const row: Record<string, unknown> = { id: b.genId(`r${i + 1}`), text, spans };
    const ctx = isObj(el.context) ? el.context : undefined;
    if (ctx?.requestedSlots !== undefined) row.meta = { requested_slots: ctx.requestedSlots };
    b.add(row, where);
  });
  return b.finish(opts.taskType === 'ner' ? 'ner' : 'extraction');
}
