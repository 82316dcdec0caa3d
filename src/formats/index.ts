import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RulewrightError } from '../core/errors.js';
import type { Example, Task } from '../core/schemas/index.js';
import { parseConll, writeConll } from './conll.js';
import { parseCsv, writeCsv } from './csv.js';
import { detectFolderFormat, detectFormatFromContent } from './detect.js';
import { parseDoccano } from './doccano.js';
import { parseJsonl, writeJsonl } from './jsonl.js';
import { parseLabelStudio } from './label-studio.js';
import { parseRestaurant8k } from './restaurant8k.js';
import { parseRulechef } from './rulechef-dataset.js';
import { parseSroie, type SroieReceipt } from './sroie.js';
import { parseTab } from './tab.js';
import { parseTraffic } from './traffic.js';
import { parseTrec } from './trec.js';
import type { FormatName, ImportedData, ImportOptions, ParseOptions } from './types.js';

export type { FormatName, ImportedData, ImportOptions } from './types.js';
export { FORMAT_NAMES } from './types.js';
export { detectFormat, detectFormatFromContent } from './detect.js';
export { codePointToUtf16Offsets } from './offsets.js';

const bad = (message: string): RulewrightError => new RulewrightError('BAD_INPUT', message);

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw bad(`${path}: cannot read the file (${(e as Error).message}); check the path`);
  }
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

/**
 * Reads a dataset file (or a TAB / SROIE folder) into validated examples, detecting the format
 * from the content unless `opts.format` names it. All-or-nothing: the first bad row throws
 * `RulewrightError('BAD_INPUT', 'FILE:LINE: what is wrong and how to fix it')`.
 */
export function readDataset(path: string, opts: ImportOptions = {}): ImportedData {
  if (!existsSync(path)) throw bad(`${path}: no such file or folder; check the path`);
  const { format: _f, spansFile: _s, ...parse } = opts;
  const dir = isDir(path);
  let content: string | undefined;
  let format = opts.format;
  if (format === undefined) {
    if (dir) format = detectFolderFormat(path);
    else {
      content = readText(path);
      format = detectFormatFromContent(content, path);
    }
  }
  if (format === 'tab') return readTab(path, opts, parse);
  if (format === 'sroie') return readSroie(path, parse);
  if (dir) throw bad(`${path}: is a folder, but the ${format} format reads a file; pass the file`);
  return PARSERS[format](content ?? readText(path), path, parse);
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

