import { describe, expect, test } from 'vitest';
import type { Flags, Node } from '../../../../src/core/regex/python/ast.js';
import { parsePython } from '../../../../src/core/regex/python/parse.js';
import { children, visit } from '../../../../src/core/regex/python/walk.js';

const NO_FLAGS: Flags = { i: false, m: false, s: false, x: false, a: false };
const root = (pattern: string): Node => parsePython(pattern, NO_FLAGS).root;

/** A node as a short label: its type, and the character for a literal. */
const label = (n: Node): string => (n.type === 'char' ? String.fromCodePoint(n.cp) : n.type);

describe('children', () => {
  test.each([
    ['ab', 'seq', ['a', 'b']],
    ['a|b', 'alt', ['a', 'b']],
    ['(a)', 'group', ['a']],
    ['(?=a)', 'look', ['a']],
    ['a+', 'repeat', ['a']],
    ['a', 'char', []],
    ['[ab]', 'set', []],
    ['^', 'anchor', []],
    ['\\b', 'boundary', []],
  ])('%s: a %s node has %j below it', (pattern, type, below) => {
    const node = root(pattern);
    expect(node.type).toBe(type);
    expect(children(node).map(label)).toEqual(below);
  });
});

describe('visit', () => {
  test('visits parents before children, in pattern order, with each parent', () => {
    const seen: string[] = [];
    visit(root('a(b|c)+(?<=d)'), (n, parent) => void seen.push(`${label(n)}<${parent ? label(parent) : 'root'}`));
    expect(seen).toEqual(['seq<root', 'a<seq', 'repeat<seq', 'group<repeat', 'alt<group', 'b<alt', 'c<alt', 'look<seq', 'd<look']);
  });

  test('returning false skips what is below a node, and only that', () => {
    const seen: string[] = [];
    visit(root('(?=ab)c'), (n) => {
      seen.push(label(n));
      return n.type !== 'look';
    });
    expect(seen).toEqual(['seq', 'look', 'c']);
  });
});
