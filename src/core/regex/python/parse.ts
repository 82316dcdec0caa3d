import type { Flags, Node, ParsedPattern, SetItem } from './ast.js';
import { Cursor, isVerboseSpace } from './cursor.js';
import { invalid, unsupported } from './errors.js';
import { readEscape, readSetEscape } from './parse-escape.js';

const FLAG_LETTERS = /^[abefiLmprsuwx]|^V[01]/;

interface Quantifier {
  min: number;
  max: number;
}

/** Parses a Python `regex` (version 0) pattern. Throws INVALID_RULE for errors and unsupported constructs. */
export function parsePython(src: string, flags: Flags): ParsedPattern {
  return new Parser(src, flags).parse();
}

class Parser {
  private readonly cur: Cursor;
  private groupCount = 0;
  private readonly groupNames: (string | undefined)[] = [undefined];
  private readonly names = new Map<string, number>();
  private readonly closed = new Set<number>();
  private readonly pendingRefs: { group: number | string; offset: number }[] = [];
  private usedIgnoreCase = false;
  private usedFullCase = -1;
  private usedUnicodeFlag = -1;
  private usedAsciiFlag = -1;
  /** True while only flag directives and ignorable text have been read at the top level. */
  private atPatternStart = true;

  constructor(src: string, flags: Flags) {
    this.cur = new Cursor(src, flags);
    this.usedIgnoreCase = flags.i;
  }

  parse(): ParsedPattern {
    const root = this.alternation();
    if (!this.cur.atEnd) throw invalid('unbalanced parenthesis', this.cur.pos);
    for (const ref of this.pendingRefs) {
      const n = typeof ref.group === 'number' ? ref.group : this.names.get(ref.group);
      if (n === undefined) throw invalid(`unknown group name '${String(ref.group)}'`, ref.offset);
      if (n > this.groupCount) throw invalid('invalid group reference', ref.offset);
      throw unsupported(
        `reference to group ${String(ref.group)} before the group is closed`,
        ref.offset,
        'put the group before the reference (JavaScript matches a forward reference as empty; Python fails it)',
      );
    }
    if (this.usedFullCase >= 0 && this.usedIgnoreCase) {
      throw unsupported('FULLCASE flag (?f) with IGNORECASE', this.usedFullCase, 'drop (?f): full case folding (ß = ss) has no JavaScript equivalent');
    }
    if (this.usedAsciiFlag >= 0 && this.usedUnicodeFlag >= 0) {
      throw invalid('ASCII, LOCALE and UNICODE flags are mutually incompatible', this.usedAsciiFlag);
    }
    return { root, groupCount: this.groupCount, groupNames: this.groupNames };
  }

  private alternation(): Node {
    const alts = [this.sequence()];
    while (this.cur.eat('|')) {
      this.atPatternStart = false;
      alts.push(this.sequence());
    }
    return alts.length === 1 ? alts[0]! : { type: 'alt', alts };
  }

  private sequence(): Node {
    const items: Node[] = [];
    for (;;) {
      this.cur.skipIgnorable();
      const c = this.cur.peekChar();
      if (c === '' || c === '|' || c === ')') break;
      const start = this.cur.pos;
      const atom = this.atom();
      if (atom) this.atPatternStart = false;
      this.cur.skipIgnorable();
      const q = this.quantifier();
      if (!atom) {
        if (q) throw unsupported('a quantifier after an inline flag group', start, 'move the quantifier onto an atom');
        continue;
      }
      if (!q) {
        items.push(atom);
        continue;
      }
      let greedy = true;
      let possessive = false;
      this.cur.skipIgnorable();
      if (this.cur.eat('?')) greedy = false;
      else if (this.cur.eat('+')) possessive = true;
      this.cur.skipIgnorable();
      const again = this.cur.pos;
      if (this.quantifier()) throw invalid('multiple repeat', again);
      if (q.min > q.max) throw invalid('min repeat greater than max repeat', start);
      items.push({ type: 'repeat', min: q.min, max: q.max, greedy, possessive, body: atom, offset: start });
    }
    return items.length === 1 ? items[0]! : { type: 'seq', items };
  }

