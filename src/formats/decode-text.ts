import { isUtf8 } from 'node:buffer';
import { basename, extname } from 'node:path';
import type { RulewrightError } from '../core/errors.js';
import { badInput } from './example-builder.js';

/**
 * Turns a file's bytes into text, refusing what is not UTF-8 text. Node's own decoding replaces
 * bad bytes with U+FFFD silently, which would import corrupted text: here every refusal names the
 * line and byte and gives a command that converts the file.
 */

/** A path quoted for a POSIX shell, so a pasted hint works whatever the file name holds. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`;
}

/** `data.jsonl` → `data.utf8.jsonl`: where a suggested conversion writes. */
export function utf8Name(path: string): string {
  const ext = extname(basename(path));
  return `${path.slice(0, path.length - ext.length)}.utf8${ext}`;
}

/**
 * What the refusals of bytes that are not UTF-8 call the input, and the clause that says how to
 * convert it from encoding `from` (with a command to paste): a file is converted to a new file, a
 * stream on its way in.
 */
export interface TextSource {
  noun: string;
  convert: (from: string) => string;
}

/** A file on disk: `iconv` writes a UTF-8 copy beside it. */
function fileSource(path: string): TextSource {
  return {
    noun: 'the file',
    convert: (from) => `save it as UTF-8, e.g. \`iconv -f ${from} -t UTF-8 ${shellQuote(path)} > ${shellQuote(utf8Name(path))}\`, and import that`,
  };
}

/** How many bytes of the start are looked at to tell UTF-16 without a byte-order mark. */
const SNIFF_BYTES = 4096;

/** `le` or `be` when the start of the file reads as UTF-16 text without a byte-order mark. */
function sniffUtf16(buf: Buffer): 'le' | 'be' | undefined {
  const n = Math.min(buf.length, SNIFF_BYTES) & ~1;
  if (n < 16) return undefined;
  const textLike = (c: number) => (c >= 0x20 && c < 0x7f) || c === 9 || c === 10 || c === 13;
  let evenNul = 0;
  let oddNul = 0;
  let leText = 0;
  let beText = 0;
  for (let i = 0; i < n; i += 2) {
    const a = buf[i]!;
    const b = buf[i + 1]!;
    if (a === 0) evenNul++;
    if (b === 0) oddNul++;
    if (b === 0 && textLike(a)) leText++;
    if (a === 0 && textLike(b)) beText++;
  }
  const pairs = n / 2;
  // ASCII-range text in UTF-16 is a printable byte beside a NUL in most code units; binary data
  // has NULs too, but not in one position with text in the other.
  if (leText > pairs * 0.5 && evenNul < pairs * 0.02) return 'le';
  if (beText > pairs * 0.5 && oddNul < pairs * 0.02) return 'be';
  return undefined;
}

/** Offset of the first byte that breaks UTF-8 (the buffer is known not to be valid). */
export function firstInvalidUtf8(buf: Buffer): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    let need: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return buf.length;
}

/** 1-based line and 1-based byte column of a byte offset. */
function lineOfByte(buf: Buffer, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = buf.indexOf(10); i !== -1 && i < offset; i = buf.indexOf(10, i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * The text of a file that must be UTF-8: refuses an empty file, UTF-16 (with or without a
 * byte-order mark), binary data (NUL bytes) and invalid UTF-8, each as BAD_INPUT naming the place.
 */
export function decodeUtf8(buf: Buffer, name: string): string {
  checkUtf8(buf, name);
  return buf.toString('utf8');
}

/** Refuses UTF-16 text: the start of the input (a byte-order mark, or NULs beside text) tells. */
export function checkNotUtf16(buf: Buffer, name: string, source: TextSource): void {
  const bom16 = buf[0] === 0xff && buf[1] === 0xfe ? 'le' : buf[0] === 0xfe && buf[1] === 0xff ? 'be' : undefined;
  const utf16 = bom16 ?? sniffUtf16(buf);
  if (!utf16) return;
  const how = `${utf16 === 'le' ? 'little' : 'big'}-endian, ${bom16 ? 'with' : 'without'} a byte-order mark`;
  const from = bom16 ? 'UTF-16' : utf16 === 'le' ? 'UTF-16LE' : 'UTF-16BE';
  throw badInput(name, `${source.noun} is UTF-16 (${how}), not UTF-8: ${source.convert(from)}`);
}

/** The refusal of a NUL byte at byte `offset` (on line `line`): the input is binary, not text. */
export function binaryInput(name: string, line: number, offset: number): RulewrightError {
  return badInput(`${name}:${line}`, `this is a binary file (a NUL byte at byte offset ${offset}), not a text dataset: import a JSONL, JSON, CSV, CoNLL or TREC file`);
}

/** The refusal of a byte that breaks UTF-8, at byte `offset` of the input and `column` of line `line`. */
export function invalidUtf8(name: string, line: number, offset: number, byte: number, column: number, source: TextSource): RulewrightError {
  const hex = byte.toString(16).toUpperCase().padStart(2, '0');
  return badInput(
    `${name}:${line}`,
    `invalid UTF-8 at byte offset ${offset} (byte 0x${hex}, byte ${column} of the line): ${source.noun} is not UTF-8 (perhaps Windows-1252 or Latin-1); ` +
      source.convert('WINDOWS-1252'),
  );
}

/** Refuses bytes that are not UTF-8 text (as `decodeUtf8` does) without decoding them. */
export function checkUtf8(buf: Buffer, name: string): void {
  if (buf.length === 0) throw badInput(name, 'the file is empty (0 bytes): there is nothing to import; check that this is the file you meant');
  const source = fileSource(name);
  checkNotUtf16(buf, name, source);
  checkTextBytes(buf, name, source);
}

/** Refuses a NUL byte (binary data) or invalid UTF-8 in bytes known not to be UTF-16. */
export function checkTextBytes(buf: Buffer, name: string, source: TextSource): void {
  const nul = buf.indexOf(0);
  if (nul !== -1) throw binaryInput(name, lineOfByte(buf, nul).line, nul);
  if (!isUtf8(buf)) {
    const off = firstInvalidUtf8(buf);
    const { line, column } = lineOfByte(buf, off);
    throw invalidUtf8(name, line, off, buf[off]!, column, source);
  }
}
