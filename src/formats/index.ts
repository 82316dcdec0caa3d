import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RulewrightError } from '../core/errors.js';
import type { Example } from '../core/schemas/example.js';
import type { Task } from '../core/schemas/task.js';
import { isBlank } from './lines.js';
import { parseConll, writeConll } from './conll.js';
import { parseCsv, writeCsv } from './csv.js';
import { checkUtf8, decodeUtf8 } from './decode-text.js';
import { detectFolderFormat, detectFormatFromContent } from './detect.js';
import { parseDoccano } from './doccano.js';
import { parseJsonl, writeJsonl } from './jsonl.js';
import { parseLabelStudio } from './label-studio.js';
import { BYTE_PARSED, detectFromPrefix } from './large-file.js';
import { parseRestaurant8k } from './restaurant8k.js';
import { parseRulechef } from './rulechef-dataset.js';
import { parseSroie, type SroieReceipt } from './sroie.js';
import { parseTab } from './tab.js';
import { parseTraffic } from './traffic.js';
import { parseTrec } from './trec.js';
import type { FormatName, ImportedData, ImportOptions, ParseOptions } from './types.js';

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

function readSroie(folder: string, parse: ParseOptions): ImportedData {
  if (!isDir(folder)) throw bad(`${folder}: SROIE is read from a folder holding box/ and key/; pass that folder`);
  const boxDir = join(folder, 'box');
  const keyDir = join(folder, 'key');
  if (!isDir(boxDir) || !isDir(keyDir)) throw bad(`${folder}: SROIE needs the subfolders box/ (OCR CSVs) and key/ (key JSONs)`);
  const stems = (dir: string, ext: string): string[] =>
    readdirSync(dir)
      .filter((f) => f.endsWith(ext))
      .map((f) => f.slice(0, -ext.length))
      .sort();
  const boxes = stems(boxDir, '.csv');
  const keys = new Set(stems(keyDir, '.json'));
  for (const s of boxes) if (!keys.has(s)) throw bad(`${join(boxDir, `${s}.csv`)}: no matching ${join(keyDir, `${s}.json`)}; every receipt needs both files`);
  const boxSet = new Set(boxes);
  for (const s of keys) if (!boxSet.has(s)) throw bad(`${join(keyDir, `${s}.json`)}: no matching ${join(boxDir, `${s}.csv`)}; every receipt needs both files`);
  const receipts: SroieReceipt[] = boxes.map((id) => {
    const boxName = join(boxDir, `${id}.csv`);
    const keyName = join(keyDir, `${id}.json`);
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
 * Reads a dataset file (or a TAB / SROIE folder) into validated examples, detecting the format
 * from the content unless `opts.format` names it. All-or-nothing: the first bad row throws
 * `RulewrightError('BAD_INPUT', 'FILE:LINE: what is wrong and how to fix it')`. With `sink`, every
 * example goes to it in file order and `examples` comes back empty: line formats are then never
 * held as objects, which bounds the memory of a large import.
 */
export function readDataset(path: string, opts: ImportOptions = {}, sink?: (ex: Example) => void): ImportedData {
  if (!existsSync(path)) throw bad(`${path}: no such file or folder; check the path`);
  const { format: _f, spansFile: _s, idsCheckedByCaller, ...parse } = opts;
  const dir = isDir(path);
  const bytes = dir ? undefined : readBytes(path);
  if (bytes) checkUtf8(bytes, path);
  let format = opts.format;
  const detected = format === undefined;
  if (bytes && sink && format === undefined) format = detectFromPrefix(bytes, path);
  // Streamed to a sink, a line format is parsed from the bytes and never held as one string.
  const fromBytes = bytes !== undefined && sink !== undefined && format !== undefined && BYTE_PARSED.has(format) && !isBlankBytes(bytes);
  const content = dir || fromBytes ? undefined : bytes!.toString('utf8');
  if (content !== undefined && isBlank(content)) {
    throw bad(`${path}: the file is empty (only blank space): there is nothing to import; check that this is the file you meant`);
  }
  if (format === undefined) format = dir ? detectFolderFormat(path) : detectFormatFromContent(content!, path);
  try {
    let data: ImportedData;
    if (format === 'tab') data = readTab(path, opts, parse);
    else if (format === 'sroie') data = readSroie(path, parse);
    else if (dir) throw bad(`${path}: is a folder, but the ${format} format reads a file; pass the file`);
    else {
      const streamed: ParseOptions | undefined = sink && STREAMING.has(format) ? { ...parse, sink } : undefined;
      // A sink that writes to the store can leave duplicate ids to its key, where a line format
      // still gets FILE:LINE; a million ids are then not held here as well.
      if (streamed && (LINE_LOCATED.has(format) || format === 'csv') && idsCheckedByCaller) streamed.idsCheckedByCaller = true;
      if (fromBytes && format === 'jsonl') data = parseJsonl(bytes!, path, streamed ?? parse);
      else if (fromBytes && format === 'csv') data = parseCsv(bytes!, path, streamed ?? parse);
      else data = PARSERS[format](content!, path, streamed ?? parse);
    }
    if (sink && data.examples.length > 0) {
      for (const ex of data.examples) sink(ex);
      data.examples = [];
    }
    return data;
  } catch (e) {
    // A format guessed from the shape of plain-text lines that then fails says what it guessed:
    // the file may be another format (JSON documents are told apart by their keys, reliably).
    if (detected && GUESSED.has(format) && e instanceof RulewrightError && e.code === 'BAD_INPUT') {
      throw new RulewrightError('BAD_INPUT', `${e.message} (read as ${format}, detected from the content; if it is another format, pass --format)`);
    }
    throw e;
  }
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

