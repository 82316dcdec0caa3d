import type { z } from 'zod';
import { RulewrightError } from '../core/errors.js';
import { Example, isExampleSource, isSplit, type ExampleSource } from '../core/schemas/example.js';
import { isSpanTask, type TaskType } from '../core/schemas/task.js';
import type { Span } from '../core/schemas/span.js';
import type { ExampleSink, FormatName, ImportedData, ParseOptions } from './types.js';

/** Where a row came from, as `FILE:LINE`; a function when computing it costs a scan (JSON formats). */
export type Where = string | (() => string);

export const whereText = (w: Where): string => (typeof w === 'string' ? w : w());

/** The one error shape of every importer: `FILE:LINE: what is wrong and how to fix it`. */
export function badInput(where: Where, message: string): RulewrightError {
  return new RulewrightError('BAD_INPUT', `${whereText(where)}: ${message}`);
}

/** The keys a native example may have, for error messages. */
export const EXAMPLE_KEYS = Object.keys(Example.shape).join(', ');

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const where = formatPath(issue.path);
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((k) => JSON.stringify(k)).join(', ');
        return `unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${where ? ` in ${where}` : ''}`;
      }
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/**
 * The Example the schema would make of a row of the common short shape (a non-empty string id,
 * string text, string or null label, a valid split and source, no other key), built without the
 * schema: for short rows validation otherwise costs as much as reading them. Anything else gives
 * undefined and goes through `Example.safeParse`, which then also words the error.
 */
function simpleExample(row: Record<string, unknown>): Example | undefined {
  let id: unknown;
  let text: unknown;
  let label: unknown;
  let split: unknown;
  let source: unknown;
  let hasText = false;
  let hasLabel = false;
  for (const k in row) {
    const v = row[k];
    if (v === undefined) return undefined;
    if (k === 'id') id = v;
    else if (k === 'text') {
      text = v;
      hasText = true;
    } else if (k === 'label') {
      label = v;
      hasLabel = true;
    } else if (k === 'split') split = v;
    else if (k === 'source') source = v;
    else return undefined;
  }
  if (typeof id !== 'string' || id === '') return undefined;
  if (hasText && typeof text !== 'string') return undefined;
  if (hasLabel && label !== null && typeof label !== 'string') return undefined;
  if (split !== undefined && !isSplit(split)) return undefined;
  if (source !== undefined && !isExampleSource(source)) return undefined;
  // the schema's key order and defaults
  const ex: Record<string, unknown> = { id };
  if (hasText) ex.text = text;
  if (hasLabel) ex.label = label;
  ex.split = split ?? 'train';
  ex.source = source ?? 'gold';
  return ex as Example;
}

