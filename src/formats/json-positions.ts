import { badInput } from './example-builder.js';

/**
 * Line numbers for values inside a JSON document, computed only when an error needs one: JSON.parse
 * keeps no positions, and scanning lazily keeps the happy path as fast as a bare JSON.parse.
 */

/** 1-based line of a character offset. */
export function lineAt(content: string, offset: number): number {
  let line = 1;
  let i = content.indexOf('\n');
  while (i !== -1 && i < offset) {
    line++;
    i = content.indexOf('\n', i + 1);
  }
  return line;
}

const WS = new Set([' ', '\t', '\n', '\r']);

function skipWs(s: string, i: number): number {
  while (i < s.length && WS.has(s[i] as string)) i++;
  return i;
}

/** Index just past the string literal that opens at `i`. */
function skipString(s: string, i: number): number {
  i++;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  return i;
}

/** Index just past the value that starts at `i`. */
function skipValue(s: string, i: number): number {
  const c = s[i];
  if (c === '"') return skipString(s, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    while (i < s.length) {
      const d = s[i];
      if (d === '"') {
        i = skipString(s, i);
        continue;
      }
      if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return i;
  }
  while (i < s.length && !WS.has(s[i] as string) && s[i] !== ',' && s[i] !== '}' && s[i] !== ']') i++;
  return i;
}

/** Offset where the value at `path` (object keys and array indices) starts, or undefined. */
export function jsonValueOffset(content: string, path: readonly (string | number)[]): number | undefined {
  let i = skipWs(content, content.charCodeAt(0) === 0xfeff ? 1 : 0);
  for (const step of path) {
    const open = content[i];
    if (open === '[' && typeof step === 'number') {
      i = skipWs(content, i + 1);
      for (let idx = 0; ; idx++) {
        if (i >= content.length || content[i] === ']') return undefined;
        if (idx === step) break;
        i = skipWs(content, skipValue(content, i));
        if (content[i] === ',') i = skipWs(content, i + 1);
      }
    } else if (open === '{' && typeof step === 'string') {
      i = skipWs(content, i + 1);
      for (;;) {
        if (i >= content.length || content[i] !== '"') return undefined;
        const end = skipString(content, i);
        let key: unknown;
        try {
          key = JSON.parse(content.slice(i, end));
        } catch {
          return undefined;
        }
        i = skipWs(content, end);
        if (content[i] !== ':') return undefined;
        i = skipWs(content, i + 1);
        if (key === step) break;
        i = skipWs(content, skipValue(content, i));
        if (content[i] === ',') i = skipWs(content, i + 1);
      }
    } else {
      return undefined;
    }
  }
  return i;
}

/** `FILE:LINE` of the value at `path`, or `FILE: <what> (line unknown)` when it cannot be found. */
export function jsonWhere(file: string, content: string, path: readonly (string | number)[], what: string): string {
  const off = jsonValueOffset(content, path);
  return off === undefined ? `${file}: ${what} (line unknown)` : `${file}:${lineAt(content, off)}`;
}

/** A plain JSON object (not null, not an array). */
export const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

class SyntaxAt {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

function scanString(s: string, i: number): number {
  for (i++; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) return i + 1;
    if (c < 0x20) throw new SyntaxAt(i);
    if (c === 92) {
      const e = s[i + 1];
      if (e === 'u') {
        if (!HEX4.test(s.slice(i + 2, i + 6))) throw new SyntaxAt(i + 1);
        i += 5;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
      else throw new SyntaxAt(i + 1);
    }
  }
  throw new SyntaxAt(s.length);
}

function scanValue(s: string, i: number): number {
  i = skipWs(s, i);
  const c = s[i];
  if (c === '{' || c === '[') {
    const close = c === '{' ? '}' : ']';
    i = skipWs(s, i + 1);
    if (s[i] === close) return i + 1;
    for (;;) {
      if (c === '{') {
        if (s[i] !== '"') throw new SyntaxAt(i);
        i = skipWs(s, scanString(s, i));
        if (s[i] !== ':') throw new SyntaxAt(i);
        i++;
      }
      i = skipWs(s, scanValue(s, i));
      if (s[i] === close) return i + 1;
      if (s[i] !== ',') throw new SyntaxAt(i);
      i = skipWs(s, i + 1);
    }
  }
  if (c === '"') return scanString(s, i);
  for (const lit of ['true', 'false', 'null']) if (s.startsWith(lit, i)) return i + lit.length;
  NUMBER.lastIndex = i;
  if (NUMBER.test(s)) return NUMBER.lastIndex;
  throw new SyntaxAt(i);
}

/** Offset of the first JSON syntax error in `content`, or undefined when it is valid JSON. */
export function jsonErrorOffset(content: string): number | undefined {
  try {
    const end = skipWs(content, scanValue(content, 0));
    return end < content.length ? end : undefined;
  } catch (e) {
    if (e instanceof SyntaxAt) return e.offset;
    throw e;
  }
}

/** A JSON.parse failure as `invalid JSON at line L, column C (unexpected "x")`, without V8's echo of the input. */
export function describeJsonError(content: string): { line: number; text: string } {
  const off = jsonErrorOffset(content) ?? content.length;
  const line = lineAt(content, off);
  const col = off - (content.lastIndexOf('\n', off - 1) + 1) + 1;
  const what = off >= content.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(content[off])}`;
  return { line, text: `invalid JSON at line ${line}, column ${col} (${what})` };
}

/** JSON.parse of a whole document, with a `FILE:LINE` error. */
export function parseJsonDocument(content: string, name: string): unknown {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    const { line, text: what } = describeJsonError(text);
    throw badInput(`${name}:${line}`, `${what}; fix the syntax`);
  }
  checkJsonDepth(text, name);
  return doc;
}

/**
 * How deep JSON may nest. Real datasets nest a handful of levels; a file nested thousands deep
 * would overflow the stack of whatever walks it later, so it is refused where it is read.
 */
export const MAX_JSON_DEPTH = 100;

/** Offset of the bracket that opens level `max + 1` outside strings, or undefined when none does. */
export function jsonDepthOffset(s: string, max = MAX_JSON_DEPTH): number | undefined {
  // a text shorter than the limit cannot nest past it, and most lines are short
  if (s.length <= max) return undefined;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < s.length; i++) {
        const d = s.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      if (++depth > max) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return undefined;
}

/** Throws BAD_INPUT `FILE:LINE` when `content` (starting at line `firstLine`) nests deeper than MAX_JSON_DEPTH. */
export function checkJsonDepth(content: string, name: string, firstLine = 1): void {
  const off = jsonDepthOffset(content);
  if (off === undefined) return;
  const line = firstLine + lineAt(content, off) - 1;
  const col = off - (content.lastIndexOf('\n', off - 1) + 1) + 1;
  throw badInput(
    `${name}:${line}`,
    `the JSON nests more than ${MAX_JSON_DEPTH} levels deep (level ${MAX_JSON_DEPTH + 1} opens at column ${col}); ` +
      `rulewright reads at most ${MAX_JSON_DEPTH} levels: flatten the data`,
  );
}
