import { FeedbackLevel } from '../core/schemas/feedback.js';
import { TaskType, isSpanTask } from '../core/schemas/task.js';
import type { Answer } from '../core/schemas/example.js';
import { ExampleBuilder, badInput, type Where } from './example-builder.js';
import { checkJsonDepth, isObj, jsonWhere, parseJsonDocument } from './json-positions.js';
import { inferTextField } from './jsonl.js';
import { jsonObjectLines } from './lines.js';
import { entitiesToSpans } from './python-spans.js';
import type { ImportedData, ParseOptions, RulechefExtras } from './types.js';

const NON_SPACE = /\S/;

/** Label given to RuleChef extraction spans, which are untyped. */
const UNTYPED_SPAN_LABEL = 'span';

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

/** The id prefix of a correction's example, as `correct` names them. */
const RULECHEF_CORRECTION_PREFIX = 'correction-';

interface Collected {
  items: Item[];
  declaredType?: unknown;
  textField?: unknown;
  /** A saved dataset: its feedback and rules, still raw. */
  dataset?: { feedback: { value: unknown; where: Where }[]; structured: { value: unknown; where: Where }[]; rules: unknown[] };
}

function collect(content: string, name: string): Collected {
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
      checkJsonDepth(content, name);
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
      const listOf = (key: string): { value: unknown; where: Where }[] => {
        const v = doc[key];
        if (v === undefined || v === null) return [];
        if (!Array.isArray(v)) throw badInput(`${name}:1`, `"${key}" must be a list`);
        return v.map((value, i) => ({ value, where: () => jsonWhere(name, content, [key, i], `${key}[${i}]`) }));
      };
      const rules = doc.rules ?? [];
      if (!Array.isArray(rules)) throw badInput(`${name}:1`, '"rules" must be a list');
      return {
        items,
        declaredType: task.type,
        textField: task.text_field,
        dataset: { feedback: listOf('feedback'), structured: listOf('structured_feedback'), rules },
      };
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
 * anything else (transformation). Offsets are code points and are converted. A saved dataset's
 * corrections, feedback and rules come back in `rulechef` for the import to store as corrections
 * (each with its `correction` example, `correction-ID`, holding the expected output), feedback
 * (`feedback` strings at task level, `structured_feedback` at its own level) and rules.
 */
export function parseRulechef(content: string, name: string, opts: ParseOptions = {}): ImportedData {
  const { items, declaredType, textField: declaredField, dataset } = collect(content, name);
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
  const extras: RulechefExtras = { corrections: [], feedback: [], rules: dataset?.rules ?? [] };
  const ids = new Set<string>();
  let nEx = 0;
  let nCorr = 0;
  for (const { row, where, correction } of items) {
    const input = row.input as Record<string, unknown>;
    const output = (row.expected_output ?? row.output) as Record<string, unknown>;
    const own = row.id !== undefined && row.id !== null ? String(row.id) : b.genId(correction ? `corr${++nCorr}` : `ex${++nEx}`);
    const id = correction ? `${RULECHEF_CORRECTION_PREFIX}${own}` : own;
    ids.add(own);
    const ex: Record<string, unknown> = { id };
    const meta: Record<string, unknown> = {};
    const text = taskType === 'transformation' ? undefined : input[textField];
    if (taskType !== 'transformation') {
      if (typeof text !== 'string') throw badInput(where, `input.${textField} must be a string (the task's text field)`);
      ex.text = text;
      if (Object.keys(input).some((k) => k !== textField)) meta.input = input;
    } else ex.input = input;
    Object.assign(ex, answerOf(output, taskType, text as string, where));
    let produced: Answer | undefined;
    if (correction) {
      ex.source = 'correction';
      meta.correction_id = own;
      if (!isObj(row.model_output)) throw badInput(where, 'a RuleChef correction needs "model_output": {...} (what the rules produced)');
      produced = answerOf(row.model_output, taskType, text as string, where);
    } else if (typeof row.source === 'string') meta.rulechef_source = row.source;
    if (Object.keys(meta).length > 0) ex.meta = meta;
    const added = b.add(ex, where);
    if (produced) {
      extras.corrections.push({
        id: own,
        ...(taskType === 'transformation' ? { input } : { text: text as string }),
        produced,
        expected: taskType === 'transformation' ? { output: added.output ?? {} } : isSpanTask(taskType) ? { spans: added.spans ?? [] } : { label: added.label ?? null },
        note: typeof row.feedback === 'string' ? row.feedback : '',
      });
    }
  }
  for (const { value, where } of dataset?.feedback ?? []) {
    if (typeof value !== 'string' || !value.trim()) throw badInput(where, 'a RuleChef "feedback" entry must be a non-empty string');
    extras.feedback.push({ level: 'task', target_id: null, text: value.trim() });
  }
  for (const { value, where } of dataset?.structured ?? []) {
    const level = FeedbackLevel.safeParse(isObj(value) ? value.level : undefined);
    if (!isObj(value) || typeof value.text !== 'string' || !value.text.trim() || !level.success)
      throw badInput(where, 'a RuleChef "structured_feedback" entry must be {"text": "...", "level": "task" | "example" | "rule", "target_id": "..."}');
    const target = typeof value.target_id === 'string' && value.target_id !== '' ? value.target_id : null;
    if ((level.data === 'task') !== (target === null)) throw badInput(where, `${level.data} feedback ${target === null ? 'needs a "target_id"' : 'has no target: drop its "target_id"'}`);
    if (level.data === 'example' && !ids.has(target!)) throw badInput(where, `example feedback targets "${target}", which is not an example or correction of this file`);
    const targetId = level.data === 'example' && !items.some((it) => !it.correction && String(it.row.id) === target) ? `${RULECHEF_CORRECTION_PREFIX}${target}` : target;
    extras.feedback.push({ level: level.data, target_id: targetId, text: value.text.trim() });
  }
  const data = b.finish(taskType, taskType === 'transformation' ? textField : undefined);
  if (dataset) data.rulechef = extras;
  return data;
}

/** A RuleChef output as a rulewright answer: entities or spans, a label, or a transformation output. */
function answerOf(output: Record<string, unknown>, taskType: TaskType, text: string, where: Where): Answer {
  if (taskType === 'transformation') return { output };
  if (isSpanTask(taskType)) {
    const key = Array.isArray(output.entities) ? 'entities' : Array.isArray(output.spans) ? 'spans' : undefined;
    if (key === undefined && Object.keys(output).length > 0) {
      throw badInput(where, `a ${taskType} output needs "entities" (or "spans"): [{text, start, end, type}]`);
    }
    return { spans: (key ? entitiesToSpans(output[key], text, where, key, UNTYPED_SPAN_LABEL) : []) as Answer['spans'] };
  }
  if (output.label !== undefined && output.label !== null && typeof output.label !== 'string') {
    throw badInput(where, 'a classification output needs a string "label"');
  }
  return { label: (output.label as string | undefined) ?? null };
}
