import type { Node, SetItem } from './ast.js';
import { allCaseChars, caseCharsIn, caseVariants } from './case-fold.js';
import { asciiOnly, withAsciiFastPath, worthFastPath } from './ascii-fast.js';
import { classLiteral, complementRanges, literal } from './chars.js';
import { unsupported } from './errors.js';
import { ASCII_WORD_ITEMS, neighbours, WORD_ITEMS, type WordClass } from './word.js';

const ASCII_WORD: readonly (readonly [number, number])[] = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
const ASCII_DIGIT: readonly (readonly [number, number])[] = [[0x30, 0x39]];
const ASCII_SPACE: readonly (readonly [number, number])[] = [[0x09, 0x0d], [0x20, 0x20]];

/** Members of a JavaScript class: `pos` are plain members, each `compl` entry stands for "not [compl]". */
interface Members {
  pos: string[];
  compl: string[];
}

const propertyExtras = new Map<string, number[]>();
/** `Emitter.char` under IGNORECASE by code point (`-1 - cp` with the ASCII flag); bounded by the case table's size. */
const caseInsensitiveChars = new Map<number, string>();

/** Code points outside a property that case-insensitively match one of its members. */
function closureExtras(js: string): number[] {
  const key = `p{${js}}`;
  let extras = propertyExtras.get(key);
  if (!extras) {
    const re = new RegExp(`^\\${key}$`, 'u');
    const inProp = (cp: number): boolean => re.test(String.fromCodePoint(cp));
    const found = new Set<number>();
    for (const cp of allCaseChars()) {
      if (!inProp(cp)) continue;
      for (const v of caseVariants(cp, false)) if (!inProp(v)) found.add(v);
    }
    extras = [...found].sort((a, b) => a - b);
    propertyExtras.set(key, extras);
  }
  return extras;
}

/** Emits the JavaScript source of a translated pattern and numbers its groups. */
export class Emitter {
  /** JavaScript group number of each user group (index 0 = whole match). */
  readonly groupIndex: number[] = [0];
  private jsGroups: number;
  /** Inside a lookbehind (matched right to left by V8): decides where fast-path guards go. */
  private backward = false;
  /** ASCII-text source: whether a class holding a property was narrowed (else it equals the faithful one). */
  narrowed = false;

  /**
   * `base`: groups the caller puts before this source. `asciiText`: the source will only ever run
   * on texts with no character above U+007F, so each class holding a Unicode property is written
   * as its ASCII members (same matches there, a fraction of the compile cost); groups, errors and
   * structure are those of the faithful source.
   */
  constructor(
    private readonly base = 0,
    private readonly asciiText = false,
  ) {
    this.jsGroups = base;
  }

  emit(node: Node): string {
    switch (node.type) {
      case 'seq':
        return node.items.map((item, k) => (item.type === 'boundary' ? this.boundary(item, neighbours(node.items, k)) : this.emit(item))).join('');
      case 'alt':
        return node.alts.map((a) => this.emit(a)).join('|');
      case 'char':
        return this.char(node.cp, node.ci, node.ascii);
      case 'set':
        return this.set(node);
      case 'dot':
        return node.dotall ? '[^]' : '[^\\n]';
      case 'anchor':
        return { start: '^', textStart: '^', textEnd: '$', end: '(?=\\n?$)', lineStart: '(?<![^\\n])', lineEnd: '(?![^\\n])' }[node.kind];
      case 'boundary':
        return this.boundary(node, { prev: 'unknown', next: 'unknown' });
      case 'group':
        return this.group(node);
      case 'look': {
        const outer = this.backward;
        this.backward = node.behind;
        const body = this.emit(node.body);
        this.backward = outer;
        return `(?${node.behind ? '<' : ''}${node.negated ? '!' : '='}${body})`;
      }
      case 'repeat':
        return this.repeat(node);
      case 'backref':
        return `(?:\\${this.groupIndex[node.group]})`;
    }
  }

