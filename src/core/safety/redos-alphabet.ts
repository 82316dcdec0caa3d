import type { Node } from '../regex/python/ast.js';
import { caseVariants } from '../regex/python/case-fold.js';
import { Emitter } from '../regex/python/emit.js';
import { ASCII_WORD_ITEMS, WORD_ITEMS } from '../regex/python/word.js';
import { remember } from '../remember.js';

/** A node that consumes one code point. */
export type AtomNode = Extract<Node, { type: 'char' | 'set' | 'dot' }>;

/**
 * Code points that stand for everything outside Latin-1 when deciding whether two of a pattern's
 * atoms overlap: letters of several scripts and cases (incl. title case and the Turkish and long-s
 * case oddities), marks, digits of other scripts, connector punctuation, join controls, Unicode
 * spaces and line separators, symbols, an emoji, a private-use and an unassigned code point.
 * Two Unicode properties whose only common members lie elsewhere look disjoint to the screen.
 */
const SAMPLES = [
  0x100, 0x101, 0x130, 0x131, 0x17f, 0x1c5, 0x1c6, 0x212a, 0x2126, 0x391, 0x3b1, 0x3c2, 0x3a3, 0x410, 0x436, 0x5d0, 0x627, 0x660,
  0x669, 0x6f0, 0x905, 0x966, 0x300, 0x301, 0x20d7, 0x903, 0x488, 0x2d0, 0x3005, 0x3042, 0x30a2, 0x4e2d, 0xac00, 0xff21, 0xff41,
  0xff10, 0x2160, 0x2070, 0xbd, 0x203f, 0x2040, 0xfe4f, 0xff3f, 0x200c, 0x200d, 0x200b, 0x1680, 0x2000, 0x2007, 0x200a, 0x2028,
  0x2029, 0x202f, 0x205f, 0x3000, 0xfeff, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x20ac, 0x2190, 0x2200,
  0x2603, 0x1f600, 0x1f389, 0xe000, 0xfffd, 0x10400, 0x10428, 0x1d400, 0x1d7ce, 0xe0001, 0x378,
];

const BASE: readonly number[] = (() => {
  const out: number[] = [];
  // Printable ASCII first, so that attack strings prefer readable representatives.
  for (let cp = 0x20; cp < 0x7f; cp++) out.push(cp);
  for (let cp = 0; cp < 0x20; cp++) out.push(cp);
  for (let cp = 0x7f; cp <= 0xff; cp++) out.push(cp);
  return [...out, ...SAMPLES];
})();

const UNICODE_WORD = new RegExp(`^[${WORD_ITEMS}]$`, 'u');
const ASCII_WORD = new RegExp(`^[${ASCII_WORD_ITEMS}]$`, 'u');

/** Membership tests of atoms, by the source the faithful emitter gives them. */
const testers = new Map<string, RegExp>();
const TESTER_LIMIT = 4000;

/** A membership test of one atom (a code point as a string), shared with the step-counting matcher. */
export function tester(atom: AtomNode): RegExp {
  const src = atom.type === 'dot' ? (atom.dotall ? '[^]' : '[^\\n]') : new Emitter().emit(atom);
  return testers.get(src) ?? remember(testers, src, new RegExp(`^(?:${src})$`, 'u'), TESTER_LIMIT);
}

/**
 * The pattern's alphabet cut into classes of code points that every atom (and `\w`, for `\b`)
 * treats alike, over a finite universe: Latin-1, the samples above, and the code points the
 * pattern names (literals with their case variants, range ends). `atoms[k]` is the set of classes
 * atom k matches as a bit mask (one bigint), `word` the classes of word characters.
 */
export interface Alphabet {
  readonly classCount: number;
  /** One code point of each class (for attack strings). */
  readonly representative: readonly number[];
  readonly word: bigint;
  readonly atoms: readonly bigint[];
}

/** Builds the alphabet of a pattern's atoms; `asciiWord`: `\b` means the ASCII word boundary. */
export function buildAlphabet(atoms: readonly AtomNode[], asciiWord: boolean): Alphabet {
  const extra = new Set<number>();
  const add = (cp: number, ci: boolean, ascii: boolean): void => {
    for (const v of ci ? caseVariants(cp, ascii) : [cp]) if (v > 0xff) extra.add(v);
  };
  for (const a of atoms) {
    if (a.type === 'char') add(a.cp, a.ci, a.ascii);
    else if (a.type === 'set') {
      for (const item of a.items) {
        if (item.kind === 'char') add(item.cp, a.ci, a.ascii);
        else if (item.kind === 'range') {
          for (const cp of [item.lo, item.hi, item.lo - 1, item.hi + 1]) if (cp >= 0 && cp <= 0x10ffff) add(cp, a.ci, a.ascii);
        }
      }
    }
  }
  const universe = [...BASE, ...[...extra].filter((cp) => !(cp >= 0xd800 && cp <= 0xdfff))];
  // Atoms that emit the same source share one test (large alternations repeat `[Ss]` and the like
  // hundreds of times): the classes are the same, computed once per distinct test.
  const tests: RegExp[] = [];
  const columnOf = new Map<RegExp, number>();
  const column = atoms.map((a) => {
    const t = tester(a);
    let j = columnOf.get(t);
    if (j === undefined) columnOf.set(t, (j = tests.push(t) - 1));
    return j;
  });
  const wordTest = asciiWord ? ASCII_WORD : UNICODE_WORD;
  const classOf = new Map<string, number>();
  const representative: number[] = [];
  for (const cp of universe) {
    const ch = String.fromCodePoint(cp);
    let sig = wordTest.test(ch) ? '1' : '0';
    for (const t of tests) sig += t.test(ch) ? '1' : '0';
    if (!classOf.has(sig)) {
      classOf.set(sig, representative.length);
      representative.push(cp);
    }
  }
  const bits = (pick: (sig: string) => boolean): bigint => {
    let m = 0n;
    for (const [sig, k] of classOf) if (pick(sig)) m |= 1n << BigInt(k);
    return m;
  };
  const testBits = tests.map((_, j) => bits((s) => s[j + 1] === '1'));
  return {
    classCount: representative.length,
    representative,
    word: bits((s) => s[0] === '1'),
    atoms: column.map((j) => testBits[j]!),
  };
}
