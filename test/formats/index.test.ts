import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import type { Example } from '../../src/core/schemas/example.js';
import { readDataset, writeDataset } from '../../src/formats/index.js';
import { useTempDir } from '../helpers/temp.js';
import { errorOf, jsonLines, taskOf } from './helpers.js';

const tmp = useTempDir('rw-formats-');
const file = (name: string, content: string): string => {
  const p = tmp.path(name);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, content);
  return p;
};

function tabFolder(name: string): string {
  file(`${name}/bks/TAB_test_BK=Original.json`, JSON.stringify({ d1: 'Bob went to Oslo in 1996.', d2: 'Nothing.' }));
  file(`${name}/anonymizations/TAB_test_Manual_Entity.json`, JSON.stringify({ d1: [[12, 16, 'LOC'], [0, 3, 'PERSON'], [20, 24, 'DATETIME']], d2: [] }));
  file(`${name}/anonymizations/TAB_test_Presidio_Entity.json`, JSON.stringify({ d1: [[0, 3, 'PER']] }));
  return tmp.path(name);
}

describe('readDataset', () => {
  test('detects the format and reads the file', () => {
    const d = readDataset(file('a.jsonl', jsonLines({ id: 'a', text: 'x', label: 'l' })));
    expect(d.format).toBe('jsonl');
    expect(d.examples).toHaveLength(1);
  });

  test('opts.format skips detection', () => {
    const p = file('q.tsv', 'hi\tO\nyo\tB-X\n');
    expect(readDataset(p).format).toBe('conll');
    const d = readDataset(p, { format: 'csv', csv: { text: 'hi', label: 'O' } });
    expect(d.examples.map((e) => [e.text, e.label])).toEqual([['yo', 'B-X']]);
  });

  test('errors name the file as given', () => {
    const p = file('bad.jsonl', `${jsonLines({ id: 'a', text: 'x', label: 'l' })}\n${jsonLines({ id: 'a', text: 'y', label: 'l' })}\n`);
    expect(errorOf(() => readDataset(p))).toBe(`${p}:2: duplicate id "a" (first used at ${p}:1); ids must be unique within a file`);
  });

  test('a TAB folder picks the texts and the manual gold spans', () => {
    const d = readDataset(tabFolder('tab1'));
    expect(d.format).toBe('tab');
    expect(d.examples.map((e) => [e.id, e.spans?.map((s) => s.label)])).toEqual([
      ['d1', ['PERSON', 'LOC', 'DATETIME']],
      ['d2', []],
    ]);
  });

  test('a TAB texts file with spansFile, or with the spans file found beside it', () => {
    const folder = tabFolder('tab2');
    const texts = join(folder, 'bks/TAB_test_BK=Original.json');
    const spans = join(folder, 'anonymizations/TAB_test_Presidio_Entity.json');
    const explicit = readDataset(texts, { format: 'tab', spansFile: spans });
    expect(explicit.labels).toEqual(['PER']);
    expect(explicit.warnings).toEqual(['1 document(s) have no entry in ' + spans + ' and were imported without spans']);
    const found = readDataset(texts);
    expect(found.labels).toEqual(['DATETIME', 'LOC', 'PERSON']);
    expect(found.warnings).toEqual([`gold spans were read from ${join(folder, 'bks/../anonymizations/TAB_test_Manual_Entity.json')}`]);
  });

  test('a TAB texts file with no spans file asks for one', () => {
    const p = file('lonely/texts.json', JSON.stringify({ d1: 'x' }));
    expect(errorOf(() => readDataset(p))).toBe(`${p}: TAB needs the gold spans file too; import the TAB folder, or give the spans file (anonymizations/…_Manual_Entity.json)`);
  });

  test('a SROIE folder pairs box and key files by name', () => {
    file('sroie1/box/000.csv', '1,2,3,4,5,6,7,8,SHOP A\n1,2,3,4,5,6,7,8,TOTAL 9.00\n');
    file('sroie1/key/000.json', '{"company": "SHOP A", "total": "9.00"}');
    file('sroie1/box/001.csv', '1,2,3,4,5,6,7,8,SHOP B\n');
    file('sroie1/key/001.json', '{"company": "SHOP B"}');
    const d = readDataset(tmp.path('sroie1'), { split: 'test' });
    expect(d.format).toBe('sroie');
    expect(d.examples.map((e) => [e.id, e.input?.text, e.split])).toEqual([
      ['000', 'SHOP A\nTOTAL 9.00', 'test'],
      ['001', 'SHOP B', 'test'],
    ]);
  });

  test('a SROIE folder of .txt files, as the original release names them, reads the same', () => {
    file('sroie3/box/X00016469612.txt', '1,2,3,4,5,6,7,8,SHOP A\n1,2,3,4,5,6,7,8,TOTAL 9.00\n');
    file('sroie3/box/X00016469612.jpg', 'not text');
    file('sroie3/key/X00016469612.txt', '{"company": "SHOP A", "total": "9.00"}');
    const d = readDataset(tmp.path('sroie3'));
    expect(d.examples.map((e) => [e.id, e.input?.text, e.output])).toEqual([['X00016469612', 'SHOP A\nTOTAL 9.00', { company: 'SHOP A', total: '9.00' }]]);
    rmSync(tmp.path('sroie3/key/X00016469612.txt'));
    expect(errorOf(() => readDataset(tmp.path('sroie3')))).toBe(
      `${tmp.path('sroie3/box/X00016469612.txt')}: no matching ${tmp.path('sroie3/key/X00016469612.txt')}; every receipt needs both files`,
    );
  });

  test('a SROIE receipt without its key is an error', () => {
    file('sroie2/box/000.csv', '1,2,3,4,5,6,7,8,SHOP\n');
    mkdirSync(tmp.path('sroie2/key'), { recursive: true });
    expect(errorOf(() => readDataset(tmp.path('sroie2')))).toBe(
      `${tmp.path('sroie2/box/000.csv')}: no matching ${tmp.path('sroie2/key/000.json')}; every receipt needs both files`,
    );
  });

  test('a folder for a file format is an error', () => {
    const folder = tabFolder('tab3');
    expect(errorOf(() => readDataset(folder, { format: 'jsonl' }))).toBe(`${folder}: is a folder, but the jsonl format reads a file; pass the file`);
  });
});

