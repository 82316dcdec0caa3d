import { detectFormatFromContent } from './detect.js';
import { isObj } from './json-positions.js';
import { isBlank } from './lines.js';
import type { FormatName } from './types.js';

/**
 * A JSONL or CSV file is parsed from its bytes rather than from one decoded string: a string of
 * the whole file costs two bytes a character as soon as one character is outside Latin-1 (a "€"
 * in a million rows), and its size makes the heap grow by as much again before a collection.
 */
export const BYTE_PARSED: ReadonlySet<FormatName> = new Set<FormatName>(['jsonl', 'csv']);

/** Bytes decoded to detect the format of a file that is parsed from its bytes. */
const PREFIX_BYTES = 1 << 20;

/** Non-blank lines detection samples (see detectFormatFromContent). */
const SAMPLED_LINES = 200;

/**
 * The format of a file from its first bytes, when that is sure to be what the whole content would
 * give and the format is parsed from bytes: a first line that is a JSONL object (the rest of the
 * file is not empty, so it is not a one-object document), or a CSV header with at least as many
 * complete lines after it as detection samples. Otherwise undefined: decode the whole file.
 */
export function detectFromPrefix(buf: Buffer, name: string): FormatName | undefined {
  if (buf.length <= PREFIX_BYTES) return undefined;
  const cut = buf.lastIndexOf(10, PREFIX_BYTES - 1);
  if (cut <= 0) return undefined;
  // cut at a line end, so no line or UTF-8 sequence is split
  const prefix = buf.toString('utf8', 0, cut + 1);
  if (isBlank(prefix)) return undefined;
  const lines = prefix.split('\n');
  // as detection counts them
  const nonBlank = lines.filter((l) => l.trim() !== '');
  const first = nonBlank[0]!.replace(/^\uFEFF/, '');
  let format: FormatName;
  try {
    format = detectFormatFromContent(prefix, name);
  } catch {
    return undefined;
  }
  if (format === 'jsonl') {
    try {
      const row: unknown = JSON.parse(first);
      return row !== null && typeof row === 'object' && !Array.isArray(row) ? 'jsonl' : undefined;
    } catch {
      return undefined;
    }
  }
  if (format === 'csv' && nonBlank.length >= SAMPLED_LINES) return 'csv';
  return undefined;
}

/** Formats a stream is parsed in as its lines come, never revisiting an example (the others are read whole, up to a bound). */
export const LINE_STREAMED: ReadonlySet<FormatName> = new Set<FormatName>(['jsonl', 'traffic', 'csv']);

const firstLineObject = (line: string): boolean => {
  try {
    return isObj(JSON.parse(line));
  } catch {
    return false;
  }
};

/**
 * The format of a stream from its first complete lines, where they tell it: JSONL rows (a first
 * line that is an object, or a broken one followed by another "{" line, which the JSONL reader
 * then names), CSV, CoNLL or TREC. Undefined for what may be a JSON document ("[", or a "{" line
 * that is not a whole object), which is read whole, and for what detection cannot tell.
 */
export function detectStreamFormat(head: Buffer, name: string): FormatName | undefined {
  const text = head.toString('utf8', 0, head.lastIndexOf(10) + 1).replace(/^\uFEFF/, '');
  const lines = text.split('\n', SAMPLED_LINES).filter((l) => !isBlank(l));
  const first = lines[0]?.trim();
  if (first === undefined || first.startsWith('[')) return undefined;
  if (first.startsWith('{') && !firstLineObject(first)) return lines[1]?.trim().startsWith('{') ? 'jsonl' : undefined;
  try {
    return detectFormatFromContent(text, name);
  } catch {
    return undefined;
  }
}
