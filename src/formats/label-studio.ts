import type { TaskType } from '../core/schemas/task.js';
import { ExampleBuilder, badInput, whereText, type Where } from './example-builder.js';
import { isObj, jsonWhere, parseJsonDocument } from './json-positions.js';
import { codePointToUtf16Offsets } from './offsets.js';
import type { ImportedData, ParseOptions } from './types.js';

const CLIP = 200;

/** A JSON value for a message, cut to its first CLIP characters. */
function clipJson(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > CLIP ? `${s.slice(0, CLIP)}… (${s.length - CLIP} more characters)` : s;
}

function taskText(data: Record<string, unknown>): string | undefined {
  if (typeof data.text === 'string') return data.text;
  const strings = Object.values(data).filter((v): v is string => typeof v === 'string');
  return strings.length === 1 ? strings[0] : undefined;
}

/**
 * Parses a Label Studio JSON export: an array of tasks `{id, data: {text}, annotations: [{result:
 * [...]}]}`. `labels` results become spans (one per label), a `choices` result the class label.
 * The first annotation that was not cancelled is used; tasks without one are skipped. Offsets are
 * code points (Label Studio stores those since 1.x); when a region's `text` only matches the
 * offsets read as JS indices (older exports), those are used instead and counted in a warning.
 */
export function parseLabelStudio(content: string, name: string, opts: ParseOptions = {}): ImportedData {
  const doc = parseJsonDocument(content, name);
  const tasks = Array.isArray(doc) ? doc : isObj(doc) && 'data' in doc ? [doc] : undefined;
  if (!tasks) throw badInput(`${name}:1`, 'expected a Label Studio JSON export: a list of tasks with "data" and "annotations"');
  const b = new ExampleBuilder({ ...opts, format: 'labelstudio', hint: 'fix this task' });
  let kind: 'spans' | 'label' | undefined;
  let kindWhere: Where = '';
  let unannotated = 0;
  let several = 0;
  let skippedResults = 0;
  let jsIndexed = 0;
  tasks.forEach((task: unknown, i) => {
    const where: Where = () => jsonWhere(name, content, [i], `task ${i}`);
    const data = isObj(task) ? task.data : undefined;
    if (!isObj(task) || !isObj(data)) throw badInput(where, 'expected a task object with a "data" object');
    const text = taskText(data);
    if (text === undefined) throw badInput(where, 'found no text in "data"; the text must be in data.text (or be its only string field)');
    for (const key of ['annotations', 'completions'] as const) {
      const v = task[key];
      if (v !== undefined && v !== null && !Array.isArray(v)) {
        throw badInput(where, `task ${i}: "${key}" must be a list of annotations like [{"result": [...]}]; found ${clipJson(v)}`);
      }
    }
    const listKey = Array.isArray(task.annotations) ? 'annotations' : 'completions';
    const all: unknown[] = Array.isArray(task.annotations) ? task.annotations : Array.isArray(task.completions) ? task.completions : [];
    const live = all.map((a, index) => ({ a, index })).filter(({ a }) => isObj(a) && a.was_cancelled !== true) as { a: Record<string, unknown>; index: number }[];
    const first = live[0];
    if (!first) {
      unannotated++;
      return;
    }
    if (live.length > 1) several++;
    const ann = first.a;
    const results = Array.isArray(ann.result) ? ann.result : [];
    const spans: Record<string, unknown>[] = [];
    const choices: string[] = [];
    results.forEach((r: unknown, j) => {
      const value = isObj(r) ? r.value : undefined;
      if (!isObj(value)) {
        skippedResults++;
        return;
      }
      // A result that means to be a labelled region or a choice but is malformed is refused, not
      // skipped: dropping it would import the task with a wrong or missing answer.
      const field = (k: string) => `task ${i}: ${listKey}[${first.index}].result[${j}].value.${k}`;
      const found = (v: unknown) => `found ${v === undefined ? 'nothing' : clipJson(v)}`;
      if (value.labels !== undefined || (value.start !== undefined && value.choices === undefined)) {
        const { start, end, labels } = value;
        if (!Array.isArray(labels) || labels.length === 0 || !labels.every((l) => typeof l === 'string')) {
          throw badInput(where, `${field('labels')} must be a list of label names like ["PER"]; ${found(labels)}`);
        }
        for (const [k, v] of [['start', start], ['end', end]] as const) {
          if (!Number.isInteger(v) || (v as number) < 0) throw badInput(where, `${field(k)} must be a whole-number character offset; ${found(v)}`);
        }
        const [cs, ce] = codePointToUtf16Offsets(text, [start as number, end as number]) as [number, number];
        let s = cs;
        let e = ce;
        if (typeof value.text === 'string' && text.slice(cs, ce) !== value.text && text.slice(start as number, end as number) === value.text) {
          s = start as number;
          e = end as number;
          jsIndexed++;
        }
        for (const label of labels as string[]) {
          const span: Record<string, unknown> = { start: s, end: e, label };
          if (typeof value.text === 'string') span.text = value.text;
          spans.push(span);
        }
      } else if (value.choices !== undefined) {
        const c = value.choices;
        if (!Array.isArray(c) || !c.every((l) => typeof l === 'string')) {
          throw badInput(where, `${field('choices')} must be a list of class names like ["refund"]; ${found(c)}`);
        }
        choices.push(...(c as string[]));
      } else skippedResults++;
    });
    if (spans.length > 0 && choices.length > 0) throw badInput(where, 'this task has both labelled regions and choices; one import holds one task type');
    if (choices.length > 1) throw badInput(where, `this task has ${choices.length} choices (${choices.join(', ')}); classification takes one label per example`);
    const k = choices.length > 0 ? 'label' : spans.length > 0 ? 'spans' : undefined;
    if (k !== undefined && kind !== undefined && k !== kind) {
      throw badInput(where, `this task has ${k === 'label' ? 'choices' : 'labelled regions'} but ${whereText(kindWhere)} has ${kind === 'label' ? 'choices' : 'labelled regions'}; one import holds one task type`);
    }
    if (k !== undefined && kind === undefined) {
      kind = k;
      kindWhere = where;
    }
    const id = task.id === undefined ? b.genId(`t${i + 1}`) : String(task.id);
    const row: Record<string, unknown> = { id, text };
    if (k === 'label') row.label = choices[0];
    else row.spans = spans;
    b.add(row, where);
  });
  // span rows were given `spans: []` before the kind was known; classification rows must not have them
  let taskType: TaskType;
  if (kind === 'label') {
    for (const ex of b.examples) if (ex.spans?.length === 0 && ex.label === undefined) {
      delete ex.spans;
      ex.label = null;
    }
    taskType = 'classification';
  } else taskType = opts.taskType === 'extraction' ? 'extraction' : 'ner';
  if (unannotated > 0) b.warn(`${unannotated} task(s) have no annotation (or only cancelled ones) and were skipped`);
  if (several > 0) b.warn(`${several} task(s) have more than one annotation; the first was used`);
  if (skippedResults > 0) b.warn(`${skippedResults} result(s) that are neither labelled regions nor choices were ignored`);
  if (jsIndexed > 0) b.warn(`${jsIndexed} region(s) matched their text only as JS string offsets and were read that way`);
  return b.finish(taskType);
}
