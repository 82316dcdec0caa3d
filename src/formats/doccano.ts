import type { TaskType } from '../core/schemas/task.js';
import { ExampleBuilder, badInput, whereText, type Where } from './example-builder.js';
import { isObj } from './json-positions.js';
import { jsonObjectLines, type LineInput } from './lines.js';
import { codePointToUtf16Offsets } from './offsets.js';
import type { ImportedData, ParseOptions } from './types.js';

/** True when a JSONL row looks like a Doccano export rather than a native row. */
export function isDoccanoRow(row: Record<string, unknown>): boolean {
  return (
    Array.isArray(row.label) ||
    Array.isArray(row.labels) ||
    (Array.isArray(row.entities) && row.entities.some((e) => isObj(e) && 'start_offset' in e)) ||
    (typeof row.data === 'string' && row.text === undefined)
  );
}

type Kind = 'spans' | 'label';

/**
 * Parses a Doccano JSONL export. Sequence labelling: `{"text", "label": [[start, end, "TYPE"], …]}`
 * (older exports say `labels`; newer ones `entities: [{start_offset, end_offset, label}]`). Text
 * classification: `{"text" (or "data"), "label": ["class"]}`, one class per example. Offsets are
 * code points (Doccano's backend is Python). Ids: the row's `id`, else `d1`, `d2`, ….
 */
export function parseDoccano(content: LineInput, name: string, opts: ParseOptions = {}): ImportedData {
  const b = new ExampleBuilder({ ...opts, format: 'doccano', hint: 'fix this line' });
  let kind: Kind | undefined = opts.taskType === 'classification' ? 'label' : undefined;
  let kindWhere: Where = kind ? 'the task type' : '';
  let count = 0;
  for (const { row, line } of jsonObjectLines(content, name)) {
    const where = `${name}:${line}`;
    count++;
    const text = row.text ?? row.data;
    if (typeof text !== 'string') throw badInput(where, 'Doccano rows need a string "text"');
    const list = row.entities ?? row.label ?? row.labels ?? [];
    if (!Array.isArray(list)) throw badInput(where, '"label" must be a list: [[start, end, "TYPE"], …] or ["class"]');
    const raw: number[] = [];
    const spanLabels: string[] = [];
    const classes: string[] = [];
    list.forEach((item: unknown, j) => {
      if (typeof item === 'string') classes.push(item);
      else if (Array.isArray(item) && item.length >= 3 && Number.isInteger(item[0]) && Number.isInteger(item[1]) && typeof item[2] === 'string') {
        raw.push(item[0] as number, item[1] as number);
        spanLabels.push(item[2] as string);
      } else if (isObj(item) && Number.isInteger(item.start_offset) && Number.isInteger(item.end_offset) && typeof item.label === 'string') {
        raw.push(item.start_offset as number, item.end_offset as number);
        spanLabels.push(item.label);
      } else {
        throw badInput(where, `label ${j} is ${JSON.stringify(item)}; expected [start, end, "TYPE"] (spans) or "class" (classification)`);
      }
    });
    if (classes.length > 0 && spanLabels.length > 0) throw badInput(where, 'row mixes span labels and class labels; one file holds one task type');
    if (classes.length > 1) throw badInput(where, `row has ${classes.length} class labels (${classes.join(', ')}); classification takes one label per example`);
    const k: Kind | undefined = classes.length > 0 ? 'label' : spanLabels.length > 0 ? 'spans' : undefined;
    if (k && kind && k !== kind) {
      throw badInput(where, `this row has ${k === 'label' ? 'class labels' : 'span labels'} but ${whereText(kindWhere)} has ${kind === 'label' ? 'class labels' : 'span labels'}; one file holds one task type`);
    }
    if (k && !kind) {
      kind = k;
      kindWhere = where;
    }
    const id = row.id === undefined ? b.genId(`d${count}`) : String(row.id);
    const ex: Record<string, unknown> = { id, text };
    if (k === 'label') ex.label = classes[0];
    else {
      const offs = codePointToUtf16Offsets(text, raw);
      ex.spans = spanLabels.map((label, j) => ({ start: offs[2 * j], end: offs[2 * j + 1], label }));
    }
    b.add(ex, where);
  }
  let taskType: TaskType;
  if (kind === 'label') {
    for (const ex of b.examples) if (ex.spans?.length === 0) {
      delete ex.spans;
      ex.label = null;
    }
    taskType = 'classification';
  } else taskType = opts.taskType === 'extraction' ? 'extraction' : 'ner';
  return b.finish(taskType);
}
