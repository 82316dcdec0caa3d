import { describe, expect, test } from 'vitest';
import { parseCsv, sniffDelimiter, writeCsv } from '../../src/formats/csv.js';
import { errorOf, taskOf } from './helpers.js';

describe('parseCsv', () => {
  test('reads Banking77-style text,category with quoted commas; ids default to row-N', () => {
    const d = parseCsv('text,category\nHow do I locate my card?,card_arrival\n"I ordered, still waiting",card_arrival\nrate?,exchange_rate\n', 'b.csv');
    expect(d.taskType).toBe('classification');
    expect(d.labels).toEqual(['card_arrival', 'exchange_rate']);
    expect(d.examples).toEqual([
      { id: 'row-1', text: 'How do I locate my card?', label: 'card_arrival', split: 'train', source: 'gold' },
      { id: 'row-2', text: 'I ordered, still waiting', label: 'card_arrival', split: 'train', source: 'gold' },
      { id: 'row-3', text: 'rate?', label: 'exchange_rate', split: 'train', source: 'gold' },
    ]);
  });

  test.each([
    ['column mapping', 'qid;utterance;intent\n7;hello;greet\n', { csv: { text: 'utterance', label: 'intent', id: 'qid' } }, { id: '7', text: 'hello', label: 'greet' }],
    ['explicit delimiter', 'text|label\na,b|x\n', { csv: { delimiter: '|' } }, { id: 'row-1', text: 'a,b', label: 'x' }],
    ['tab separated, sniffed', 'id\ttext\tlabel\nk1\thi there\tgreet\n', {}, { id: 'k1', text: 'hi there', label: 'greet' }],
    ['BOM and CRLF', '\uFEFFtext,label\r\nhi,greet\r\n', {}, { id: 'row-1', text: 'hi', label: 'greet' }],
    ['id prefix', 'text,label\nhi,greet\n', { idPrefix: 'test-' }, { id: 'test-row-1', text: 'hi', label: 'greet' }],
    ['split option', 'text,label\nhi,greet\n', { split: 'test' as const }, { id: 'row-1', text: 'hi', label: 'greet', split: 'test' }],
  ])('%s', (_t, content, opts, expected) => {
    const d = parseCsv(content, 'x.csv', opts);
    expect(d.examples[0]).toEqual({ split: 'train', source: 'gold', ...expected });
  });

  test('an empty label imports as no label, with a warning; extra columns are reported', () => {
    const d = parseCsv('text,label,annotator\nhi,,ann\n', 'x.csv');
    expect(d.examples[0]?.label).toBeNull();
    expect(d.warnings).toEqual(['1 row(s) have an empty label and were imported without one', 'column(s) "annotator" were ignored']);
  });

  test('a spans column makes a span task', () => {
    const d = parseCsv('id,text,spans\nd1,Bob ran,"[{""start"":0,""end"":3,""label"":""PER""}]"\nd2,none,[]\n', 'x.csv');
    expect(d.taskType).toBe('ner');
    expect(d.examples.map((e) => e.spans)).toEqual([[{ start: 0, end: 3, label: 'PER' }], []]);
  });

  test.each([
    ['no text column', 'utterance,label\nhi,x\n', {}, 'x.csv:1: no "text" column in the header ("utterance", "label"); name the text column with --text-col COLUMN'],
    ['no label column', 'text,foo\nhi,x\n', {}, 'x.csv:1: no label column in the header ("text", "foo"); name it with --label-col COLUMN (or give a "spans" column for span tasks)'],
    ['a mapped column is missing', 'text,label\nhi,x\n', { csv: { label: 'intent' } }, 'x.csv:1: no column "intent" in the header ("text", "label"); check --label-col'],
    ['too many fields', 'text,label\nhi,x\n\nhello, world,y\n', {}, 'x.csv:4: Invalid Record Length: expect 2, got 3; every row needs as many fields as the header; quote fields that contain the delimiter'],
    ['unclosed quote', 'text,label\n"hi,x\n', {}, 'x.csv:2: Quote Not Closed: the parsing is finished with an opening quote; quote fields that contain the delimiter, quotes or line breaks, and double quotes inside them'],
    ['duplicate id', 'id,text,label\na,hi,x\n"b","multi\nline",y\na,again,x\n', {}, 'x.csv:5: duplicate id "a" (first used at x.csv:2); ids must be unique within a file'],
    ['empty id', 'id,text,label\n,hi,x\n', {}, 'x.csv:2: empty id in column "id"; give every row an id'],
    ['bad spans JSON', 'text,spans\nBob,[{start:0}]\n', {}, 'x.csv:2: the "spans" field is invalid JSON at column 3 (unexpected "s"); write a JSON list like [{"start":0,"end":4,"label":"PER"}]'],
    ['span past the text', 'text,spans\nBob,"[{""start"":0,""end"":9,""label"":""PER""}]"\n', {}, 'x.csv:2: spans[0] [0, 9) "PER" ends past the text (3 characters); offsets are 0-based and end-exclusive: fix the offsets'],
  ])('rejects %s with FILE:LINE', (_t, content, opts, message) => {
    expect(errorOf(() => parseCsv(content, 'x.csv', opts))).toBe(message);
  });

  test.each([
    ['text,category', ','],
    ['id\ttext\tlabel', '\t'],
    ['a;b;c', ';'],
    ['"x,y";b;c', ';'],
    ['text', ','],
  ])('sniffs the delimiter of %j', (header, delimiter) => {
    expect(sniffDelimiter(`${header}\nrow`)).toBe(delimiter);
  });
});

describe('writeCsv', () => {
  test('classification: id,text,label with quoting', () => {
    const out = writeCsv(taskOf('classification'), [
      { id: 'q1', text: 'say "hi", then\nleave', label: 'greet', split: 'train', source: 'gold' },
      { id: 'q2', text: 'plain', label: null, split: 'train', source: 'gold' },
    ]);
    expect(out).toBe('id,text,label\nq1,"say ""hi"", then\nleave",greet\nq2,plain,\n');
    expect(parseCsv(out, 'x.csv').examples).toEqual([
      { id: 'q1', text: 'say "hi", then\nleave', label: 'greet', split: 'train', source: 'gold' },
      { id: 'q2', text: 'plain', label: null, split: 'train', source: 'gold' },
    ]);
  });

  test('span tasks: id,text,spans as JSON, which reads back', () => {
    const examples = [{ id: 'd1', text: 'Bob, Ann', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 5, end: 8, label: 'PER', text: 'Ann' }], split: 'train' as const, source: 'gold' as const }];
    const out = writeCsv(taskOf('ner'), examples);
    expect(out).toBe('id,text,spans\nd1,"Bob, Ann","[{""start"":0,""end"":3,""label"":""PER""},{""start"":5,""end"":8,""label"":""PER"",""text"":""Ann""}]"\n');
    expect(parseCsv(out, 'x.csv').examples).toEqual(examples);
  });

  test('transformation: id, the text field, one column per output field', () => {
    const out = writeCsv(taskOf('transformation'), [
      { id: '000', input: { text: 'A\nB' }, output: { company: 'X, Y', total: '9.00' }, split: 'train', source: 'gold' },
      { id: '001', input: { text: 'C' }, output: { company: 'Z', items: ['a'] }, split: 'train', source: 'gold' },
    ]);
    expect(out).toBe('id,text,company,total,items\n000,"A\nB","X, Y",9.00,\n001,C,Z,,"[""a""]"\n');
  });
});
