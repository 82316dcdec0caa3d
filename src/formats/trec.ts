import { ExampleBuilder, badInput } from './example-builder.js';
import { isBlank } from './lines.js';
import type { ImportedData, ParseOptions } from './types.js';

/** `COARSE:fine question…`: the TREC label file line. */
export const TREC_LINE = /^([A-Z]+):(\S+) (.*)$/;

/**
 * Parses TREC question-classification label files (`NUM:dist How far is it … ?`). The label is the
 * coarse class (`NUM`) unless `opts.trecLabel` is `fine` (`NUM:dist`); in coarse mode the fine
 * label is kept in `meta.fine`. Ids are `q<line>`.
 */
export function parseTrec(content: string, name: string, opts: ParseOptions = {}): ImportedData {
  const fine = opts.trecLabel === 'fine';
  const b = new ExampleBuilder({ ...opts, format: 'trec', hint: 'fix this line' });
  const lines = content.split('\n');
  for (let n = 0; n < lines.length; n++) {
    let line = lines[n] as string;
    if (n === 0 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (isBlank(line)) continue;
    const m = TREC_LINE.exec(line);
    const where = `${name}:${n + 1}`;
    if (!m) throw badInput(where, 'expected "COARSE:fine question" (for example "NUM:dist How far is it ?"); fix the line');
    const fineLabel = `${m[1]}:${m[2]}`;
    const row: Record<string, unknown> = { id: b.genId(`q${n + 1}`), text: m[3], label: fine ? fineLabel : m[1] };
    if (!fine) row.meta = { fine: fineLabel };
    b.add(row, where);
  }
  return b.finish('classification');
}
