import { closeSync, openSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { InputStream, MAX_LINE_BYTES, peekStream } from '../../src/formats/stream-input.js';
import { useTempDir } from '../helpers/temp.js';
import { errorOf } from './helpers.js';

/**
 * A stream read through a descriptor: here a regular file's, which reads as a pipe does (the
 * binary tests in test/cli/import-streams.test.ts feed real pipes and FIFOs).
 */
describe('InputStream', () => {
  const tmp = useTempDir('rw-stream-');
  const withStream = <T>(content: string | Buffer, fn: (s: InputStream) => T): T => {
    const p = tmp.path('in');
    writeFileSync(p, content);
    const fd = openSync(p, 'r');
    try {
      return fn(InputStream.open('-', fd));
    } finally {
      closeSync(fd);
    }
  };

  test('lines keep their numbers and text across chunk boundaries', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i} ${'é'.repeat(i % 13)}`);
    const read = withStream(lines.join('\n'), (s) => {
      const { head } = s.peek(true);
      return [...s.lines(head)];
    });
    expect(read.map((l) => l.text)).toEqual(lines);
    expect(read.at(-1)!.line).toBe(40_000);
  });

  test.each([
    ['a line longer than the bound', Buffer.from(`ok\n${'x'.repeat(MAX_LINE_BYTES + 1)}\n`), 'stdin:2: line longer than 16777216 bytes (16 MiB)'],
    ['a NUL byte past the start', Buffer.concat([Buffer.from(`${'ok\n'.repeat(200_000)}a`), Buffer.from([0]), Buffer.from('\n')]), 'stdin:200001: this is a binary file (a NUL byte at byte offset 600001)'],
    ['invalid UTF-8 past the start', Buffer.concat([Buffer.from('ok\n'.repeat(200_000)), Buffer.from([0x61, 0xe9, 0x0a])]), 'stdin:200001: invalid UTF-8 at byte offset 600001 (byte 0xE9, byte 2 of the line)'],
  ])('%s stops the lines at its line', (_what, content, message) => {
    expect(errorOf(() => withStream(content, (s) => [...s.lines(s.peek(true).head)]))).toContain(message);
  });

  test.each([
    ['empty input', '', 'stdin: the input is empty (0 bytes)'],
    ['UTF-16 without a byte-order mark', Buffer.from('{"id": "a", "text": "x"}\n'.repeat(4), 'utf16le'), 'stdin: the input is UTF-16 (little-endian, without a byte-order mark), not UTF-8: convert it on its way in: pipe it into `iconv -f UTF-16LE -t UTF-8 | rulewright import -` instead'],
    ['zeros', Buffer.alloc(4096), 'stdin:1: this is a binary file (a NUL byte at byte offset 0)'],
  ])('the start refuses %s before anything is read further', (_what, content, message) => {
    expect(errorOf(() => withStream(content, (s) => s.peek(false)))).toContain(message);
  });

  test('a FIFO path names itself in messages and its conversion hint', () => {
    const p = tmp.path('u16.jsonl');
    writeFileSync(p, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"id": "a"}\n', 'utf16le')]));
    // a regular file stands in for the FIFO: what is checked is the wording for a named stream
    const s = InputStream.open(p);
    try {
      expect(errorOf(() => s.peek(false))).toContain(`convert it on its way in, e.g. \`iconv -f UTF-16 -t UTF-8 ${p} | rulewright import -\``);
    } finally {
      s.close();
    }
    expect(errorOf(() => peekStream(tmp.path('none'), false))).toMatch(/none: cannot read it \(ENOENT/);
  });
});