describe('writeDataset', () => {
  const spanExamples = readDataset(
    file(
      'spans.jsonl',
      jsonLines(
        { id: 'd1', text: '😀 Bob met Ann in New York', spans: [{ start: 3, end: 6, label: 'PER' }, { start: 18, end: 26, label: 'LOC', text: 'New York' }, { start: 18, end: 21, label: 'LOC' }], split: 'dev' },
        { id: 'd2', text: 'nobody', spans: [], annotated: ['PER'] },
      ),
    ),
  ).examples;

  test.each([
    ['jsonl', 'ner'],
    ['csv', 'ner'],
  ] as const)('%s export of a span task reads back', (format, type) => {
    const out = writeDataset(taskOf(type), spanExamples, format);
    const back = readDataset(file(`back.${format}`, out));
    if (format === 'jsonl') expect(back.examples).toEqual(spanExamples);
    else expect(back.examples.map((e) => [e.id, e.text, e.spans])).toEqual(spanExamples.map((e) => [e.id, e.text, e.spans]));
  });

  test('conll export reads back as CoNLL with the non-overlapping spans', () => {
    const out = writeDataset(taskOf('ner'), spanExamples, 'conll');
    const back = readDataset(file('back.conll', out));
    expect(back.format).toBe('conll');
    expect(back.examples.map((e) => e.spans?.map((s) => [e.text?.slice(s.start, s.end), s.label]))).toEqual([
      [
        ['Bob', 'PER'],
        ['New York', 'LOC'],
      ],
      [],
    ]);
  });

  test('jsonl export round-trips classification and transformation', () => {
    const cls = readDataset(file('c.csv', 'text,category\n"a, b",x\nc,y\n')).examples;
    expect(readDataset(file('c.jsonl', writeDataset(taskOf('classification'), cls, 'jsonl'))).examples).toEqual(cls);
    const tr = readDataset(file('t.jsonl', jsonLines({ id: 'r', input: { text: 'T' }, output: { total: '1', list: [1, 2] }, meta: { m: true } }))).examples;
    expect(readDataset(file('t2.jsonl', writeDataset(taskOf('transformation'), tr, 'jsonl'))).examples).toEqual(tr);
  });

  test('an unknown export format is an error', () => {
    expect(errorOf(() => writeDataset(taskOf('ner'), [], 'xml' as 'jsonl'))).toBe('cannot write the xml format; use jsonl, csv or conll');
  });
});

