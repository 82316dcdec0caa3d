import type { Node, SetItem } from './ast.js';
import { caseVariants } from './case-fold.js';

/** Python `regex`'s Unicode `\w`, as the members of a JavaScript `u`-mode class. */
export const WORD_ITEMS = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}';
export const ASCII_WORD_ITEMS = 'A-Za-z0-9_';

let word: RegExp | undefined;
/** Built on first use: its Unicode class costs V8 milliseconds to build. */
const unicodeWord = (): RegExp => (word ??= new RegExp(`^[${WORD_ITEMS}]$`, 'u'));
const ASCII_WORD = /^[A-Za-z0-9_]$/;

/** What the characters at one side of a position are, as far as `\b` is concerned. */
export type WordClass = 'word' | 'nonword' | 'unknown';

/** `none`: the node consumes nothing (an assertion), so it says nothing about the neighbour. */
type Acc = WordClass | 'none';

const join = (a: Acc, b: Acc): Acc => (a === 'none' ? b : b === 'none' ? a : a === b ? a : 'unknown');

const WORD_PROPS = new Set(['L', 'Lu', 'Ll', 'Lt', 'LC', 'Lm', 'Lo', 'M', 'Mn', 'Mc', 'Me', 'Nd', 'Nl', 'Pc', 'Alphabetic', 'Join_Control']);
const NONWORD_PROPS = new Set(['Zs', 'Zl', 'Zp', 'Z', 'White_Space', 'Cc']);

/** `charClass` answers by (code point, flags): long patterns ask about the same letters again and again. */
const charClasses = new Map<number, WordClass>();

function charClass(cp: number, ci: boolean, ascii: boolean): WordClass {
  const key = cp * 4 + (ci ? 2 : 0) + (ascii ? 1 : 0);
  let cls = charClasses.get(key);
  if (cls === undefined) charClasses.set(key, (cls = computeCharClass(cp, ci, ascii)));
  return cls;
}

function computeCharClass(cp: number, ci: boolean, ascii: boolean): WordClass {
  const variants = ci ? caseVariants(cp, ascii) : [cp];
  let acc: Acc = 'none';
  // Unicode `\w` holds exactly the ASCII word characters among ASCII, so ASCII needs no Unicode class.
  for (const v of variants) {
    const test = ascii || v < 0x80 ? ASCII_WORD : unicodeWord();
    acc = join(acc, test.test(String.fromCodePoint(v)) ? 'word' : 'nonword');
  }
  return acc === 'none' ? 'unknown' : acc;
}

function itemClass(item: SetItem, ci: boolean, ascii: boolean): WordClass {
  switch (item.kind) {
    case 'char':
      return charClass(item.cp, ci, ascii);
    case 'range': {
      if (item.hi - item.lo > 512) return 'unknown';
      let acc: Acc = 'none';
      for (let cp = item.lo; cp <= item.hi && acc !== 'unknown'; cp++) acc = join(acc, charClass(cp, ci, ascii));
      return acc === 'none' ? 'unknown' : acc;
    }
    case 'shorthand':
      return item.name === 'w' || item.name === 'd' ? 'word' : item.name === 's' || item.name === 'W' ? 'nonword' : 'unknown';
    case 'prop':
      if (ascii || item.negated) return 'unknown';
      return WORD_PROPS.has(item.js) ? 'word' : NONWORD_PROPS.has(item.js) ? 'nonword' : 'unknown';
  }
}

function setClass(node: Extract<Node, { type: 'set' }>): WordClass {
  if (node.negated) {
    if (node.items.some((i) => i.kind === 'shorthand' && i.name === 'w')) return 'nonword';
    if (node.items.some((i) => i.kind === 'shorthand' && i.name === 'W')) return 'word';
    return 'unknown';
  }
  let acc: Acc = 'none';
  for (const item of node.items) {
    acc = join(acc, itemClass(item, node.ci, node.ascii));
    if (acc === 'unknown') return acc;
  }
  return acc === 'none' ? 'unknown' : acc;
}

/** Whether a node can match the empty string. */
export function nullable(node: Node): boolean {
  switch (node.type) {
    case 'seq':
      return node.items.every(nullable);
    case 'alt':
      return node.alts.some(nullable);
    case 'char':
    case 'set':
    case 'dot':
      return false;
    case 'group':
      return nullable(node.body);
    case 'repeat':
      return node.min === 0 || nullable(node.body);
    default:
      return true;
  }
}

type Edge = { cls: Acc; empty: boolean };

/** Edges of alternations, which every boundary beside one asks for again (nodes never change). */
const altEdges = { first: new WeakMap<Node, Edge>(), last: new WeakMap<Node, Edge>() };

/** The class of the first (`side` = 'first') or last character a node consumes, and whether it may consume none. */
function edge(node: Node, side: 'first' | 'last'): Edge {
  if (node.type !== 'alt') return edgeOf(node, side);
  let e = altEdges[side].get(node);
  if (!e) altEdges[side].set(node, (e = edgeOf(node, side)));
  return e;
}

function edgeOf(node: Node, side: 'first' | 'last'): Edge {
  switch (node.type) {
    case 'char':
      return { cls: charClass(node.cp, node.ci, node.ascii), empty: false };
    case 'set':
      return { cls: setClass(node), empty: false };
    case 'dot':
      return { cls: 'unknown', empty: false };
    case 'seq':
      return scan(node.items, side === 'first' ? 0 : node.items.length - 1, side === 'first' ? 1 : -1, side);
    case 'alt': {
      let cls: Acc = 'none';
      let empty = false;
      for (const a of node.alts) {
        const e = edge(a, side);
        cls = join(cls, e.cls);
        empty ||= e.empty;
      }
      return { cls, empty };
    }
    case 'group':
      return edge(node.body, side);
    case 'repeat': {
      if (node.max === 0) return { cls: 'none', empty: true };
      const e = edge(node.body, side);
      return { cls: e.cls, empty: e.empty || node.min === 0 };
    }
    case 'backref':
      return { cls: 'unknown', empty: true };
    default:
      return { cls: 'none', empty: true };
  }
}

function scan(items: readonly Node[], from: number, step: 1 | -1, side: 'first' | 'last'): { cls: Acc; empty: boolean } {
  let cls: Acc = 'none';
  for (let k = from; k >= 0 && k < items.length; k += step) {
    const e = edge(items[k]!, side);
    cls = join(cls, e.cls);
    if (!e.empty) return { cls, empty: false };
  }
  return { cls, empty: true };
}

/**
 * What is on each side of position `k` in a sequence, when the sequence itself decides it: the
 * last character before `items[k]` and the first after it. Anything that depends on text outside
 * the sequence is `unknown`.
 */
export function neighbours(items: readonly Node[], k: number): { prev: WordClass; next: WordClass } {
  const before = scan(items, k - 1, -1, 'last');
  const after = scan(items, k + 1, 1, 'first');
  const known = (e: { cls: Acc; empty: boolean }): WordClass => (e.empty || e.cls === 'none' ? 'unknown' : e.cls);
  return { prev: known(before), next: known(after) };
}
