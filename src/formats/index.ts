import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RulewrightError } from '../core/errors.js';
import type { Example } from '../core/schemas/example.js';
import type { Task } from '../core/schemas/task.js';
import { isBlank, type LineInput } from './lines.js';
import { parseConll, writeConll } from './conll.js';
import { parseCsv, writeCsv } from './csv.js';
import { checkTextBytes, checkUtf8, decodeUtf8, type TextSource } from './decode-text.js';
import { detectFolderFormat, detectFormatFromContent } from './detect.js';
import { parseDoccano } from './doccano.js';
import { parseJsonl, writeJsonl } from './jsonl.js';
import { parseLabelStudio } from './label-studio.js';
import { BYTE_PARSED, LINE_STREAMED, detectFromPrefix, detectStreamFormat } from './large-file.js';
import { parseRestaurant8k } from './restaurant8k.js';
import { parseRulechef } from './rulechef-dataset.js';
import { parseSroie, type SroieReceipt } from './sroie.js';
import { isStreamInput, peekStream, type PeekedStream } from './stream-input.js';
import { parseTab } from './tab.js';
import { parseTraffic } from './traffic.js';
import { parseTrec } from './trec.js';
import type { ExampleSink, FormatName, ImportedData, ImportOptions, ParseOptions } from './types.js';

const bad = (message: string): RulewrightError => new RulewrightError('BAD_INPUT', message);

function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw bad(`${path}: cannot read the file (${(e as Error).message}); check the path`);
  }
}

const readText = (path: string): string => decodeUtf8(readBytes(path), path);

/** Whether the file holds only blank space, checked a block at a time so it is never decoded whole. */
function isBlankBytes(buf: Buffer): boolean {
  for (let i = 0; i < buf.length; ) {
    // blocks end at a line end, so no UTF-8 sequence is cut
    const nl = buf.indexOf(10, i + (1 << 16));
    const end = nl === -1 ? buf.length : nl + 1;
    if (!isBlank(buf.toString('utf8', i, end))) return false;
    i = end;
  }
  return true;
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

const TAB_TEXTS = /^(.*)_BK=Original\.json$/;

/** The texts and gold spans files of a TAB folder (TAE layout: `bks/X_BK=Original.json`, `anonymizations/X_Manual_Entity.json`). */
function tabFolderFiles(folder: string): { texts: string; spans: string } {
  const pairs = readdirSync(join(folder, 'bks'))
    .map((f) => TAB_TEXTS.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ texts: join(folder, 'bks', m[0]), spans: join(folder, 'anonymizations', `${m[1]}_Manual_Entity.json`) }))
    .filter((p) => existsSync(p.spans));
  if (pairs.length !== 1) {
    throw bad(
      `${folder}: expected one pair bks/NAME_BK=Original.json + anonymizations/NAME_Manual_Entity.json, found ${pairs.length}; ` +
        'import the texts file and name its spans file instead',
    );
  }
  return pairs[0] as { texts: string; spans: string };
}

/** The gold spans file that TAE keeps beside a texts file, if there is one. */
function tabSiblingSpans(texts: string): string | undefined {
  const m = TAB_TEXTS.exec(basename(texts));
  if (!m) return undefined;
  const candidate = join(dirname(texts), '..', 'anonymizations', `${m[1]}_Manual_Entity.json`);
  return existsSync(candidate) ? candidate : undefined;
}

function readTab(path: string, opts: ImportOptions, parse: ParseOptions): ImportedData {
  let texts = path;
  let spans = opts.spansFile;
  let guessed = false;
  if (isDir(path)) ({ texts, spans } = tabFolderFiles(path));
  else if (spans === undefined) {
    spans = tabSiblingSpans(path);
    guessed = spans !== undefined;
  }
  if (spans === undefined) {
    throw bad(`${path}: TAB needs the gold spans file too; import the TAB folder, or give the spans file (anonymizations/…_Manual_Entity.json)`);
  }
  const data = parseTab(readText(texts), texts, readText(spans), spans, parse);
  if (guessed) data.warnings.push(`gold spans were read from ${spans}`);
  return data;
}

/**
 * The receipt files of a SROIE folder, by stem. The original release names both kinds `.txt`
 * (`X00016469612.txt`); copies such as the shared one rename them `.csv` and `.json`.
 */
