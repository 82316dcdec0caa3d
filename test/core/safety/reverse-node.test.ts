import { expect, test } from 'vitest';
import { emitScreenProxy } from '../../../src/core/regex/python/emit-screen.js';
import { parsePython } from '../../../src/core/regex/python/parse.js';
import { reverseNode } from '../../../src/core/safety/reverse-node.js';

const FLAGS = { i: false, m: false, s: false, x: false, a: false };
const reversed = (pattern: string): string => emitScreenProxy(reverseNode(parsePython(pattern, FLAGS).root)).source;

// [what, pattern, as read backwards]
test.each<[string, string, string]>([
  ['a sequence', 'abc', 'cba'],
  ['a start anchor becomes an end of text', '^(a+)+', '(a+)+$'],
  ['an end anchor becomes a start', 'x$', '^x'],
  ['alternatives keep their order, each reversed', '(?:ab|cd)e', 'e(?:ba|dc)'],
  ['a repeat keeps its count', '(?:ab){2,3}', '(?:ba){2,3}'],
  // read backwards, the word's end is where it starts: `\M` becomes `\m` (proxy: `\b(?=\w)`) at the front
  ['word-start and word-end boundaries swap', '\\mfoo\\M', '\\b(?=\\w)oof\\b(?<=\\w)'],
  ['a lookaround inside keeps its direction', 'a(?=bc)d', 'd(?=bc)a'],
])('%s', (_what, pattern, back) => {
  expect(reversed(pattern)).toBe(back);
});
