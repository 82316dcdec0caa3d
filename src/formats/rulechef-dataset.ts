import { TaskType, isSpanTask } from '../core/schemas/index.js';
import { ExampleBuilder, badInput, type Where } from './example-builder.js';
import { isObj, jsonWhere, parseJsonDocument } from './json-positions.js';
import { inferTextField } from './jsonl.js';
import { jsonObjectLines } from './lines.js';
import { entitiesToSpans } from './python-spans.js';
import type { ImportedData, ParseOptions } from './types.js';

const NON_SPACE = /\S/;

/** Label given to RuleChef extraction spans, which are untyped. */
export const UNTYPED_SPAN_LABEL = 'span';

/** True when a JSONL row looks like a RuleChef example (`input` with `expected_output`, or `output` and no `id`). */
export const isRulechefRow = (row: Record<string, unknown>): boolean =>
  isObj(row.input) && (isObj(row.expected_output) || (isObj(row.output) && row.id === undefined));

interface Item {
  row: Record<string, unknown>;
  where: Where;
  correction: boolean;
}

function inferType(output: unknown): TaskType {
  if (isObj(output)) {
    if (Array.isArray(output.entities)) return 'ner';
    if (Array.isArray(output.spans)) return 'extraction';
    const keys = Object.keys(output);
    if (keys.length === 1 && keys[0] === 'label') return 'classification';
  }
  return 'transformation';
}

function collect(content: string, name: string): { items: Item[]; declaredType?: unknown; textField?: unknown } {
  const start = content.search(NON_SPACE);
  const first = start === -1 ? '' : content[start];
  if (first === '[') {
    const arr = parseJsonDocument(content, name) as unknown[];
    if (!Array.isArray(arr)) throw badInput(`${name}:1`, 'expected a JSON array of RuleChef examples');
    return { items: arr.map((row, i) => ({ row: row as Record<string, unknown>, where: () => jsonWhere(name, content, [i], `element ${i}`), correction: false })) };
  }
  if (first === '{') {
    let doc: unknown;
    try {
      doc = JSON.parse(content.slice(start));
    } catch {
      doc = undefined; // JSONL: several objects, one per line
    }
    if (isObj(doc) && (Array.isArray(doc.examples) || Array.isArray(doc.corrections))) {
      const task = isObj(doc.task) ? doc.task : {};
      const items: Item[] = [];
      for (const section of ['examples', 'corrections'] as const) {
        const list = doc[section];
        if (list === undefined) continue;
        if (!Array.isArray(list)) throw badInput(`${name}:1`, `"${section}" must be a list`);
        list.forEach((row, i) =>
          items.push({ row: row as Record<string, unknown>, where: () => jsonWhere(name, content, [section, i], `${section}[${i}]`), correction: section === 'corrections' }),
        );
      }
      return { items, declaredType: task.type, textField: task.text_field };
    }
  }
  return { items: [...jsonObjectLines(content, name)].map(({ row, line }) => ({ row, where: `${name}:${line}`, correction: false })) };
}

/**
 * Parses RuleChef data: a saved dataset JSON (`{task, examples: [{id, input, expected_output,
 * source}], corrections: [{id, input, model_output, expected_output, feedback}]}`), a JSON array
 * of examples, or JSONL rows `{"input": {...}, "output": {...}}` (RuleChef's bulk example files).
 * Outputs follow RuleChef's task types: `{"entities": [{text, start, end, type}]}` (ner),
 * `{"spans": [{text, start, end}]}` (extraction, labelled `span`), `{"label"}` (classification),
 * anything else (transformation). Offsets are code points and are converted. Corrections become
 * `correction` examples with the wrong output and feedback in `meta`.
 */
export function parseRulechef(content: string, name: string, opts: ParseOptions = {}): ImportedData {
  const { items, declaredType, textField: declaredField } = collect(content, name);
  for (const it of items) {
    if (!isObj(it.row) || !isObj(it.row.input) || !isObj(it.row.expected_output ?? it.row.output)) {
      throw badInput(it.where, 'expected a RuleChef example {"input": {...}, "expected_output": {...}} (or "output")');
    }
  }
  const parsedType = TaskType.safeParse(declaredType);
  const firstOut = items[0] ? (items[0].row.expected_output ?? items[0].row.output) : undefined;
  const taskType: TaskType = opts.taskType ?? (parsedType.success ? parsedType.data : inferType(firstOut));
  const inputs = items.map((it) => ({ id: '', input: it.row.input as Record<string, unknown>, split: 'train' as const, source: 'gold' as const }));
  const textField = typeof declaredField === 'string' && declaredField !== '' ? declaredField : (inferTextField(inputs) ?? 'text');

  const b = new ExampleBuilder({ ...opts, format: 'rulechef', hint: 'fix this example' });
  let nEx = 0;
  let nCorr = 0;
  for (const { row, where, correction } of items) {
    const input = row.input as Record<string, unknown>;
    const output = (row.expected_output ?? row.output) as Record<string, unknown>;
    const id = row.id !== undefined && row.id !== null ? String(row.id) : b.genId(correction ? `corr${++nCorr}` : `ex${++nEx}`);
    const ex: Record<string, unknown> = { id };
    const meta: Record<string, unknown> = {};
    if (taskType === 'transformation') {
      ex.input = input;
      ex.output = output;
    } else {
      const text = input[textField];
      if (typeof text !== 'string') throw badInput(where, `input.${textField} must be a string (the task's text field)`);
      ex.text = text;
      if (Object.keys(input).some((k) => k !== textField)) meta.input = input;
      if (isSpanTask(taskType)) {
        const key = Array.isArray(output.entities) ? 'entities' : Array.isArray(output.spans) ? 'spans' : undefined;
        if (key === undefined && Object.keys(output).length > 0) {
          throw badInput(where, `a ${taskType} output needs "entities" (or "spans"): [{text, start, end, type}]`);
        }
        ex.spans = key ? entitiesToSpans(output[key], text, where, key, UNTYPED_SPAN_LABEL) : [];
      } else {
        if (output.label !== undefined && output.label !== null && typeof output.label !== 'string') {
          throw badInput(where, 'a classification output needs a string "label"');
        }
        ex.label = output.label ?? null;
      }
    }
    if (correction) {
      ex.source = 'correction';
      if (row.model_output !== undefined) meta.model_output = row.model_output;
      if (typeof row.feedback === 'string') meta.feedback = row.feedback;
    } else if (typeof row.source === 'string') meta.rulechef_source = row.source;
    if (Object.keys(meta).length > 0) ex.meta = meta;
    b.add(ex, where);
  }
  return b.finish(taskType, taskType === 'transformation' ? textField : undefined);
}
