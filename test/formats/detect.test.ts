import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { detectFormat, detectFormatFromContent } from '../../src/formats/detect.js';
import { useTempDir } from '../helpers/temp.js';
import { errorOf, jsonLines } from './helpers.js';

describe('detectFormatFromContent', () => {
  test.each([
    ['native spans', jsonLines({ id: 'a', text: 'x', spans: [] }, { id: 'b', text: 'y', spans: [] }), 'jsonl'],
    ['native classification, one line', jsonLines({ id: 'a', text: 'x', label: 'l' }), 'jsonl'],
    ['native transformation', jsonLines({ id: 'r1', input: { text: 'x' }, output: { total: '1' } }), 'jsonl'],
    ['doccano spans', jsonLines({ id: 1, text: 'x', label: [[0, 1, 'X']] }), 'doccano'],
    ['doccano classification', jsonLines({ id: 1, data: 'x', label: ['pos'] }), 'doccano'],
    ['doccano entities', jsonLines({ id: 1, text: 'x', entities: [{ start_offset: 0, end_offset: 1, label: 'X' }], relations: [] }), 'doccano'],
    ['rulechef bulk', jsonLines({ input: { text: 'x' }, output: { entities: [] } }), 'rulechef'],
    ['rulechef expected_output rows', jsonLines({ id: 'e', input: { text: 'x' }, expected_output: { label: 'a' } }), 'rulechef'],
    ['rulechef dataset', JSON.stringify({ name: 'd', task: {}, examples: [] }, null, 2), 'rulechef'],
    ['rulechef dataset on one line', JSON.stringify({ name: 'd', task: {}, examples: [] }), 'rulechef'],
    ['rulechef example array', JSON.stringify([{ input: { text: 'x' }, expected_output: {} }]), 'rulechef'],
    ['traffic', jsonLines({ text: 'x', gold_label: 'a', llm_label: 'a' }), 'traffic'],
    ['ner traffic', jsonLines({ text: 'x', llm_entities: [] }), 'traffic'],
    ['label studio', JSON.stringify([{ id: 1, data: { text: 'x' }, annotations: [] }], null, 2), 'labelstudio'],
    ['restaurant-8k', JSON.stringify([{ userInput: { text: '13' } }], null, 4), 'restaurant8k'],
    ['TAB texts, one line', '{"001-61807": "PROCEDURE\\n\\nThe case", "001-2": "x"}', 'tab'],
    ['TAB texts, pretty', '{\n  "001-61807": "PROCEDURE"\n}', 'tab'],
    ['TREC', 'NUM:dist How far is it from Denver to Aspen ?\nLOC:city What county is Modesto , California in ?\n', 'trec'],
    ['CoNLL, tabs', '@paulwalk\tO\nIt\tO\n\t\nEmpire\tB-location\n', 'conll'],
    ['CoNLL-2003, spaces', '-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\nrejects VBZ B-VP O\n', 'conll'],
    ['CSV', 'text,category\nHow do I locate my card?,card_arrival\n', 'csv'],
    ['TSV', 'text\tlabel\nhello there\tgreet\n', 'csv'],
    ['CSV with BOM', '\uFEFFtext,label\nx,y\n', 'csv'],
    ['JSONL with a broken first line', '{"id": "a", "text": \n{"id": "b"}\n', 'jsonl'],
    // the reader then names the broken line, where a CSV reader would talk about a header
    ['CoNLL with one broken line', 'Ann B-PER\nLee I-PER\npaid O\n\nBob B-PER\nLondon,\nsaw O\nit O\n', 'conll'],
    ['CoNLL with a broken first line', 'Ann,Lee\nB O\npaid O\nsaw O\nit O\n', 'conll'],
  ])('%s → %s', (_t, content, format) => {
    expect(detectFormatFromContent(content, 'f')).toBe(format);
  });

  test.each([
    ['empty', '  \n', 'f: cannot tell the format (the file is empty); pass --format (jsonl, csv, conll, labelstudio, doccano, rulechef, tab, restaurant8k, trec, sroie or traffic)'],
    ['plain prose', 'just some words\nand more\n', 'f: cannot tell the format (not JSON, TREC, CoNLL or CSV with a header); pass --format (jsonl, csv, conll, labelstudio, doccano, rulechef, tab, restaurant8k, trec, sroie or traffic)'],
    ['an empty array', '[]', 'f: cannot tell the format (an empty JSON array); pass --format (jsonl, csv, conll, labelstudio, doccano, rulechef, tab, restaurant8k, trec, sroie or traffic)'],
    ['an unknown array', '[{"foo": 1}]', 'f: cannot tell the format (a JSON array whose elements are not Restaurant-8k, Label Studio or RuleChef examples); pass --format (jsonl, csv, conll, labelstudio, doccano, rulechef, tab, restaurant8k, trec, sroie or traffic)'],
    ['a TAB spans file', '{\n"001": [[0, 1, "X"]]\n}', 'f: this looks like a TAB spans file; import the TAB folder, or the texts file with the spans file as its spans'],
  ])('asks for --format when unsure: %s', (_t, content, message) => {
    expect(errorOf(() => detectFormatFromContent(content, 'f'))).toBe(message);
  });
});

describe('detectFormat', () => {
  const tmp = useTempDir('rw-detect-');
  const dir = (name: string, subs: string[]) => {
    const p = tmp.path(name);
    for (const s of subs) mkdirSync(join(p, s), { recursive: true });
    return p;
  };

  test.each([
    ['sroie', ['box', 'key'], 'sroie'],
    ['tab', ['bks', 'anonymizations'], 'tab'],
  ])('a %s folder', (name, subs, format) => {
    expect(detectFormat(dir(name, subs))).toBe(format);
  });

  test('a file is read for its content', () => {
    const f = tmp.path('data.txt');
    writeFileSync(f, 'NUM:dist How far ?\n');
    expect(detectFormat(f)).toBe('trec');
  });

  test.each([
    ['an unknown folder', () => dir('other', ['x']), /other: a folder is read as SROIE \(box\/ and key\/\) or TAB \(bks\/ and anonymizations\/\), and this one has neither; import a file instead$/],
    ['a missing path', () => tmp.path('nope.jsonl'), /nope\.jsonl: no such file or folder; check the path$/],
  ])('rejects %s', (_t, path, message) => {
    expect(errorOf(() => detectFormat(path()))).toMatch(message);
  });
});
