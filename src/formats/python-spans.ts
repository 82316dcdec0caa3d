import { badInput, type Where } from './example-builder.js';
import { isObj } from './json-positions.js';
import { codePointToUtf16Offsets } from './offsets.js';

/**
 * RuleChef-style entity lists `[{text?, start, end, type | label}]` with code-point offsets (what
 * RuleChef and other Python tools write), as spans with JS string offsets. `fallbackLabel` names
 * untyped spans (RuleChef extraction tasks).
 */
export function entitiesToSpans(
  entities: unknown,
  text: string,
  where: Where,
  field: string,
  fallbackLabel?: string,
): Record<string, unknown>[] {
  if (!Array.isArray(entities)) throw badInput(where, `"${field}" must be a list of {text, start, end, type}`);
  const raw: number[] = [];
  const items = entities.map((e: unknown, j) => {
    const label = isObj(e) ? (e.type ?? e.label ?? fallbackLabel) : undefined;
    if (!isObj(e) || !Number.isInteger(e.start) || !Number.isInteger(e.end) || typeof label !== 'string') {
      throw badInput(where, `${field}[${j}] must be {"text": "...", "start": N, "end": N, "type": "LABEL"} with integer offsets`);
    }
    if (e.text !== undefined && typeof e.text !== 'string') throw badInput(where, `${field}[${j}].text must be a string`);
    raw.push(e.start as number, e.end as number);
    return { label, text: e.text as string | undefined };
  });
  const offs = codePointToUtf16Offsets(text, raw);
  return items.map((it, j) => {
    const span: Record<string, unknown> = { start: offs[2 * j], end: offs[2 * j + 1], label: it.label };
    if (it.text !== undefined) span.text = it.text;
    return span;
  });
}