function receiptFiles(dir: string, exts: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(dir).sort()) {
    const ext = exts.find((e) => f.endsWith(e));
    if (!ext) continue;
    const stem = f.slice(0, -ext.length);
    const prev = out.get(stem);
    if (prev) throw bad(`${join(dir, f)}: receipt ${stem} has two files (${prev} too); keep one`);
    out.set(stem, f);
  }
  return out;
}

function readSroie(folder: string, parse: ParseOptions): ImportedData {
  if (!isDir(folder)) throw bad(`${folder}: SROIE is read from a folder holding box/ and key/; pass that folder`);
  const boxDir = join(folder, 'box');
  const keyDir = join(folder, 'key');
  if (!isDir(boxDir) || !isDir(keyDir)) throw bad(`${folder}: SROIE needs the subfolders box/ (OCR CSVs) and key/ (key JSONs)`);
  const boxes = receiptFiles(boxDir, ['.csv', '.txt']);
  const keys = receiptFiles(keyDir, ['.json', '.txt']);
  if (boxes.size === 0) throw bad(`${boxDir}: no receipts (NNN.csv or NNN.txt files of OCR lines); check that this is the SROIE folder`);
  const missing = (dir: string, stem: string, ext: string) => `no matching ${join(dir, `${stem}${ext}`)}; every receipt needs both files`;
  for (const [s, f] of boxes) if (!keys.has(s)) throw bad(`${join(boxDir, f)}: ${missing(keyDir, s, f.endsWith('.txt') ? '.txt' : '.json')}`);
  for (const [s, f] of keys) if (!boxes.has(s)) throw bad(`${join(keyDir, f)}: ${missing(boxDir, s, f.endsWith('.txt') ? '.txt' : '.csv')}`);
  const receipts: SroieReceipt[] = [...boxes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, box]) => {
    const boxName = join(boxDir, box);
    const keyName = join(keyDir, keys.get(id)!);
    return { id, boxName, box: readText(boxName), keyName, key: readText(keyName) };
  });
  return parseSroie(receipts, parse);
}

const PARSERS: Record<Exclude<FormatName, 'tab' | 'sroie'>, (content: string, name: string, opts: ParseOptions) => ImportedData> = {
  jsonl: parseJsonl,
  csv: parseCsv,
  conll: parseConll,
  labelstudio: parseLabelStudio,
  doccano: parseDoccano,
  rulechef: parseRulechef,
  restaurant8k: parseRestaurant8k,
  trec: parseTrec,
  traffic: parseTraffic,
};

/** Formats whose parser never revisits an example once added, so a sink can take them as they come. */
const STREAMING = new Set<FormatName>(['jsonl', 'csv', 'conll', 'trec', 'traffic']);

const GUESSED = new Set<FormatName>(['csv', 'conll', 'trec']);

/** Formats with one example per non-blank line, whose rows a caller can locate by index. */
export const LINE_LOCATED: ReadonlySet<FormatName> = new Set<FormatName>(['jsonl', 'doccano', 'trec', 'traffic']);

/**
 * Reads a dataset file (or a TAB / SROIE folder, or a stream: stdin as `-`, a FIFO, `/dev/fd/N`)
 * into validated examples, detecting the format from the content unless `opts.format` names it.
 * All-or-nothing: the first bad row throws `RulewrightError('BAD_INPUT', 'FILE:LINE: what is
 * wrong and how to fix it')`. With `sink`, every example goes to it in file order and `examples`
 * comes back empty: line formats are then never held as objects, which bounds the memory of a
 * large import. `stream`: a stream input the caller has opened and peeked at already.
 */
export function readDataset(path: string, opts: ImportOptions = {}, sink?: ExampleSink, stream?: PeekedStream): ImportedData {
  if (stream || isStreamInput(path)) {
    const s = stream ?? peekStream(path, opts.format !== undefined);
    try {
      return readStream(s, opts, sink, (bytes, format) => readBytesAs(bytes, s.input.name, { ...opts, ...(format ? { format } : {}) }, sink, s.input.source));
    } finally {
      if (!stream) s.input.close();
    }
  }
  if (!existsSync(path)) throw bad(`${path}: no such file or folder; check the path`);
  if (isDir(path)) {
    const format = opts.format ?? detectFolderFormat(path);
    // a folder's examples reach the sink like a file's
    if (format === 'tab' || format === 'sroie') return parseAs(format, opts.format === undefined, path, '', opts, sink);
    throw bad(`${path}: is a folder, but the ${format} format reads a file; pass the file`);
  }
  const bytes = readBytes(path);
  checkUtf8(bytes, path);
  return readBytesAs(bytes, path, opts, sink);
}

