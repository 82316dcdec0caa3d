import { describe, expect, test } from 'vitest';
import { parseSroie, sroieLines } from '../../src/formats/sroie.js';
import { errorOf } from './helpers.js';

const box = '72,25,326,25,326,64,72,64,TAN WOON YANN\r\n110,144,383,144,383,163,110,163,NO.53 55,57 & 59, JALAN SAGU 18,\r\n';
const receipt = (id: string, key: string, b = box) => ({ id, boxName: `box/${id}.csv`, box: b, keyName: `key/${id}.json`, key });

describe('parseSroie', () => {
  test('transcripts split on the first 8 commas; key fields kept as given', () => {
    const d = parseSroie([
      receipt('000', '{"company": "TAN WOON YANN", "date": "25/12/2018", "address": "NO.53", "total": "9.00"}'),
      receipt('001', '{"total": "", "company": "X", "date": "1/1/19"}'),
    ]);
    expect(d.taskType).toBe('transformation');
    expect(d.textField).toBe('text');
    expect(d.labels).toEqual(['address', 'company', 'date', 'total']);
    const lines = ['TAN WOON YANN', 'NO.53 55,57 & 59, JALAN SAGU 18,'];
    expect(d.examples[0]).toEqual({
      id: '000',
      input: { text: lines.join('\n'), lines },
      output: { company: 'TAN WOON YANN', date: '25/12/2018', address: 'NO.53', total: '9.00' },
      split: 'train',
      source: 'gold',
    });
    expect(d.examples[1]?.output).toEqual({ company: 'X', date: '1/1/19', total: '' });
    expect(Object.keys(d.examples[1]?.output ?? {})).toEqual(['company', 'date', 'total']);
  });

  test.each([
    ['a line with too few commas', receipt('002', '{}', '1,2,3,4,5,6,7,8,OK\n1,2,3,NOPE\n'), 'box/002.csv:2: expected 8 box coordinates and a transcript (x1,y1,x2,y2,x3,y3,x4,y4,TEXT), found 3 comma(s); fix the line'],
    ['a key that is not an object', receipt('003', '["x"]'), 'key/003.json:1: expected a JSON object like {"company": "...", "date": "...", "address": "...", "total": "..."}'],
    ['a non-string field', receipt('004', '{"total": 9}'), 'key/004.json:1: field "total" must be a string, not 9'],
    ['broken key JSON', receipt('005', '{\n"total": "9",\n}'), 'key/005.json:3: invalid JSON at line 3, column 1 (unexpected "}"); fix the syntax'],
  ])('rejects %s with FILE:LINE', (_t, r, message) => {
    expect(errorOf(() => parseSroie([r]))).toBe(message);
  });

  test('an empty transcript is kept as an empty line', () => {
    expect(sroieLines('1,2,3,4,5,6,7,8,\n', 'b.csv')).toEqual(['']);
  });
});