  /** Reads a quantifier if one starts here; `{` that is not a quantifier is left for a literal. */
  private quantifier(): Quantifier | undefined {
    const c = this.cur.peekChar();
    if (c === '*' || c === '+' || c === '?') {
      this.cur.pos++;
      return { min: c === '+' ? 1 : 0, max: c === '?' ? 1 : Infinity };
    }
    if (c !== '{') return undefined;
    const q = this.braces();
    if (q === 'fuzzy') {
      throw unsupported('fuzzy matching constraint {...}', this.cur.pos, 'match the variants explicitly');
    }
    return q;
  }

  private braces(): Quantifier | 'fuzzy' | undefined {
    const cur = this.cur;
    const start = cur.pos;
    const ws = (): void => {
      if (cur.flags.x) while (isVerboseSpace(cur.peek())) cur.pos++;
    };
    cur.pos++;
    ws();
    const lo = cur.readWhile(/[0-9]/);
    ws();
    let hi = lo;
    let comma = false;
    if (cur.eat(',')) {
      comma = true;
      ws();
      hi = cur.readWhile(/[0-9]/);
      ws();
    }
    if (cur.eat('}') && (lo !== '' || comma)) {
      return { min: lo === '' ? 0 : Number(lo), max: hi === '' ? Infinity : Number(hi) };
    }
    cur.pos = start;
    const close = cur.src.indexOf('}', start);
    const body = close < 0 ? '' : cur.src.slice(start + 1, close);
    if (/^[\s\d<=>+*,-]*[eids][\s\deids<=>+*,-]*(?::.*)?$/s.test(body)) return 'fuzzy';
    return undefined;
  }

  private atom(): Node | undefined {
    const cur = this.cur;
    const start = cur.pos;
    const f = cur.flags;
    const c = cur.peekChar();
    switch (c) {
      case '(':
        return this.paren();
      case '[':
        return this.set();
      case '.':
        cur.pos++;
        return { type: 'dot', dotall: f.s };
      case '^':
        cur.pos++;
        return { type: 'anchor', kind: f.m ? 'lineStart' : 'start' };
      case '$':
        cur.pos++;
        return { type: 'anchor', kind: f.m ? 'lineEnd' : 'end' };
      case '*':
      case '+':
      case '?':
        throw invalid('nothing to repeat', start);
      case '{': {
        const q = this.braces();
        if (q === 'fuzzy') throw unsupported('fuzzy matching constraint {...}', start, 'match the variants explicitly');
        if (q) throw invalid('nothing to repeat', start);
        cur.pos++;
        return this.char(0x7b);
      }
      case '\\': {
        cur.pos++;
        const e = readEscape(cur, f, start);
        if (e.kind === 'char') return this.char(e.cp);
        if (e.kind === 'node') return e.node;
        if (e.kind === 'items') return this.setNode(false, e.items, e.bareProperty, start);
        return this.backref(e.group, start);
      }
      default:
        return this.char(cur.next());
    }
  }

  private char(cp: number): Node {
    const f = this.cur.flags;
    return { type: 'char', cp, ci: f.i, ascii: f.a };
  }

  private setNode(negated: boolean, items: readonly SetItem[], bare: boolean, offset: number): Node {
    const f = this.cur.flags;
    return { type: 'set', negated, items, ci: f.i, ascii: f.a, bare, offset };
  }

  private backref(group: number | string, offset: number): Node {
    const n = typeof group === 'number' ? group : this.names.get(group);
    if (n === undefined || !this.closed.has(n)) {
      if (n !== undefined && n <= this.groupCount) throw invalid('cannot refer to an open group', offset);
      this.pendingRefs.push({ group, offset });
      return { type: 'backref', group: 0, ci: this.cur.flags.i, offset };
    }
    return { type: 'backref', group: n, ci: this.cur.flags.i, offset };
  }

