import { badInput } from './example-builder.js';
import { checkJsonDepth, describeJsonError } from './json-positions.js';

/** One decoded line of an input, with its 1-based number. */
export interface TextLine {
  text: string;
  line: number;
}

/** A dataset's text: decoded, its UTF-8 bytes (checked to be UTF-8), or the lines of a stream. */
export type LineInput = string | Buffer | Iterable<TextLine>;

/** The lines of a whole text or its UTF-8 bytes, decoded a line at a time. */
function* textLines(content: string | Buffer): Generator<TextLine> {
  // Walked with indexOf rather than split('\n'): a million-row file is never held twice.
  let from = 0;
  for (let n = 1; from < content.length; n++) {
    let to = typeof content === 'string' ? content.indexOf('\n', from) : content.indexOf(10, from);
    if (to === -1) to = content.length;
    const text = typeof content === 'string' ? content.slice(from, to) : content.toString('utf8', from, to);
    from = to + 1;
    yield { text, line: n };
  }
}

/** The lines of any LineInput. */
const linesOf = (content: LineInput): Iterable<TextLine> =>
  typeof content === 'string' || Buffer.isBuffer(content) ? textLines(content) : content;

/** One JSON object per non-blank line, with its 1-based line number; blank lines are skipped. */
export function* jsonObjectLines(content: LineInput, name: string): Generator<{ row: Record<string, unknown>; line: number }> {
  for (const { text, line: n } of linesOf(content)) {
    const line = n === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    if (isBlank(line)) continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      const { text: what } = describeJsonError(line);
      throw badInput(`${name}:${n}`, `${what.replace(/ at line 1,/, ' at')}; each line must be one JSON object`);
    }
    checkJsonDepth(line, name, n);
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw badInput(`${name}:${n}`, 'expected a JSON object on this line');
    }
    yield { row: row as Record<string, unknown>, line: n };
  }
}

/** True when a line is empty or only whitespace (without allocating a trimmed copy). */
export function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 10 && c !== 0xa0 && c !== 0xfeff) return false;
  }
  return true;
}
