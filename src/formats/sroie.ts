import { ExampleBuilder, badInput } from './example-builder.js';
import { isObj, parseJsonDocument } from './json-positions.js';
import type { ImportedData, ParseOptions } from './types.js';

/** One SROIE receipt as read from disk: its OCR box CSV and its key JSON. */
export interface SroieReceipt {
  id: string;
  boxName: string;
  box: string;
  keyName: string;
  key: string;
}

/** The key fields, in the order they are kept (other string fields follow in file order). */
const SROIE_FIELDS = ['company', 'date', 'address', 'total'] as const;

/** Transcripts of a box CSV: each line is `x1,y1,…,x4,y4,TRANSCRIPT`; the transcript may hold commas. */
export function sroieLines(box: string, boxName: string): string[] {
  const out: string[] = [];
  const rows = box.split('\n');
  for (let n = 0; n < rows.length; n++) {
    let row = rows[n] as string;
    if (n === 0 && row.charCodeAt(0) === 0xfeff) row = row.slice(1);
    if (row.endsWith('\r')) row = row.slice(0, -1);
    if (row === '') continue;
    let at = -1;
    for (let c = 0; c < 8; c++) {
      at = row.indexOf(',', at + 1);
      if (at === -1) {
        throw badInput(
          `${boxName}:${n + 1}`,
          `expected 8 box coordinates and a transcript (x1,y1,x2,y2,x3,y3,x4,y4,TEXT), found ${c} comma(s); fix the line`,
        );
      }
    }
    out.push(row.slice(at + 1));
  }
  return out;
}

/**
 * Parses SROIE receipts into transformation examples: `input: {text, lines}` with the transcripts
 * joined by newlines, `output` the key fields as given (missing ones stay missing, empty strings
 * stay empty). Ids are the file stems (`000` …).
 */
export function parseSroie(receipts: readonly SroieReceipt[], opts: ParseOptions = {}): ImportedData {
  const b = new ExampleBuilder({ ...opts, format: 'sroie', hint: 'fix this receipt' });
  for (const r of receipts) {
    const lines = sroieLines(r.box, r.boxName);
    const key = parseJsonDocument(r.key, r.keyName);
    if (!isObj(key)) throw badInput(`${r.keyName}:1`, 'expected a JSON object like {"company": "...", "date": "...", "address": "...", "total": "..."}');
    const output: Record<string, string> = {};
    const ordered = [...SROIE_FIELDS.filter((f) => f in key), ...Object.keys(key).filter((k) => !(SROIE_FIELDS as readonly string[]).includes(k))];
    for (const f of ordered) {
      const v = key[f];
      if (typeof v !== 'string') throw badInput(`${r.keyName}:1`, `field ${JSON.stringify(f)} must be a string, not ${JSON.stringify(v)}`);
      output[f] = v;
    }
    b.add({ id: b.genId(r.id), input: { text: lines.join('\n'), lines }, output }, `${r.keyName}:1`);
  }
  return b.finish('transformation', 'text');
}
