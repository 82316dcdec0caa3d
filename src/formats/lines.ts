import { badInput } from './example-builder.js';
import { describeJsonError } from './json-positions.js';

/** One JSON object per non-blank line, with its 1-based line number; blank lines are skipped. */
export function* jsonObjectLines(content: string, name: string): Generator<{ row: Record<string, unknown>; line: number }> {
  const lines = content.split('\n');
  for (let n = 0; n < lines.length; n++) {
    let line = lines[n] as string;
    if (n === 0 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    if (isBlank(line)) continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      const { text } = describeJsonError(line);
      throw badInput(`${name}:${n + 1}`, `${text.replace(/ at line 1,/, ' at')}; each line must be one JSON object`);
    }
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