  /** A set `[...]`: V0 syntax, where `[` inside is literal and `&&`, `--` are not operators. */
  private set(): Node {
    const cur = this.cur;
    const start = cur.pos;
    cur.pos++;
    const negated = cur.eat('^');
    const items: SetItem[] = [];
    let first = true;
    for (;;) {
      if (cur.atEnd) throw invalid('missing ]', start);
      if (cur.peekChar() === ']' && !first) break;
      first = false;
      if (/^\[:\^?[A-Za-z_]+:\]/.test(cur.src.slice(cur.pos))) {
        throw unsupported('POSIX class [[:name:]]', cur.pos, 'use \\p{Alphabetic}, \\d, \\s or an explicit range');
      }
      const lo = this.setAtom();
      if (lo.kind === 'char' && cur.peekChar() === '-' && cur.peekChar(1) !== ']' && cur.pos + 1 < cur.src.length) {
        const dash = cur.pos;
        cur.pos++;
        const hi = this.setAtom();
        if (hi.kind === 'char') {
          if (hi.cp < lo.cp) throw invalid('bad character range', dash);
          items.push({ kind: 'range', lo: lo.cp, hi: hi.cp });
        } else {
          items.push(lo, { kind: 'char', cp: 0x2d }, ...hi.items);
        }
        continue;
      }
      if (lo.kind === 'char') items.push(lo);
      else items.push(...lo.items);
    }
    cur.pos++;
    const bare = items.length === 1 && items[0]!.kind === 'prop';
    return this.setNode(negated, items, bare, start);
  }

  private setAtom(): { kind: 'char'; cp: number } | { kind: 'items'; items: readonly SetItem[] } {
    const cur = this.cur;
    const start = cur.pos;
    if (cur.peekChar() !== '\\') return { kind: 'char', cp: cur.next() };
    cur.pos++;
    const e = readSetEscape(cur, start);
    if (e.kind === 'char') return e;
    if (e.kind === 'items') return { kind: 'items', items: e.items };
    throw invalid('bad escape in set', start);
  }

