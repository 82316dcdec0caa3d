import type { Example } from '../core/schemas/example.js';
import type { Span } from '../core/schemas/span.js';
import type { TaskType } from '../core/schemas/task.js';
import { isSpanTask } from '../core/schemas/task.js';
import { EXAMPLE_KEYS, ExampleBuilder, badInput, type Where } from './example-builder.js';
import { jsonObjectLines, type LineInput } from './lines.js';
import type { ImportedData, ParseOptions } from './types.js';

type RowKind = 'spans' | 'label' | 'output' | 'text';

const KIND_OF_TASK: Record<TaskType, RowKind> = {
  ner: 'spans',
  extraction: 'spans',
  classification: 'label',
  transformation: 'output',
};

const KIND_NAME: Record<RowKind, string> = {
  spans: 'a span row ("spans")',
  label: 'a classification row ("label")',
  output: 'a transformation row ("input"/"output")',
  text: 'a row with only "text"',
};

function rowKind(row: Record<string, unknown>, where: Where): RowKind {
  const truth = row.truth && typeof row.truth === 'object' ? (row.truth as Record<string, unknown>) : {};
  const kinds: RowKind[] = [];
  if (row.spans !== undefined || truth.spans !== undefined) kinds.push('spans');
  if (row.label !== undefined || truth.label !== undefined) kinds.push('label');
  if (row.input !== undefined || row.output !== undefined || truth.output !== undefined) kinds.push('output');
  if (kinds.length > 1) {
    throw badInput(where, `row mixes ${kinds.map((k) => KIND_NAME[k]).join(' and ')}; one file holds one task type`);
  }
  if (kinds[0]) return kinds[0];
  if (typeof row.text !== 'string') {
    throw badInput(where, 'row has no "text" (or "input" for transformation); add the example\'s text');
  }
  return 'text';
}

/** Finds the `input` key rules read, one example at a time (see inferTextField). */
class TextFieldTracker {
  private readonly totals = new Map<string, number>();
  private first = true;

  add(input: Record<string, unknown> | undefined): void {
    const totals = this.totals;
    if (input === undefined) {
      // no string field in common any more (the usual case outside transformation rows)
      totals.clear();
      this.first = false;
      return;
    }
    const inp = input;
    for (const [k, v] of Object.entries(inp)) {
      if (typeof v !== 'string') continue;
      const prev = totals.get(k);
      if (this.first || prev !== undefined) totals.set(k, (prev ?? 0) + v.length);
    }
    for (const k of [...totals.keys()]) if (typeof inp[k] !== 'string') totals.delete(k);
    this.first = false;
  }

  result(): string | undefined {
    if (this.totals.has('text')) return 'text';
    let best: string | undefined;
    for (const [k, n] of this.totals) if (best === undefined || n > (this.totals.get(best) as number)) best = k;
    return best;
  }
}

/** The `input` key rules read: `text` when every input has it, else the longest string field common to all. */
export function inferTextField(examples: readonly Example[]): string | undefined {
  const t = new TextFieldTracker();
  for (const ex of examples) t.add(ex.input);
  return t.result();
}

/**
 * Parses native JSONL (one example per line; unknown keys are rejected so a typo is never data). The task type comes
 * from the rows: `spans` → ner (or `opts.taskType` extraction), `label` → classification,
 * `input`/`output` → transformation. Blank lines are skipped. `content` may be the file's UTF-8
 * bytes, or a stream's lines.
 */
export function parseJsonl(content: LineInput, name: string, opts: ParseOptions = {}): ImportedData {
  const b = new ExampleBuilder({
    ...opts,
    format: 'jsonl',
    hint: `native rows have the keys ${EXAMPLE_KEYS} (extra fields go under "meta")`,
  });
  const expected = opts.taskType ? KIND_OF_TASK[opts.taskType] : undefined;
  let kind: RowKind | undefined = expected;
  // what fixed the kind, for messages: "x.jsonl:3 is a span row" or "task type ner expects a span row"
  let kindDesc = expected ? `task type ${opts.taskType} expects ${KIND_NAME[expected]}` : '';
  let firstTextOnly: Where | undefined;
  const fields = new TextFieldTracker();
  for (const { row: r, line } of jsonObjectLines(content, name)) {
    const where = `${name}:${line}`;
    const k = rowKind(r, where);
    if (k === 'text') {
      if (kind === 'output') throw badInput(where, `row has only "text" but ${kindDesc}; give it "input"`);
      firstTextOnly ??= where;
    } else if (kind === undefined) {
      if (k === 'output' && firstTextOnly) {
        throw badInput(firstTextOnly, `row has only "text" but ${where} is ${KIND_NAME.output}; give it "input"`);
      }
      kind = k;
      kindDesc = `${where} is ${KIND_NAME[k]}`;
    } else if (k !== kind) {
      throw badInput(where, `this is ${KIND_NAME[k]} but ${kindDesc}; one file holds one task type`);
    }
    if ((k === 'spans' || k === 'label') && typeof r.text !== 'string') {
      throw badInput(where, `${KIND_NAME[k]} needs a string "text"`);
    }
    if (k === 'output' && r.input === undefined) {
      throw badInput(where, 'transformation rows need an "input" object');
    }
    fields.add(b.add(r, where).input);
  }
  let taskType: TaskType;
  if (kind === 'spans') taskType = opts.taskType && isSpanTask(opts.taskType) ? opts.taskType : 'ner';
  else if (kind === 'label') taskType = 'classification';
  else if (kind === 'output') taskType = 'transformation';
  else {
    taskType = opts.taskType ?? 'ner';
    if (b.count > 0) b.warn(`no row has "spans", "label" or "output"; the task type was taken as ${taskType}`);
  }
  return b.finish(taskType, taskType === 'transformation' ? fields.result() : undefined);
}

function orderedSpan(s: Span): Span {
  const o: Span = { start: s.start, end: s.end, label: s.label };
  if (s.text !== undefined) o.text = s.text;
  return o;
}

const ORDER = ['id', 'text', 'input', 'spans', 'label', 'output', 'split', 'source', 'annotated', 'truth', 'meta'] as const;

/** One native JSONL line; keys in a fixed order so exports diff cleanly. */
function exampleToJsonLine(ex: Example): string {
  const o: Record<string, unknown> = {};
  for (const k of ORDER) {
    const v = ex[k];
    if (v === undefined) continue;
    if (k === 'spans') o.spans = (v as Span[]).map(orderedSpan);
    else if (k === 'truth') {
      const t = { ...(v as NonNullable<Example['truth']>) };
      if (t.spans) t.spans = t.spans.map(orderedSpan);
      o.truth = t;
    } else o[k] = v;
  }
  return JSON.stringify(o);
}

/** Native JSONL: importing it back gives the same examples. */
export function writeJsonl(examples: readonly Example[]): string {
  let out = '';
  for (const ex of examples) out += `${exampleToJsonLine(ex)}\n`;
  return out;
}