function compareSpans(a: Span, b: Span): number {
  return a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

export interface BuilderOptions extends ParseOptions {
  format: FormatName;
  /** How to fix a row that fails the Example schema, appended to the message. */
  hint: string;
  /** Source every example gets, whatever the row or options say (traffic: `observed`). */
  forceSource?: ExampleSource;
  /**
   * Receives each example as it is validated instead of `examples` keeping it, so a large file is
   * never held as objects. Only for parsers that do not revisit examples after adding them.
   */
  sink?: ExampleSink;
  /**
   * Where the example with this index came from, for a parser whose `Where` is a function: the
   * builder then remembers each id's index instead of a function per row.
   */
  locate?: (index: number) => string;
}

/**
 * Validates rows into Examples one at a time: the strict Example schema, spans inside their text
 * and equal to their `text`, unique ids. Spans are stored sorted by (start, end, label) and exact
 * duplicates dropped, so every importer yields the same canonical shape.
 */
export class ExampleBuilder {
  readonly examples: Example[] = [];
  /** Examples added so far (also those handed to the sink). */
  count = 0;
  private readonly warnings: string[] = [];
  // collected as rows come so that a sink need not keep the examples
  private readonly spanLabels = new Set<string>();
  private readonly classLabels = new Set<string>();
  private readonly fieldLabels = new Set<string>();
  // id → where it was first used: a line number (with wherePrefix), an index (with opts.locate),
  // or the Where itself; numbers keep a million-row import from holding a million strings
  private readonly ids = new Map<string, number | Where>();
  private wherePrefix: string | undefined;
  private droppedSpans = 0;
  private firstDrop: Where | undefined;
  private splitConflicts = 0;

  constructor(readonly opts: BuilderOptions) {}

  /** A generated id with the configured prefix. */
  genId(base: string): string {
    return this.opts.idPrefix ? `${this.opts.idPrefix}${base}` : base;
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  /**
   * Validates one row; throws `BAD_INPUT` naming `where` when it is wrong. `generatedId`: the id
   * was made by the parser and is unique by construction, so it is not remembered.
   */
  add(row: Record<string, unknown>, where: Where, generatedId = false): Example {
    const { split, source, forceSource } = this.opts;
    if (split !== undefined) {
      if (row.split === undefined) row.split = split;
      else if (row.split !== split) this.splitConflicts++;
    }
    if (forceSource !== undefined) row.source = forceSource;
    else if (source !== undefined && row.source === undefined) row.source = source;

    let ex = simpleExample(row);
    if (ex === undefined) {
      const parsed = Example.safeParse(row);
      if (!parsed.success) {
        throw badInput(where, `invalid example: ${describeIssues(parsed.error)}; ${this.opts.hint}`);
      }
      ex = parsed.data;
    }
    if (ex.spans) ex.spans = this.checkSpans(ex.spans, ex.text, where, 'spans');
    if (ex.truth?.spans) ex.truth.spans = this.checkSpans(ex.truth.spans, ex.text, where, 'truth.spans');

    const track = !this.opts.idsCheckedByCaller && !generatedId;
    const first = track ? this.ids.get(ex.id) : undefined;
    if (first !== undefined) {
      throw badInput(
        where,
        `duplicate id ${JSON.stringify(ex.id)} (first used at ${this.recall(first)}); ids must be unique within a file`,
      );
    }
    if (track) this.ids.set(ex.id, this.remember(where));
    for (const sp of ex.spans ?? []) this.spanLabels.add(sp.label);
    for (const sp of ex.truth?.spans ?? []) this.spanLabels.add(sp.label);
    if (typeof ex.label === 'string') this.classLabels.add(ex.label);
    if (typeof ex.truth?.label === 'string') this.classLabels.add(ex.truth.label);
    for (const k of Object.keys(ex.output ?? {})) this.fieldLabels.add(k);
    this.count++;
    if (this.opts.sink) this.opts.sink(ex, where);
    else this.examples.push(ex);
    return ex;
  }

  private remember(where: Where): number | Where {
    if (typeof where !== 'string') return this.opts.locate ? this.count : where;
    const colon = where.lastIndexOf(':');
    const line = Number(where.slice(colon + 1));
    if (colon === -1 || !Number.isSafeInteger(line) || line <= 0) return where;
    this.wherePrefix ??= where.slice(0, colon + 1);
    return this.wherePrefix.length === colon + 1 && where.startsWith(this.wherePrefix) ? line : where;
  }

  private recall(first: number | Where): string {
    if (typeof first !== 'number') return whereText(first);
    return typeof this.opts.locate === 'function' && this.wherePrefix === undefined ? this.opts.locate(first) : `${this.wherePrefix}${first}`;
  }

  private checkSpans(spans: Span[], text: string | undefined, where: Where, field: string): Span[] {
    if (spans.length === 0) return spans;
    if (text === undefined) {
      throw badInput(where, `${field} need a "text" to point into; add the example's text`);
    }
    let sorted = true;
    for (let i = 0; i < spans.length; i++) {
      const s = spans[i] as Span;
      if (s.end > text.length) {
        throw badInput(
          where,
          `${field}[${i}] [${s.start}, ${s.end}) ${JSON.stringify(s.label)} ends past the text (${text.length} characters); ` +
            'offsets are 0-based and end-exclusive: fix the offsets',
        );
      }
      if (s.text !== undefined) {
        const slice = text.slice(s.start, s.end);
        if (slice !== s.text) {
          throw badInput(
            where,
            `${field}[${i}] text ${JSON.stringify(s.text)} differs from the text at [${s.start}, ${s.end}), ` +
              `which is ${JSON.stringify(slice)}; fix the offsets or the span text`,
          );
        }
      }
      if (sorted && i > 0 && compareSpans(spans[i - 1] as Span, s) > 0) sorted = false;
    }
    const ordered = sorted ? spans : spans.slice().sort(compareSpans);
    let out: Span[] | undefined;
    for (let i = 1; i < ordered.length; i++) {
      const a = ordered[i - 1] as Span;
      const b = ordered[i] as Span;
      if (a.start === b.start && a.end === b.end && a.label === b.label) {
        out ??= ordered.slice(0, i);
        this.droppedSpans++;
        this.firstDrop ??= where;
      } else if (out) out.push(b);
    }
    return out ?? ordered;
  }

  /** The import result: labels collected for the task type, warnings summed up. */
  finish(taskType: TaskType, textField?: string): ImportedData {
    const labels = isSpanTask(taskType) ? this.spanLabels : taskType === 'classification' ? this.classLabels : this.fieldLabels;
    const warnings = [...this.warnings];
    if (this.droppedSpans > 0) {
      warnings.push(
        `${this.droppedSpans} duplicate span(s) with the same start, end and label were dropped ` +
          `(first at ${whereText(this.firstDrop as Where)})`,
      );
    }
    if (this.splitConflicts > 0) {
      warnings.push(`${this.splitConflicts} row(s) name their own split, which was kept instead of "${this.opts.split}"`);
    }
    const out: ImportedData = {
      format: this.opts.format,
      taskType,
      labels: [...labels].sort(),
      examples: this.examples,
      warnings,
    };
    if (textField !== undefined) out.textField = textField;
    return out;
  }
}
