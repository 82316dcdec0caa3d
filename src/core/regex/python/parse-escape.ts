import type { Flags, Node, SetItem, Shorthand } from './ast.js';
import type { Cursor } from './cursor.js';
import { invalid, unsupported } from './errors.js';
import { resolveProperty } from './properties.js';

const SIMPLE: Readonly<Record<string, number>> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
const SHORTHANDS = new Set(['w', 'W', 'd', 'D', 's', 'S']);
const isOct = (c: string): boolean => c >= '0' && c <= '7';
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAsciiAlnum = (c: string): boolean => /^[A-Za-z0-9]$/.test(c);

/** What an escape stands for: one character, a set member, or (outside sets) a node of its own. */
export type EscapeResult =
  | { readonly kind: 'char'; readonly cp: number }
  | { readonly kind: 'items'; readonly items: readonly SetItem[]; readonly bareProperty: boolean }
  | { readonly kind: 'node'; readonly node: Node }
  | { readonly kind: 'backref'; readonly group: number | string };

function hex(cur: Cursor, letter: string, digits: number, start: number): number {
  const h = cur.readWhile(/[0-9A-Fa-f]/, digits);
  if (h.length !== digits) throw invalid(`incomplete escape \\${letter}${h}`, start);
  const cp = parseInt(h, 16);
  if (cp > 0x10ffff) throw invalid(`bad escape \\${letter}${h}`, start);
  return cp;
}

/** `\p{...}`, `\P{...}`, `\pL`; Python reads anything else after `\p` as a literal `p`. */
function property(cur: Cursor, positive: boolean, start: number): EscapeResult {
  if (cur.peekChar() === '{') {
    const close = cur.src.indexOf('}', cur.pos);
    const body = close < 0 ? '' : cur.src.slice(cur.pos + 1, close);
    if (close >= 0 && /^\^?[\p{L}\p{N} &_\-.]*(?:[:=][\p{L}\p{N} &_\-./]*)?$/u.test(body)) {
      cur.pos = close + 1;
      const negate = body.startsWith('^');
      const p = resolveProperty(negate ? body.slice(1) : body, positive === negate, start);
      return { kind: 'items', items: [{ kind: 'prop', negated: p.negated, js: p.js }], bareProperty: true };
    }
  } else if ('CLMNPSZ'.includes(cur.peekChar()) && cur.peekChar() !== '') {
    const p = resolveProperty(cur.peekChar(), !positive, start);
    cur.pos++;
    return { kind: 'items', items: [{ kind: 'prop', negated: p.negated, js: p.js }], bareProperty: true };
  }
  return { kind: 'char', cp: positive ? 0x70 : 0x50 };
}

function common(cur: Cursor, c: string, start: number): EscapeResult | undefined {
  if (c in SIMPLE) return { kind: 'char', cp: SIMPLE[c]! };
  if (SHORTHANDS.has(c)) {
    return { kind: 'items', items: [{ kind: 'shorthand', name: c as Shorthand }], bareProperty: false };
  }
  if (c === 'x') return { kind: 'char', cp: hex(cur, 'x', 2, start) };
  if (c === 'u') return { kind: 'char', cp: hex(cur, 'u', 4, start) };
  if (c === 'U') return { kind: 'char', cp: hex(cur, 'U', 8, start) };
  if (c === 'p' || c === 'P') return property(cur, c === 'p', start);
  if (c === 'h') {
    // regex's horizontal space: exactly [\t\p{Zs}] (checked against the module).
    const items: SetItem[] = [{ kind: 'char', cp: 9 }, { kind: 'prop', negated: false, js: 'Zs' }];
    return { kind: 'items', items, bareProperty: false };
  }
  if (c === 'N') {
    throw unsupported('named character escape \\N', start, 'write the character itself or as \\uXXXX');
  }
  return undefined;
}

/** Reads an escape outside a set; `cur` is just past the backslash at `start`. */
export function readEscape(cur: Cursor, flags: Flags, start: number): EscapeResult {
  if (cur.atEnd) throw invalid('bad escape (end of pattern)', start);
  const c = String.fromCodePoint(cur.next());
  const shared = common(cur, c, start);
  if (shared) return shared;
  switch (c) {
    case 'b':
    case 'B':
    case 'm':
    case 'M':
      return { kind: 'node', node: { type: 'boundary', kind: c, ascii: flags.a } };
    case 'A':
      return { kind: 'node', node: { type: 'anchor', kind: 'textStart' } };
    case 'Z':
    case 'z':
      return { kind: 'node', node: { type: 'anchor', kind: 'textEnd' } };
    case 'g': {
      const m = /^<([^>]*)>/.exec(cur.src.slice(cur.pos));
      if (!m) throw invalid('missing group name after \\g', start);
      cur.pos += m[0].length;
      const ref = m[1]!;
      if (/^\d+$/.test(ref)) return { kind: 'backref', group: Number(ref) };
      if (/^[-+]?\d+$/.test(ref)) {
        throw unsupported(`relative group reference \\g<${ref}>`, start, 'refer to the group by number or name');
      }
      return { kind: 'backref', group: ref };
    }
    case 'G':
      throw unsupported('\\G (search anchor)', start, 'remove it; rules are searched from the start of the text');
    case 'K':
      throw unsupported('\\K (keep out)', start, 'use a lookbehind (?<=...) for the part to leave out of the match');
    case 'X':
      throw unsupported('\\X (grapheme cluster)', start, 'match the characters explicitly, e.g. \\P{M}\\p{M}*');
    case 'R':
      throw unsupported('\\R (line break)', start, 'write (?:\\r\\n|[\\n\\x0b\\f\\r\\x85\\u2028\\u2029]) explicitly');
    case 'L':
      throw unsupported('\\L<name> (named list)', start, 'write the list as an alternation (?:a|b|c)');
    default:
  }
  if (c === '0') {
    const oct = cur.readWhile(/[0-7]/, 2);
    return { kind: 'char', cp: parseInt(`0${oct}`, 8) };
  }
  if (isDigit(c)) {
    const d2 = cur.peekChar();
    if (isDigit(d2)) {
      const d3 = cur.peekChar(1);
      if (isOct(c) && isOct(d2) && isOct(d3)) {
        cur.pos += 2;
        return { kind: 'char', cp: parseInt(c + d2 + d3, 8) };
      }
      cur.pos++;
      return { kind: 'backref', group: Number(c + d2) };
    }
    return { kind: 'backref', group: Number(c) };
  }
  if (isAsciiAlnum(c)) throw invalid(`bad escape \\${c}`, start);
  return { kind: 'char', cp: c.codePointAt(0)! };
}

/** Reads an escape inside a set; `cur` is just past the backslash at `start`. */
export function readSetEscape(cur: Cursor, start: number): EscapeResult {
  if (cur.atEnd) throw invalid('bad escape (end of pattern)', start);
  const c = String.fromCodePoint(cur.next());
  if (c === 'b') return { kind: 'char', cp: 8 };
  const shared = common(cur, c, start);
  if (shared) return shared;
  if (isOct(c)) {
    const more = cur.readWhile(/[0-7]/, 2);
    return { kind: 'char', cp: parseInt(c + more, 8) };
  }
  if (isAsciiAlnum(c)) throw invalid(`bad escape \\${c}`, start);
  return { kind: 'char', cp: c.codePointAt(0)! };
}
