import { describe, expect, test } from 'vitest';
import { decodeUtf8, firstInvalidUtf8, shellQuote, utf8Name } from '../../src/formats/decode-text.js';
import { errorOf } from './helpers.js';

const bytes = (...parts: (string | number[])[]): Buffer => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
const utf16 = (s: string, le: boolean): Buffer => {
  const b = Buffer.from(s, 'utf16le');
  return le ? b : b.swap16();
};

describe('decodeUtf8', () => {
  test('valid UTF-8 (with multi-byte characters) decodes unchanged', () => {
    expect(decodeUtf8(Buffer.from('{"text": "café 😀 ü"}\n'), 'x.jsonl')).toBe('{"text": "café 😀 ü"}\n');
  });

  test.each([
    ['a Latin-1 é', bytes('ok\n', 'caf', [0xe9], '\n'), 'x.jsonl:2: invalid UTF-8 at byte offset 6 (byte 0xE9, byte 4 of the line)'],
    ['a lone continuation byte', bytes('ab', [0x80]), 'x.jsonl:1: invalid UTF-8 at byte offset 2 (byte 0x80'],
    ['a truncated sequence at the end', bytes('ab', [0xe2, 0x82]), 'x.jsonl:1: invalid UTF-8 at byte offset 2 (byte 0xE2'],
    ['an overlong encoding', bytes([0xc0, 0xaf]), 'invalid UTF-8 at byte offset 0 (byte 0xC0'],
    ['an encoded surrogate', bytes('x\n\n', [0xed, 0xa0, 0x80]), 'x.jsonl:3: invalid UTF-8 at byte offset 3 (byte 0xED'],
  ])('refuses %s with the line and byte offset, never a U+FFFD', (_what, buf, message) => {
    const m = errorOf(() => decodeUtf8(buf, 'x.jsonl'));
    expect(m).toContain(message);
    expect(m).toContain('`iconv -f WINDOWS-1252 -t UTF-8 x.jsonl > x.utf8.jsonl`');
  });

  test.each([
    ['little-endian with a byte-order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16('{"id": "a"}\n', true)]), 'little-endian, with a byte-order mark', 'UTF-16'],
    ['big-endian with a byte-order mark', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16('{"id": "a"}\n', false)]), 'big-endian, with a byte-order mark', 'UTF-16'],
    ['little-endian without a byte-order mark', utf16('text,label\nhello,x\n', true), 'little-endian, without a byte-order mark', 'UTF-16LE'],
    ['big-endian without a byte-order mark', utf16('text,label\nhello,x\n', false), 'big-endian, without a byte-order mark', 'UTF-16BE'],
  ])('refuses UTF-16 %s and says to save it as UTF-8', (_what, buf, how, from) => {
    expect(errorOf(() => decodeUtf8(buf, 'd.csv'))).toBe(
      `d.csv: the file is UTF-16 (${how}), not UTF-8: save it as UTF-8, e.g. \`iconv -f ${from} -t UTF-8 d.csv > d.utf8.csv\`, and import that`,
    );
  });

  test('refuses a binary file at its first NUL byte', () => {
    expect(errorOf(() => decodeUtf8(bytes('PK', [3, 4, 9, 0, 0]), 'x.zip'))).toBe(
      'x.zip:1: this is a binary file (a NUL byte at byte offset 5), not a text dataset: import a JSONL, JSON, CSV, CoNLL or TREC file',
    );
  });

  test('says an empty file is empty', () => {
    expect(errorOf(() => decodeUtf8(Buffer.alloc(0), 'x.jsonl'))).toMatch(/^x\.jsonl: the file is empty \(0 bytes\)/);
  });

  test('firstInvalidUtf8 finds the first bad byte after valid multi-byte characters', () => {
    expect(firstInvalidUtf8(bytes('é😀', [0xff]))).toBe(6);
  });

  test.each([
    ['data.jsonl', 'data.jsonl', 'data.utf8.jsonl'],
    ["my file's.csv", "'my file'\\''s.csv'", "my file's.utf8.csv"],
    ['dir/noext', 'dir/noext', 'dir/noext.utf8'],
  ])('a suggested command quotes %j and names the converted copy', (path, quoted, out) => {
    expect([shellQuote(path), utf8Name(path)]).toEqual([quoted, out]);
  });
});
