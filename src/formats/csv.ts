import { Parser } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import type { Example } from '../core/schemas/example.js';
import type { Task, TaskType } from '../core/schemas/task.js';
import { isSpanTask } from '../core/schemas/task.js';
import { ExampleBuilder, badInput, type Where } from './example-builder.js';
import { describeJsonError } from './json-positions.js';
import type { LineInput, TextLine } from './lines.js';
import type { ImportedData, ParseOptions } from './types.js';

const CANDIDATE_DELIMITERS = [',', '\t', ';', '|'] as const;

/** The delimiter that occurs most often outside quotes in the header line (comma on ties). */
export function sniffDelimiter(content: string | Buffer): string {
  const end = typeof content === 'string' ? content.indexOf('\n') : content.indexOf(10);
  const stop = end === -1 ? content.length : end;
  const header = typeof content === 'string' ? content.slice(0, stop) : content.toString('utf8', 0, stop);
  const counts = new Map<string, number>();
  let quoted = false;
  for (const c of header) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (CANDIDATE_DELIMITERS as readonly string[]).includes(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  for (const d of CANDIDATE_DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

interface CsvErrorLike {
  code?: string;
  lines?: number;
  message: string;
  /** 0-based index of the field in its record, and what of it was read. */
  column?: number;
  field?: string;
}

/** Quote errors that `--relax-quotes` turns into text (csv-parse names one without its CSV_ prefix). */
const QUOTE_ERRORS = new Set(['INVALID_OPENING_QUOTE', 'CSV_INVALID_OPENING_QUOTE', 'CSV_INVALID_CLOSING_QUOTE']);

function csvFailure(name: string, err: unknown): Error {
  const e = err as CsvErrorLike;
  if (typeof e?.code !== 'string' || !(e.code.startsWith('CSV_') || QUOTE_ERRORS.has(e.code))) return err as Error;
  const where = `${name}:${e.lines ?? 1}`;
  const relax = 'or pass --relax-quotes to read such quotes as text';
  if (e.code.endsWith('INVALID_OPENING_QUOTE')) {
    const field = typeof e.column === 'number' ? `field ${e.column + 1}` : 'a field';
    const start = typeof e.field === 'string' ? ` (it starts ${JSON.stringify(e.field)})` : '';
    return badInput(where, `a quote (") inside ${field}, which does not start with one${start}; put the whole field in quotes and double each quote inside it, ${relax}`);
  }
  const what = e.message.replace(/ on line \d+\.?$/, '').replace(/:? ?at line \d+,?/, '');
  const fix =
    e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
      ? 'every row needs as many fields as the header; quote fields that contain the delimiter'
      : `quote fields that contain the delimiter, quotes or line breaks, and double quotes inside them${QUOTE_ERRORS.has(e.code) ? `, ${relax}` : ''}`;
  return badInput(where, `${what}; ${fix}`);
}

/** The csv-parse options every read of a file uses (a second read must see the same records). */
const parseOptions = (delimiter: string, opts: ParseOptions) => ({
  bom: true,
  delimiter,
  skip_empty_lines: true,
  ...(opts.csv?.relaxQuotes ? { relax_quotes: true } : {}),
});

const FOUND = Symbol('found');

/**
 * 1-based first line of record `k` (0-based, the header is record 0), from a second parse with
 * `info` that stops there (only done when an error needs it, and holds no record).
 */
interface RecordInfo {
  lines: number;
  empty_lines: number;
}

/** The 1-based first line of each record, from the info csv-parse gives at each record's end. */
function recordLines(): (info: RecordInfo) => number {
  let prevEnd = 0;
  let prevEmpty = 0;
  return (info) => {
    const start = prevEnd + 1 + (info.empty_lines - prevEmpty);
    prevEnd = info.lines;
    prevEmpty = info.empty_lines;
    return start;
  };
}

function recordStartLine(content: string | Buffer, options: ReturnType<typeof parseOptions>, k: number): number | undefined {
  const startOf = recordLines();
  let i = 0;
  let found: number | undefined;
  const onRecord = (_rec: unknown, info: RecordInfo): null => {
    const start = startOf(info);
    if (i++ === k) {
      found = start;
      throw FOUND;
    }
    return null;
  };
  try {
    parse(content, { ...options, info: true, on_record: onRecord as never });
  } catch (e) {
    if (e !== FOUND) throw e;
  }
  return found;
}

/**
 * `FILE:LINE` of the data record with this index (0-based, header excluded), for a caller that
 * left duplicate ids to the store and has only the record's index.
 */
export function csvRecordWhere(content: string | Buffer, name: string, index: number, opts: ParseOptions = {}): string {
  const options = parseOptions(opts.csv?.delimiter ?? sniffDelimiter(content), opts);
  return `${name}:${recordStartLine(content, options, index + 1) ?? index + 2}`;
}

/** csv-parse's incremental parser: what its stream parser runs on each chunk, called synchronously. */
interface CsvApi {
  parse(buf: Buffer | undefined, end: boolean, push: (r: unknown) => void, close: () => void): Error | undefined;
}

/**
 * Parses the lines of a stream as they come (csv-parse's sync `parse` wants the whole input), so
 * a bad record stops the reading at its line.
 */
function parseLines(lines: Iterator<TextLine>, first: TextLine, options: object): void {
  const api = (new Parser(options) as unknown as { api: CsvApi }).api;
  const skip = () => undefined;
  const feed = (buf: Buffer | undefined, end: boolean) => {
    const err = api.parse(buf, end, skip, skip);
    if (err !== undefined) throw err;
  };
  feed(Buffer.from(`${first.text}\n`), false);
  for (let r = lines.next(); !r.done; r = lines.next()) feed(Buffer.from(`${r.value.text}\n`), false);
  feed(undefined, true);
}

/**
 * Parses a CSV with a header row into classification examples (`text` and `label`/`category`
 * columns by default), or span examples when it has a `spans` column of JSON span lists (what
 * `writeCsv` writes for span tasks). Ids come from the `id` column when there is one, else `row-N`.
 * `content` may be the file's UTF-8 bytes, or a stream's lines (parsed as they come).
 */
export function parseCsv(content: LineInput, name: string, opts: ParseOptions = {}): ImportedData {
  const whole = typeof content === 'string' || Buffer.isBuffer(content);
  const lines = whole ? undefined : content[Symbol.iterator]();
  const first = lines?.next().value as TextLine | undefined;
  const delimiter = opts.csv?.delimiter ?? sniffDelimiter(whole ? content : (first?.text ?? ''));
  const options = parseOptions(delimiter, opts);
  const lineOf = (k: number): string => `${name}:${(whole && recordStartLine(content, options, k)) || k + 1}`;
  // a stream is read once: its records' lines are counted as they come, not found by a second read
  const startOf = recordLines();
  let streamedLine = 0;
  const whereOf = (k: number): Where => (whole ? () => lineOf(k) : `${name}:${streamedLine}`);
  const b = new ExampleBuilder({
    ...opts,
    format: 'csv',
    hint: 'fix the fields of this row',
    // every record after the header is one example
    ...(whole ? { locate: (index: number) => lineOf(index + 1) } : {}),
  });
  let columns: ReturnType<typeof csvColumns> | undefined;
  let k = 0;
  let emptyLabels = 0;
  // Records are handled as the parser yields them, never collected: a large CSV is not held twice.
  const onRecord = (rec: string[], info: RecordInfo): null => {
    if (!whole) streamedLine = startOf(info);
    if (k++ === 0) {
      columns = csvColumns(rec, name, opts);
      return null;
    }
    const { textCol, labelCol, spansCol, idCol, header, span } = columns!;
    const where = whereOf(k - 1);
    const row: Record<string, unknown> = { id: idCol === -1 ? b.genId(`row-${k - 1}`) : rec[idCol], text: rec[textCol] };
    if (idCol !== -1 && row.id === '') throw badInput(where, `empty id in column ${JSON.stringify(header[idCol])}; give every row an id`);
    if (span) {
      const raw = rec[spansCol] ?? '';
      let spans: unknown = [];
      if (raw.trim() !== '') {
        try {
          spans = JSON.parse(raw);
        } catch {
          const what = describeJsonError(raw).text.replace(' at line 1,', ' at');
          throw badInput(where, `the "spans" field is ${what}; write a JSON list like [{"start":0,"end":4,"label":"PER"}]`);
        }
      }
      row.spans = spans;
    } else {
      const label = rec[labelCol] ?? '';
      if (label === '') emptyLabels++;
      row.label = label === '' ? null : label;
    }
    // row-N ids are unique within the file by construction
    b.add(row, where, idCol === -1);
    return null;
  };
  try {
    if (whole) parse(content, { ...options, on_record: onRecord as never });
    else if (first) parseLines(lines!, first, { ...options, on_record: onRecord });
  } catch (e) {
    throw csvFailure(name, e);
  }
  columns ??= csvColumns([], name, opts);
  if (k <= 1) throw badInput(`${name}:1`, 'the CSV has a header but no rows: there is nothing to import; add one row per example under the header');
  if (emptyLabels > 0) b.warn(`${emptyLabels} row(s) have an empty label and were imported without one`);
  if (columns.ignored.length > 0) b.warn(`column(s) ${columns.ignored.map((h) => JSON.stringify(h)).join(', ')} were ignored`);
  return b.finish(columns.taskType);
}

/** Which columns hold what, from the header record; BAD_INPUT naming a flag that exists when one is missing. */
function csvColumns(headerRecord: string[], name: string, opts: ParseOptions) {
  const header = headerRecord.map((h) => h.trim());
  const shown = header.map((h) => JSON.stringify(h)).join(', ') || '(empty)';
  const column = (wanted: string | undefined, flag: string, fallbacks: string[]): number => {
    if (wanted !== undefined) {
      const i = header.indexOf(wanted);
      if (i === -1) throw badInput(`${name}:1`, `no column ${JSON.stringify(wanted)} in the header (${shown}); check ${flag}`);
      return i;
    }
    for (const f of fallbacks) {
      const i = header.indexOf(f);
      if (i !== -1) return i;
    }
    return -1;
  };
  const textCol = column(opts.csv?.text, '--text-col', ['text']);
  if (textCol === -1) {
    throw badInput(`${name}:1`, `no "text" column in the header (${shown}); name the text column with --text-col COLUMN`);
  }
  const labelCol = column(opts.csv?.label, '--label-col', ['label', 'category']);
  const spansCol = labelCol === -1 ? header.indexOf('spans') : -1;
  if (labelCol === -1 && spansCol === -1) {
    throw badInput(
      `${name}:1`,
      `no label column in the header (${shown}); name it with --label-col COLUMN (or give a "spans" column for span tasks)`,
    );
  }
  const idCol = column(opts.csv?.id, '--id-col', ['id']);
  const used = new Set([textCol, labelCol, spansCol, idCol]);
  const ignored = header.filter((_, i) => !used.has(i));
  const span = spansCol !== -1;
  const taskType: TaskType = span ? (opts.taskType === 'extraction' ? 'extraction' : 'ner') : 'classification';
  return { header, textCol, labelCol, spansCol, idCol, ignored, span, taskType };
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field, quoted when it holds a comma, quote or line break. */
function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const asField = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * CSV export. Classification: `id,text,label`. Span tasks: `id,text,spans` with the spans as JSON
 * (which `parseCsv` reads back). Transformation: `id`, the text field, then one column per output
 * field (non-string values as JSON).
 */
export function writeCsv(task: Task, examples: readonly Example[]): string {
  const rows: string[][] = [];
  if (task.type === 'classification') {
    rows.push(['id', 'text', 'label']);
    for (const ex of examples) rows.push([ex.id, ex.text ?? '', asField(ex.label)]);
  } else if (isSpanTask(task.type)) {
    rows.push(['id', 'text', 'spans']);
    for (const ex of examples) {
      const spans = (ex.spans ?? []).map((s) => (s.text === undefined ? { start: s.start, end: s.end, label: s.label } : { start: s.start, end: s.end, label: s.label, text: s.text }));
      rows.push([ex.id, ex.text ?? '', JSON.stringify(spans)]);
    }
  } else {
    const fields: string[] = [];
    const seen = new Set<string>();
    for (const ex of examples)
      for (const k of Object.keys(ex.output ?? {}))
        if (!seen.has(k)) {
          seen.add(k);
          fields.push(k);
        }
    rows.push(['id', task.text_field, ...fields]);
    for (const ex of examples) {
      rows.push([ex.id, asField(ex.input?.[task.text_field] ?? ex.text), ...fields.map((f) => asField(ex.output?.[f]))]);
    }
  }
  return rows.map((r) => r.map(csvField).join(',')).join('\n') + '\n';
}
