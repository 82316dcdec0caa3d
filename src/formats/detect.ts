import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RulewrightError } from '../core/errors.js';
import { TAG, splitColumns } from './conll.js';
import { decodeUtf8 } from './decode-text.js';
import { isDoccanoRow } from './doccano.js';
import { checkJsonDepth, isObj, lineAt } from './json-positions.js';
import { isRulechefRow } from './rulechef-dataset.js';
import { isTrafficRow } from './traffic.js';
import { TREC_LINE } from './trec.js';
import type { FormatName } from './types.js';

const ID_COMMENT = /^#\s*(?:sent_)?id\s*=/;
const NON_SPACE = /\S/;

const ASK = 'pass --format (jsonl, csv, conll, labelstudio, doccano, rulechef, tab, restaurant8k, trec, sroie or traffic)';

function unknown(name: string, why: string): RulewrightError {
  return new RulewrightError('BAD_INPUT', `${name}: cannot tell the format (${why}); ${ASK}`);
}

/** The format of one JSON object row (a JSONL line). */
function rowFormat(row: Record<string, unknown>): FormatName {
  if (isTrafficRow(row)) return 'traffic';
  if (isRulechefRow(row)) return 'rulechef';
  if (isDoccanoRow(row)) return 'doccano';
  return 'jsonl';
}

function jsonDocumentFormat(doc: unknown, name: string): FormatName {
  if (Array.isArray(doc)) {
    const first: unknown = doc[0];
    if (!isObj(first)) throw unknown(name, doc.length === 0 ? 'an empty JSON array' : 'a JSON array of non-objects');
    if (isObj(first.userInput)) return 'restaurant8k';
    if (isObj(first.data)) return 'labelstudio';
    if (isObj(first.input)) return 'rulechef';
    throw unknown(name, 'a JSON array whose elements are not Restaurant-8k, Label Studio or RuleChef examples');
  }
  if (isObj(doc)) {
    if (Array.isArray(doc.examples) || Array.isArray(doc.corrections)) return 'rulechef';
    const values = Object.values(doc);
    if (values.length > 0 && values.every((v) => typeof v === 'string')) return 'tab';
    if (values.length > 0 && values.every((v) => Array.isArray(v))) {
      throw new RulewrightError('BAD_INPUT', `${name}: this looks like a TAB spans file; import the TAB folder, or the texts file with the spans file as its spans`);
    }
  }
  throw unknown(name, 'a JSON document of no known shape');
}

const sampleLines = (content: string, max: number): string[] => {
  const out: string[] = [];
  let from = 0;
  while (out.length < max && from < content.length) {
    let to = content.indexOf('\n', from);
    if (to === -1) to = content.length;
    const line = content.slice(from, to).trimEnd();
    if (line.trim() !== '') out.push(line);
    from = to + 1;
  }
  return out;
};

/**
 * The format of a file from its content, where that is unambiguous: JSONL rows (native, Doccano,
 * RuleChef, traffic by their keys), a JSON document (Restaurant-8k, Label Studio, RuleChef, TAB
 * texts), TREC `LABEL:fine question` lines, CoNLL `token tag` lines, or a CSV header.
 */
export function detectFormatFromContent(content: string, name: string): FormatName {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const start = text.search(NON_SPACE);
  if (start === -1) throw unknown(name, 'the file is empty');
  const c = text[start];
  if (c === '{' || c === '[') {
    if (c === '{') {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      let row: unknown;
      try {
        row = JSON.parse(text.slice(start, end));
      } catch {
        row = undefined;
      }
      if (isObj(row)) {
        checkJsonDepth(text.slice(start, end), name, lineAt(text, start));
        const rest = text.slice(end).trim();
        // one object that is the whole file may be a JSON document rather than a one-line JSONL
        if (rest === '' && (Array.isArray(row.examples) || Array.isArray(row.corrections))) return 'rulechef';
        if (rest === '' && !('text' in row) && !('id' in row) && !('input' in row)) return jsonDocumentFormat(row, name);
        return rowFormat(row);
      }
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      // a broken first line of what is likely JSONL: let the JSONL reader name the line
      if (c === '{') return 'jsonl';
      throw unknown(name, 'it starts with "[" but is not valid JSON');
    }
    checkJsonDepth(text, name);
    return jsonDocumentFormat(doc, name);
  }
  const lines = sampleLines(text, 200);
  if (lines.every((l) => TREC_LINE.test(l))) return 'trec';
  const tokenLines = lines.filter((l) => !l.startsWith('-DOCSTART-') && !ID_COMMENT.test(l));
  const conllLike = tokenLines.filter((l) => {
    const cols = splitColumns(l);
    return cols.length >= 2 && TAG.test(cols[cols.length - 1] as string);
  }).length;
  // Mostly `token tag` lines is CoNLL with a few broken lines: the CoNLL reader then names the
  // first broken one, where a CSV reader would only complain about a header.
  if (conllLike >= 2 && conllLike >= tokenLines.length * 0.6) return 'conll';
  if (tokenLines.length === 1 && conllLike === 1) return 'conll';
  const header = lines[0] ?? '';
  if (header.includes(',') || header.includes('\t') || header.includes(';')) return 'csv';
  throw unknown(name, 'not JSON, TREC, CoNLL or CSV with a header');
}

/** The format of a folder: TAB (`bks/` + `anonymizations/`) or SROIE (`box/` + `key/`). */
export function detectFolderFormat(path: string): FormatName {
  const has = (d: string): boolean => existsSync(join(path, d)) && statSync(join(path, d)).isDirectory();
  if (has('box') && has('key')) return 'sroie';
  if (has('bks') && has('anonymizations')) return 'tab';
  throw new RulewrightError(
    'BAD_INPUT',
    `${path}: a folder is read as SROIE (box/ and key/) or TAB (bks/ and anonymizations/), and this one has neither; import a file instead`,
  );
}

/** The format of a file or folder, from its content; throws BAD_INPUT asking for `--format` when unsure. */
export function detectFormat(path: string): FormatName {
  if (!existsSync(path)) throw new RulewrightError('BAD_INPUT', `${path}: no such file or folder; check the path`);
  if (statSync(path).isDirectory()) return detectFolderFormat(path);
  return detectFormatFromContent(decodeUtf8(readFileSync(path), path), path);
}
