import { badInput } from './example-builder.js';
import { checkJsonDepth, describeJsonError } from './json-positions.js';

/**
 * One JSON object per non-blank line, with its 1-based line number; blank lines are skipped. The
 * content may be UTF-8 bytes (checked to be UTF-8), decoded a line at a time.
 */
export function* jsonObjectLines(content: string | Buffer, name: string): Generator<{ row: Record<string, unknown>; line: number }> {
  // Walked with indexOf rather than split('\n'): a million-row file is never held twice.
  let from = 0;
  for (let n = 0; from < content.length; n++) {
    let to = typeof content === 'string' ? content.indexOf('\n', from) : content.indexOf(10, from);
    if (to === -1) to = content.length;
    let line = typeof content === 'string' ? content.slice(from, to) : content.toString('utf8', from, to);
    from = to + 1;
    if (n === 0 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    if (isBlank(line)) continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      const { text } = describeJsonError(line);
      throw badInput(`${name}:${n + 1}`, `${text.replace(/ at line 1,/, ' at')}; each line must be one JSON object`);
    }
    checkJsonDepth(line, name, n + 1);
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw badInput(`${name}:${n + 1}`, 'expected a JSON object on this line');
    }
    yield { row: row as Record<string, unknown>, line: n + 1 };
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