/** A file's bytes (or a stream's, read whole), known to be UTF-8, as a dataset. */
function readBytesAs(bytes: Buffer, path: string, opts: ImportOptions, sink: ExampleSink | undefined, source?: TextSource): ImportedData {
  if (source) checkTextBytes(bytes, path, source);
  let format = opts.format;
  const detected = format === undefined;
  if (sink && format === undefined) format = detectFromPrefix(bytes, path);
  // Streamed to a sink, a line format is parsed from the bytes and never held as one string.
  const fromBytes = sink !== undefined && format !== undefined && BYTE_PARSED.has(format) && !isBlankBytes(bytes);
  const content = fromBytes ? bytes : bytes.toString('utf8');
  if (!fromBytes && isBlank(content as string)) {
    throw bad(`${path}: the file is empty (only blank space): there is nothing to import; check that this is the file you meant`);
  }
  format ??= detectFormatFromContent(content as string, path);
  if (source) notFromStream(path, format);
  return parseAs(format, detected, path, content, opts, sink);
}

/**
 * Parses `content` (text, UTF-8 bytes of a JSONL or CSV file, or a stream's lines) as `format`.
 * A format guessed from the shape of plain-text lines that then fails says what it guessed.
 */
function parseAs(format: FormatName, detected: boolean, path: string, content: LineInput, opts: ImportOptions, sink: ExampleSink | undefined): ImportedData {
  const { format: _f, spansFile: _s, idsCheckedByCaller, ...parse } = opts;
  try {
    let data: ImportedData;
    if (format === 'tab') data = readTab(path, opts, parse);
    else if (format === 'sroie') data = readSroie(path, parse);
    else {
      const streamed: ParseOptions | undefined = sink && STREAMING.has(format) ? { ...parse, sink } : undefined;
      // A sink that writes to the store can leave duplicate ids to its key, where a line format
      // still gets FILE:LINE; a million ids are then not held here as well.
      if (streamed && (LINE_LOCATED.has(format) || format === 'csv') && idsCheckedByCaller) streamed.idsCheckedByCaller = true;
      // bytes come only for BYTE_PARSED formats and lines only for LINE_STREAMED ones, whose parsers take them
      data = (PARSERS[format] as (c: LineInput, n: string, o: ParseOptions) => ImportedData)(content, path, streamed ?? parse);
    }
    if (sink && data.examples.length > 0) {
      for (const ex of data.examples) sink(ex);
      data.examples = [];
    }
    return data;
  } catch (e) {
    // the file may be another format (JSON documents are told apart by their keys, reliably)
    if (detected && GUESSED.has(format) && e instanceof RulewrightError && e.code === 'BAD_INPUT') {
      throw new RulewrightError('BAD_INPUT', `${e.message} (read as ${format}, detected from the content; if it is another format, pass --format)`);
    }
    throw e;
  }
}

/** TAB and SROIE read several files by their paths, which a stream has not. */
function notFromStream(name: string, format: FormatName | undefined): void {
  if (format === 'tab' || format === 'sroie') throw bad(`${name}: the ${format} format is read from files and folders, not a stream; pass the path`);
}

/**
 * A stream as a dataset: a line format (named, or told from the first lines) is parsed as its
 * lines come, so an endless stream stops at its first bad line; anything else is read whole, up
 * to a bound, and parsed as a file is.
 */
function readStream(s: PeekedStream, opts: ImportOptions, sink: ExampleSink | undefined, whole: (bytes: Buffer, format?: FormatName) => ImportedData): ImportedData {
  const { input, head, ended } = s;
  notFromStream(input.name, opts.format);
  if (ended) return whole(head);
  const format = opts.format ?? detectStreamFormat(head, input.name);
  if (format === undefined || !LINE_STREAMED.has(format)) return whole(input.readWhole(head), format);
  return parseAs(format, opts.format === undefined, input.name, input.lines(head), opts, sink);
}

/**
 * Writes examples as native JSONL (round-trips exactly), CSV, or CoNLL (span tasks only; IOB2
 * cannot hold overlapping spans, see `writeConll`). Returns the file content.
 */
export function writeDataset(task: Task, examples: Example[], format: 'jsonl' | 'csv' | 'conll'): string {
  if (format === 'jsonl') return writeJsonl(examples);
  if (format === 'csv') return writeCsv(task, examples);
  if (format === 'conll') return writeConll(task, examples);
  throw bad(`cannot write the ${String(format)} format; use jsonl, csv or conll`);
}

