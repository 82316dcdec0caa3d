import { describe, expect, test } from 'vitest';
import { detectFromPrefix, detectStreamFormat } from '../../src/formats/large-file.js';

const MB = 1 << 20;
const jsonlRow = (i: number) => `${JSON.stringify({ id: `r${i}`, text: 'Where is my card? It costs €5 or £4', label: 'card_arrival' })}\n`;
const rows = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => row(i)).join('');
// enough rows to pass the decoded prefix
const big = (head: string, row: (i: number) => string) => Buffer.from(head + rows(Math.ceil((2 * MB) / row(0).length), row));

describe('detectFromPrefix', () => {
  test.each([
    ['a large jsonl file', big('', jsonlRow), 'jsonl'],
    ['a large jsonl file with a byte-order mark and blank lines first', big('\uFEFF\n\n', jsonlRow), 'jsonl'],
    ['a large csv file', big('id,text,label\n', (i) => `r${i},"Where is my card, €5",card_arrival\n`), 'csv'],
    ['a file that fits in the prefix', Buffer.from(rows(10, jsonlRow)), undefined],
    ['a large file whose first line is not a JSON object', big('{"id": "a",\n', jsonlRow), undefined],
    ['a large JSON document', big('[\n', (i) => `${JSON.stringify({ data: { text: `t${i}` } })},\n`), undefined],
    ['a large CoNLL file', big('', (i) => `tok${i} O\n`), undefined],
    ['a csv whose first line is longer than the prefix', Buffer.from(`${'h,'.repeat(MB)}x\n${rows(300, (i) => `${i},a\n`)}`), undefined],
  ])('%s', (_what, buf, format) => {
    expect(detectFromPrefix(buf, 'x')).toBe(format);
  });
});

describe('detectStreamFormat', () => {
  test.each([
    ['JSONL rows', rows(3, jsonlRow), 'jsonl'],
    ['JSONL whose first line is broken, as the JSONL reader then says', `{"id": oops}\n${rows(3, jsonlRow)}`, 'jsonl'],
    ['a CSV header and rows', 'text,label\nwhere is my card,card\n', 'csv'],
    ['CoNLL lines', 'Ann B-PER\nLee I-PER\npaid O\n', 'conll'],
    ['a JSON array, read whole', '[\n{"data": {"text": "x"}},\n', undefined],
    ['a pretty-printed JSON object, read whole', '{\n  "examples": [\n', undefined],
    ['a first line not yet ended', '{"id": "a", "text": "x", "lab', undefined],
    ['only blank lines so far', '\n\n  \n', undefined],
  ])('%s', (_what, head, format) => {
    expect(detectStreamFormat(Buffer.from(head), 'stdin')).toBe(format);
  });
});
