import { Example, isExampleSource, isSplit } from '../core/schemas/example.js';
import { answerLabels } from '../core/split.js';
import { parseJson, validate } from './decode.js';
import { exampleContentHash, simpleContentHash } from './fingerprint.js';

/*
 * An example as the examples table holds it: id, split and source as columns, labels (the answer
 * labels, for filtering), the rest as a JSON body, and a content hash. Short classification rows,
 * most of any large import and of every metrics pass, are encoded and decoded directly; every
 * other shape goes through the schema, which also gives the errors.
 */

/** A row as `get` and `list` read it. */
export interface StoredRow {
  id: string;
  split: string;
  source: string;
  body: string;
}

/**
 * Writes the labels, body and content hash columns of `e` at `args[at..at+2]`. An example of the
 * common classification shape (id, text, label, split, source) gets them written directly, as the
 * same strings the general path gives, without the intermediate objects.
 */
export function encodeInto(e: Example, args: unknown[], at: number): void {
  const fast = simpleColumns(e);
  if (fast) {
    args[at] = fast.labels;
    args[at + 1] = fast.body;
    args[at + 2] = fast.hash;
    return;
  }
  args[at] = JSON.stringify(answerLabels(e));
  args[at + 1] = bodyOf(e);
  args[at + 2] = exampleContentHash(e);
}

/** The columns of an example with no keys beyond id, text, label, split and source; else undefined. */
function simpleColumns(e: Example): { labels: string; body: string; hash: string } | undefined {
  // JSON.stringify keeps the object's own key order, so the body is built in that order too.
  let textFirst = true;
  let seenText = false;
  for (const k in e) {
    if (k === 'text') seenText = true;
    else if (k === 'label') textFirst = seenText;
    else if (k !== 'id' && k !== 'split' && k !== 'source') return undefined;
  }
  const { id, text, label } = e;
  if (typeof id !== 'string' || (text !== undefined && typeof text !== 'string')) return undefined;
  if (label !== undefined && label !== null && typeof label !== 'string') return undefined;
  // each value is stringified once and used in the body, the labels and the hashed view
  const t = text === undefined ? undefined : JSON.stringify(text);
  const l = label === undefined ? undefined : JSON.stringify(label);
  let body: string;
  if (t === undefined) body = l === undefined ? '{}' : `{"label":${l}}`;
  else if (l === undefined) body = `{"text":${t}}`;
  else body = textFirst ? `{"text":${t},"label":${l}}` : `{"label":${l},"text":${t}}`;
  const named = typeof label === 'string';
  return {
    labels: named && label !== '' ? `[${l}]` : '[]',
    body,
    hash: simpleContentHash(JSON.stringify(id), named ? l : undefined, t),
  };
}

function bodyOf(e: Example): string {
  // id, split and source are columns; JSON.stringify drops undefined fields.
  const { id: _id, split: _split, source: _source, ...body } = e;
  return JSON.stringify(body);
}

/** A `batches` row: seq, id, split, source, body. */
export type RawRow = [number, string, string, string, string];

/** `decodeRow` for a `batches` row. */
export function decodeRawRow(r: RawRow, datasetId: number): Example {
  const [, id, split, source, text] = r;
  return decodeBody(id, split, source, parseJson(text, `example "${id}" of dataset ${datasetId}`), datasetId);
}

/**
 * The common shape the store writes for plain text examples (a body of `text` and a string or
 * null `label`, valid split and source) is checked by hand, which reading a large train split
 * spends most of its time on otherwise; any other body goes through the schema. Same object as
 * the schema gives (its keys in the schema's order).
 */
function decodeBody(id: string, split: string, source: string, body: unknown, datasetId: number): Example {
  if (typeof id === 'string' && id !== '' && isSplit(split) && isExampleSource(source) && plainBody(body)) {
    const e = { id } as Example;
    if (body.text !== undefined) e.text = body.text;
    if (body.label !== undefined) e.label = body.label;
    e.split = split;
    e.source = source;
    return e;
  }
  return decodeParsed(id, split, source, body, datasetId);
}

function plainBody(b: unknown): b is { text?: string; label?: string | null } {
  if (b === null || typeof b !== 'object' || Array.isArray(b)) return false;
  for (const k in b) {
    const v = (b as Record<string, unknown>)[k];
    if (k === 'text' ? typeof v !== 'string' : k !== 'label' || (v !== null && typeof v !== 'string')) return false;
  }
  return true;
}

function decodeParsed(id: string, split: string, source: string, body: unknown, datasetId: number): Example {
  const where = `example "${id}" of dataset ${datasetId}`;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return validate(Example, body, where);
  return validate(Example, { id, ...body, split, source }, where);
}

export function decodeRow(r: StoredRow, datasetId: number): Example {
  return decodeBody(r.id, r.split, r.source, parseJson(r.body, `example "${r.id}" of dataset ${datasetId}`), datasetId);
}