  private char(cp: number, ci: boolean, ascii: boolean): string {
    if (!ci) return literal(cp);
    // Case-insensitive literals are most of a long pattern: each spelling is worked out once.
    const key = ascii ? -1 - cp : cp;
    let src = caseInsensitiveChars.get(key);
    if (src === undefined) {
      const variants = caseVariants(cp, ascii);
      src = variants.length === 1 ? literal(cp) : `[${variants.map(classLiteral).join('')}]`;
      caseInsensitiveChars.set(key, src);
    }
    return src;
  }

  private group(node: Extract<Node, { type: 'group' }>): string {
    if (node.atomic) return this.atomic((g) => g, node.body);
    if (node.capture === null) return `(?:${this.emit(node.body)})`;
    const js = ++this.jsGroups;
    this.groupIndex[node.capture] = js;
    return `(${node.name ? `?<${node.name}>` : ''}${this.emit(node.body)})`;
  }

  /** `(?>X)` as `(?=(X))\N`: a lookahead is never re-entered, and the reference consumes what it matched. */
  private atomic(wrap: (inner: string) => string, body: Node): string {
    const hidden = ++this.jsGroups;
    const inner = this.emit(body);
    return `(?:(?=(${wrap(inner)}))\\${hidden})`;
  }

  private repeat(node: Extract<Node, { type: 'repeat' }>): string {
    const { min, max } = node;
    const q =
      min === 0 && max === Infinity ? '*' : min === 1 && max === Infinity ? '+' : min === 0 && max === 1 ? '?' : min === max ? `{${min}}` : max === Infinity ? `{${min},}` : `{${min},${max}}`;
    const quantify = (inner: string): string => `${this.atom(node.body, inner)}${q}${node.greedy ? '' : '?'}`;
    if (node.possessive) return this.atomic(quantify, node.body);
    return quantify(this.emit(node.body));
  }

  /** Wraps emitted source in a group unless it already is one quantifiable atom (u-mode cannot quantify assertions). */
  private atom(node: Node, src: string): string {
    const quantifiable = node.type === 'char' || node.type === 'set' || node.type === 'dot' || node.type === 'group' || node.type === 'backref';
    return quantifiable ? src : `(?:${src})`;
  }

  private boundary(node: Extract<Node, { type: 'boundary' }>, side: { prev: WordClass; next: WordClass }): string {
    const W = `[${node.ascii ? ASCII_WORD_ITEMS : WORD_ITEMS}]`;
    const fast = (backward: boolean): string => {
      if (node.ascii) return W;
      if (!this.asciiText) return withAsciiFastPath(W, backward);
      this.narrowed = true;
      return asciiOnly(W);
    };
    const holds = (p: boolean, n: boolean): boolean =>
      node.kind === 'b' ? p !== n : node.kind === 'B' ? p === n : node.kind === 'm' ? !p && n : p && !n;
    const before = (w: boolean): string => (w ? `(?<=${fast(true)})` : `(?<!${fast(true)})`);
    const after = (w: boolean): string => (w ? `(?=${fast(false)})` : `(?!${fast(false)})`);
    const known = (c: WordClass): boolean | undefined => (c === 'word' ? true : c === 'nonword' ? false : undefined);
    const p = known(side.prev);
    const n = known(side.next);
    const choose = (ok: boolean[], render: (w: boolean) => string): string =>
      ok[0] && ok[1] ? '' : ok[1] ? render(true) : ok[0] ? render(false) : '(?!)';
    if (p !== undefined && n !== undefined) return holds(p, n) ? '' : '(?!)';
    if (p !== undefined) return choose([holds(p, false), holds(p, true)], after);
    if (n !== undefined) return choose([holds(false, n), holds(true, n)], before);
    const alts = [true, false].flatMap((pw) => [true, false].filter((nw) => holds(pw, nw)).map((nw) => before(pw) + after(nw)));
    return alts.length === 1 ? alts[0]! : `(?:${alts.join('|')})`;
  }

  private set(node: Extract<Node, { type: 'set' }>): string {
    const expr = this.setExpression(node);
    if (this.asciiText) {
      const narrow = asciiOnly(expr);
      if (narrow !== expr) this.narrowed = true;
      return narrow;
    }
    return worthFastPath(expr) ? withAsciiFastPath(expr, this.backward) : expr;
  }

