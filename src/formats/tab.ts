import { ExampleBuilder, badInput } from './example-builder.js';
import { isObj, jsonWhere, parseJsonDocument } from './json-positions.js';
import { codePointToUtf16Offsets } from './offsets.js';
import type { ImportedData, ParseOptions } from './types.js';

/**
 * Parses TAB (Text Anonymization Benchmark) as TAE redistributes it: a texts file
 * `{doc_id: text}` and a gold spans file `{doc_id: [[start, end, TYPE], …]}` with code-point,
 * end-exclusive offsets. Overlapping spans are kept; exact duplicates are dropped with a warning.
 * Ids are the document ids, in the texts file's order; a document without spans gets none.
 */
export function parseTab(
  textsContent: string,
  textsName: string,
  spansContent: string,
  spansName: string,
  opts: ParseOptions = {},
): ImportedData {
  const texts = parseJsonDocument(textsContent, textsName);
  const gold = parseJsonDocument(spansContent, spansName);
  if (!isObj(texts)) throw badInput(`${textsName}:1`, 'expected a JSON object {doc_id: text} (the TAB texts file)');
  if (!isObj(gold)) throw badInput(`${spansName}:1`, 'expected a JSON object {doc_id: [[start, end, TYPE], …]} (the TAB spans file)');
  for (const id of Object.keys(gold)) {
    if (!(id in texts)) {
      throw badInput(
        () => jsonWhere(spansName, spansContent, [id], `document ${JSON.stringify(id)}`),
        `document ${JSON.stringify(id)} has spans but no text in ${textsName}; pair the spans file with its texts file`,
      );
    }
  }
  const b = new ExampleBuilder({ ...opts, format: 'tab', hint: 'fix this document' });
  let withoutSpans = 0;
  for (const [id, text] of Object.entries(texts)) {
    if (typeof text !== 'string') {
      throw badInput(() => jsonWhere(textsName, textsContent, [id], `document ${JSON.stringify(id)}`), 'the document text must be a string');
    }
    const list = gold[id];
    const spanWhere = () => jsonWhere(spansName, spansContent, [id], `document ${JSON.stringify(id)}`);
    if (list === undefined) withoutSpans++;
    else if (!Array.isArray(list)) throw badInput(spanWhere, 'expected a list of [start, end, TYPE] triples');
    const triples = (list ?? []) as unknown[];
    const raw: number[] = [];
    const labels: string[] = [];
    triples.forEach((t, j) => {
      if (!Array.isArray(t) || t.length < 3 || !Number.isInteger(t[0]) || !Number.isInteger(t[1]) || typeof t[2] !== 'string') {
        throw badInput(spanWhere, `span ${j} of ${JSON.stringify(id)} is ${JSON.stringify(t)}; expected [start, end, "TYPE"] with integer offsets`);
      }
      raw.push(t[0] as number, t[1] as number);
      labels.push(t[2] as string);
    });
    const offs = codePointToUtf16Offsets(text, raw);
    const spans = labels.map((label, j) => ({ start: offs[2 * j], end: offs[2 * j + 1], label }));
    b.add({ id, text, spans }, spanWhere);
  }
  if (withoutSpans > 0) b.warn(`${withoutSpans} document(s) have no entry in ${spansName} and were imported without spans`);
  return b.finish(opts.taskType === 'extraction' ? 'extraction' : 'ner');
}