describe('readDataset refuses files that are not what they claim', () => {
  test.each([
    ['an empty file', 'e.jsonl', '', /e\.jsonl: the file is empty \(0 bytes\)/],
    ['blank lines only', 'b.jsonl', '\n  \n', /b\.jsonl: the file is empty \(only blank space\)/],
    ['a guessed CoNLL file with a broken line', 'x.txt', 'Ann B-PER\nLee I-PER\nParis\n', /x\.txt:3: expected "token<TAB>tag".*\(read as conll, detected from the content; if it is another format, pass --format\)$/],
  ])('%s', (_what, name, content, message) => {
    expect(errorOf(() => readDataset(file(name, content)))).toMatch(message);
  });

  test('an empty file is refused even with --format', () => {
    expect(errorOf(() => readDataset(file('e2.jsonl', ''), { format: 'jsonl' }))).toMatch(/the file is empty/);
  });

  test('a format given with --format is not said to be guessed', () => {
    expect(errorOf(() => readDataset(file('g.conll', 'Ann B-PER\nParis\n'), { format: 'conll' }))).not.toContain('detected');
  });

  test.each([
    ['jsonl', 'rows.jsonl', jsonLines({ id: 'a', text: 'x', label: 'l' }, { id: 'b', text: 'y', label: 'm' })],
    ['csv', 'rows.csv', 'id,text,label\na,x,l\nb,y,m\n'],
    ['labelstudio', 'rows.json', JSON.stringify([{ id: 'a', data: { text: 'x' }, annotations: [{ result: [{ value: { choices: ['l'] } }] }] }, { id: 'b', data: { text: 'y' }, annotations: [{ result: [{ value: { choices: ['m'] } }] }] }])],
  ])('with a sink, %s examples go to it in file order and none are kept', (_f, name, content) => {
    const seen: string[] = [];
    const data = readDataset(file(name, content), {}, (e) => seen.push(`${e.id}:${String(e.label)}`));
    expect(seen).toEqual(['a:l', 'b:m']);
    expect(data.examples).toEqual([]);
    expect(data.labels).toEqual(['l', 'm']);
  });
});

describe('readDataset with a sink', () => {
  const collect = (p: string, opts: Parameters<typeof readDataset>[1] = {}) => {
    const got: Example[] = [];
    const data = readDataset(p, opts, (e) => got.push(e));
    return { data, got };
  };
  const large = (header: string, row: (i: number) => string) => header + Array.from({ length: 60_000 }, (_, i) => row(i)).join('');

  test.each([
    ['jsonl', large('', (i) => `${JSON.stringify({ id: `r${i}`, text: `card ${i} costs €5`, label: i % 2 ? 'fee' : 'card' })}\n`)],
    ['csv', large('id,text,label\n', (i) => `r${i},"card ${i}, €5; see the fee schedule",${i % 2 ? 'fee' : 'card'}\n`)],
  ])('reads a large %s file a line at a time, never decoding it whole, with the same examples', (format, content) => {
    const p = file(`large.${format}`, content);
    const whole = readDataset(p);
    const toString = vi.spyOn(Buffer.prototype, 'toString');
    let longest = 0;
    try {
      const { data, got } = collect(p, { idsCheckedByCaller: true });
      for (const [i, call] of toString.mock.calls.entries()) {
        const self = toString.mock.contexts[i] as Buffer;
        const [, start = 0, end = self.length] = call as [string?, number?, number?];
        longest = Math.max(longest, end - start);
      }
      expect(data.format).toBe(format);
      expect(got).toEqual(whole.examples);
      expect(data.labels).toEqual(whole.labels);
    } finally {
      toString.mockRestore();
    }
    expect(Buffer.byteLength(content)).toBeGreaterThan(2 << 20);
    expect(longest).toBeLessThanOrEqual(1 << 20);
  });

  test('a csv leaves duplicate ids to a caller that checks them, keeping no id per row', () => {
    const p = file('dup-sink.csv', 'id,text,label\na,hi,x\na,again,x\n');
    expect(collect(p, { idsCheckedByCaller: true }).got.map((e) => e.id)).toEqual(['a', 'a']);
    expect(errorOf(() => collect(p))).toContain(`${p}:3: duplicate id "a" (first used at ${p}:2); ids must be unique within a file`);
  });

  test('a blank file named with --format is still refused as empty', () => {
    const p = file('blank.jsonl', ' \n\n\t\n');
    expect(errorOf(() => collect(p, { format: 'jsonl' }))).toMatch(/the file is empty/);
  });
});