  private setExpression(node: Extract<Node, { type: 'set' }>): string {
    const m: Members = { pos: [], compl: [] };
    for (const item of node.items) this.member(item, node, m);
    const body = m.pos.join('');
    if (m.compl.length === 0) return `[${node.negated ? '^' : ''}${body}]`;
    if (!node.negated) {
      const alts = [...(body ? [`[${body}]`] : []), ...m.compl.map((c) => `[^${c}]`)];
      return `(?:${alts.join('|')})`;
    }
    const last = m.compl[m.compl.length - 1]!;
    const guards = (body ? `(?![${body}])` : '') + m.compl.slice(0, -1).map((c) => `(?=[${c}])`).join('');
    return `(?:${guards}[${last}])`;
  }

  private member(item: SetItem, node: Extract<Node, { type: 'set' }>, m: Members): void {
    const { ci, ascii } = node;
    switch (item.kind) {
      case 'char':
        for (const v of ci ? caseVariants(item.cp, ascii) : [item.cp]) m.pos.push(classLiteral(v));
        return;
      case 'range':
        m.pos.push(`${classLiteral(item.lo)}-${classLiteral(item.hi)}`);
        if (ci) {
          for (const cp of caseCharsIn(item.lo, item.hi, ascii)) {
            for (const v of caseVariants(cp, ascii)) if (v < item.lo || v > item.hi) m.pos.push(classLiteral(v));
          }
        }
        return;
      case 'shorthand':
        this.shorthand(item.name, ascii, m);
        return;
      case 'prop': {
        if (ascii) {
          throw unsupported(`\\p{${item.js}} with the ASCII flag`, node.offset, 'drop (?a) or use an explicit ASCII range');
        }
        const { js } = item;
        if (ci && (js === 'Uppercase' || js === 'Lowercase')) {
          throw unsupported(`\\p{${js}} under case-insensitive matching`, node.offset, 'use \\p{Cased} or drop (?i)');
        }
        if (ci && node.bare && (js === 'Lu' || js === 'Ll' || js === 'Lt' || closureExtras(js).length > 0)) {
          // Alone, Python's regex gives such a property a meaning that depends on the surrounding
          // pattern (its optimiser merges it into sets and adds first-character prechecks).
          throw unsupported(
            `\\${item.negated ? 'P' : 'p'}{${js}} on its own under case-insensitive matching`,
            node.offset,
            `Python's regex matches different characters with it depending on the surrounding pattern; write (?-i:\\p{${js}}) for exactly the property, or put it in a set with another member, e.g. [\\p{${js}}0-9]`,
          );
        }
        if (!ci || node.bare) {
          m.pos.push(`\\${item.negated ? 'P' : 'p'}{${js}}`);
          return;
        }
        // Inside a larger set Python asks whether any case variant has the property, then negates.
        const closed = `\\p{${js}}${closureExtras(js).map(classLiteral).join('')}`;
        if (item.negated) m.compl.push(closed);
        else m.pos.push(closed);
        return;
      }
    }
  }

  private shorthand(name: string, ascii: boolean, m: Members): void {
    if (!ascii) {
      const unicode: Record<string, [keyof Members, string]> = {
        w: ['pos', WORD_ITEMS],
        W: ['compl', WORD_ITEMS],
        d: ['pos', '\\p{Nd}'],
        D: ['pos', '\\P{Nd}'],
        s: ['pos', '\\p{White_Space}'],
        S: ['pos', '\\P{White_Space}'],
      };
      const [where, src] = unicode[name]!;
      m[where].push(src);
      return;
    }
    const ranges = name.toLowerCase() === 'w' ? ASCII_WORD : name.toLowerCase() === 'd' ? ASCII_DIGIT : ASCII_SPACE;
    const plain = ranges.map(([lo, hi]) => (lo === hi ? classLiteral(lo) : `${classLiteral(lo)}-${classLiteral(hi)}`)).join('');
    m.pos.push(name === name.toLowerCase() ? plain : complementRanges(ranges));
  }

  /** Number of groups in the emitted source, hidden ones included. */
  get totalGroups(): number {
    return this.jsGroups - this.base;
  }
}