  private paren(): Node | undefined {
    const cur = this.cur;
    const start = cur.pos;
    cur.pos++;
    if (!/^\?[A-Za-z01-]*\)/.test(cur.src.slice(cur.pos, cur.pos + 12))) this.atPatternStart = false;
    if (cur.peekChar() === '*') {
      throw unsupported('backtracking control verb (*...)', start, 'remove it; JavaScript has no (*PRUNE), (*SKIP) or (*FAIL)');
    }
    if (!cur.eat('?')) {
      const n = ++this.groupCount;
      this.groupNames.push(undefined);
      return this.groupBody({ capture: n, atomic: false }, start);
    }
    if (cur.eat(':')) return this.groupBody({ capture: null, atomic: false }, start);
    if (cur.eat('>')) return this.groupBody({ capture: null, atomic: true }, start);
    if (cur.eat('=')) return this.look(false, false, start);
    if (cur.eat('!')) return this.look(false, true, start);
    if (cur.eat('<=')) return this.look(true, false, start);
    if (cur.eat('<!')) return this.look(true, true, start);
    if (cur.eat('P<') || cur.eat('<')) return this.named(start);
    if (cur.eat('P=')) {
      const name = this.name(')', start);
      return this.backref(name, start);
    }
    if (cur.lookingAt('#')) throw invalid('missing ), unterminated comment', start);
    if (cur.lookingAt('P>') || cur.lookingAt('&') || cur.lookingAt('R)') || /^[-+]?\d/.test(cur.src.slice(cur.pos))) {
      throw unsupported('recursive pattern call', start, 'write the sub-pattern out; JavaScript regexes cannot recurse');
    }
    if (cur.lookingAt('|')) throw unsupported('branch reset group (?|...)', start, 'use separate groups');
    if (cur.lookingAt('(')) throw unsupported('conditional group (?(...)...)', start, 'split the rule into one rule per branch');
    return this.flagGroup(start);
  }

  private named(start: number): Node {
    const name = this.name('>', start);
    if (!/^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u.test(name)) {
      throw invalid('bad character in group name', start);
    }
    if (this.names.has(name)) {
      throw unsupported(`group name '${name}' used twice`, start, 'give each group its own name');
    }
    const n = ++this.groupCount;
    this.names.set(name, n);
    this.groupNames.push(name);
    return this.groupBody({ capture: n, atomic: false, name }, start);
  }

  private name(end: string, start: number): string {
    const close = this.cur.src.indexOf(end, this.cur.pos);
    if (close < 0) throw invalid(`missing ${end}`, start);
    let name = this.cur.src.slice(this.cur.pos, close);
    if (this.cur.flags.x) name = name.replace(/\s+/g, '');
    this.cur.pos = close + 1;
    if (!name) throw invalid('missing group name', start);
    return name;
  }

  private groupBody(g: { capture: number | null; atomic: boolean; name?: string }, start: number): Node {
    const saved = this.cur.flags;
    const body = this.alternation();
    this.cur.flags = saved;
    if (!this.cur.eat(')')) throw invalid('missing ), unterminated subpattern', start);
    if (g.capture !== null) this.closed.add(g.capture);
    return { type: 'group', capture: g.capture, atomic: g.atomic, body, offset: start, ...(g.name ? { name: g.name } : {}) };
  }

  private look(behind: boolean, negated: boolean, start: number): Node {
    const saved = this.cur.flags;
    const body = this.alternation();
    this.cur.flags = saved;
    if (!this.cur.eat(')')) throw invalid('missing ), unterminated subpattern', start);
    return { type: 'look', behind, negated, body };
  }

  /** `(?flags)`, `(?flags-flags)`, `(?flags:...)`: a directive changes the flags until the enclosing group ends. */
  private flagGroup(start: number): Node | undefined {
    const cur = this.cur;
    const on = this.flagLetters(start);
    const off = cur.eat('-') ? this.flagLetters(start) : [];
    const scoped = cur.peekChar() === ':';
    if (!scoped && cur.peekChar() !== ')') throw invalid('unknown extension', start);
    cur.pos++;
    let f = { ...cur.flags };
    for (const [letters, value] of [
      [on, true],
      [off, false],
    ] as const) {
      for (const l of letters) {
        if (l === 'i' || l === 'm' || l === 's' || l === 'x') f = { ...f, [l]: value };
        else if (l === 'a') {
          // Python applies (?a) inconsistently unless it leads the pattern (case folding in sets ignores it).
          if (scoped || !value || !this.atPatternStart) {
            throw unsupported('ASCII flag (?a) after the start of the pattern', start, 'put (?a) at the very start of the pattern');
          }
          this.usedAsciiFlag = start;
          f = { ...f, a: true };
        } else if (l === 'u') this.usedUnicodeFlag = start;
        else if (l === 'f') this.usedFullCase = start;
        else if (l === 'L') throw unsupported('LOCALE flag (?L)', start, 'drop it; it only applies to byte patterns');
        else if (l === 'p') throw unsupported('POSIX flag (?p) (leftmost longest)', start, 'drop it and order the alternatives longest first');
        else if (l === 'r') throw unsupported('REVERSE flag (?r)', start, 'drop it');
        else if (l === 'w') throw unsupported('WORD flag (?w)', start, 'drop it; default word boundaries are not available');
        else if (l === 'V1') throw unsupported('VERSION1 flag (?V1)', start, 'write the pattern in version 0 syntax');
        // b and e only tune fuzzy matching, which is rejected anyway; V0 is the default.
      }
    }
    if (f.i) this.usedIgnoreCase = true;
    if (!scoped) {
      cur.flags = f;
      return undefined;
    }
    const saved = cur.flags;
    cur.flags = f;
    const body = this.alternation();
    cur.flags = saved;
    if (!cur.eat(')')) throw invalid('missing ), unterminated subpattern', start);
    return { type: 'group', capture: null, atomic: false, body, offset: start };
  }

  private flagLetters(start: number): string[] {
    const out: string[] = [];
    for (;;) {
      const m = FLAG_LETTERS.exec(this.cur.src.slice(this.cur.pos, this.cur.pos + 2));
      if (!m) break;
      out.push(m[0]);
      this.cur.pos += m[0].length;
    }
    if (out.length === 0 && this.cur.peekChar() !== '-' && this.cur.peekChar() !== ')' && this.cur.peekChar() !== ':') {
      throw invalid('unknown extension', start);
    }
    return out;
  }
}
