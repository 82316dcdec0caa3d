import { createRequire } from 'node:module';
import type XRegExpApi from 'xregexp';
import { RulewrightError } from '../errors.js';

/**
 * XRegExp, loaded on the first JS-dialect compile that needs it (see `plainPattern`): its bundle
 * takes ~75 ms to load, which every command that compiles only plain patterns, or none (import,
 * stats, --help), would otherwise pay.
 */
let xregexp: typeof XRegExpApi | undefined;

/** Whether XRegExp has been loaded in this process (tests: plain patterns must not load it). */
export const xregexpLoaded = (): boolean => xregexp !== undefined;
const XRegExp = (pattern: string, flags: string): RegExp => {
  xregexp ??= createRequire(import.meta.url)('xregexp') as typeof XRegExpApi;
  return xregexp(pattern, flags);
};

/** A JavaScript-dialect pattern compiled to a native RegExp with `g` and `d`. */
export interface JsCompiled {
  readonly regex: RegExp;
  readonly groupNames: readonly (string | undefined)[];
  readonly groupCount: number;
}

/**
 * Walks a JS pattern (escapes and classes skipped) to find where named groups open and whether
 * `\p`/`\P` occur, so `(?P<name>` can be rewritten for the native engine without touching text
 * inside classes or escapes.
 */
function scan(src: string): { pythonNamed: number[]; usesProperty: boolean } {
  const pythonNamed: number[] = [];
  let usesProperty = false;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      if (src[i + 1] === 'p' || src[i + 1] === 'P') usesProperty = true;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      if (src[i + 1] === ']') i++;
    } else if (c === '(' && src.startsWith('(?P<', i)) {
      pythonNamed.push(i);
    }
  }
  return { pythonNamed, usesProperty };
}

const LEADING_FLAGS = /^\(\?([imsxnA]+)\)/;

/** Escapes XRegExp passes through unchanged in both scopes (`\B` outside classes only, see `plainPattern`). */
const PLAIN_ESCAPE = /[bdDwWsSnrtfv]/;
const HEX2 = /^[0-9A-Fa-f]{2}/;
const HEX4 = /^[0-9A-Fa-f]{4}/;
const ALNUM = /[A-Za-z0-9]/;

/**
 * Whether XRegExp would accept `pattern` with `flags` and hand it to the native engine exactly as
 * written (no named groups, inline flags, comments, free-spacing, `\p{...}`, backreferences, or
 * escapes it rejects or rewrites): then the native engine compiles it as is, and XRegExp need not
 * load. Conservative: anything else goes through XRegExp as before.
 */
function plainPattern(pattern: string, flags: string): boolean {
  if (!/^[imsu]*$/.test(flags) || new Set(flags).size !== flags.length) return false;
  if (pattern.includes('(?:)(?:)')) return false; // XRegExp collapses repeated empty groups
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const n = pattern[i + 1];
      const rest = pattern.slice(i + 2);
      if (n === undefined) return false;
      if (PLAIN_ESCAPE.test(n) || (n === 'B' && !inClass)) i++;
      else if (n === 'x' && HEX2.test(rest)) i += 3;
      else if (n === 'u' && HEX4.test(rest)) i += 5;
      else if (n === 'c' && /^[A-Za-z]/.test(rest)) i += 2;
      else if (n === '0' && !/^[0-9]/.test(rest)) i++;
      else if (ALNUM.test(n)) return false;
      else i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') inClass = true;
    else if (c === '(' && pattern[i + 1] === '?') {
      const t = pattern.slice(i + 2, i + 4);
      if (!(t[0] === ':' || t[0] === '=' || t[0] === '!' || t === '<=' || t === '<!')) return false;
    }
  }
  return true;
}

/** A plain pattern (see `plainPattern`) on the native engine; undefined when it does not compile there (XRegExp then gives the error). */
function compileNative(pattern: string, flags: string): JsCompiled | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, `${flags}dg`);
  } catch {
    return undefined;
  }
  const groupCount = new RegExp(`${pattern}|`, flags).exec('')!.length - 1;
  return { regex, groupNames: Array.from({ length: groupCount + 1 }, () => undefined), groupCount };
}

/**
 * Compiles a JS-dialect pattern: a plain one (see `plainPattern`) natively, exactly as XRegExp
 * would, else with XRegExp (named groups, `(?P<name>...)`, leading inline flags, free-spacing `x`,
 * `\p{...}`). Patterns using `\p{...}` run on the native `u`-mode engine when they
 * are valid there: its Unicode data is current and complete (astral included), where XRegExp's
 * expansion is BMP-only and older, and matching speed is the same (measured in the report).
 */
export function compileJs(pattern: string, flags: string): JsCompiled {
  return (plainPattern(pattern, flags) ? compileNative(pattern, flags) : undefined) ?? compileWithXRegExp(pattern, flags);
}

/** `compileJs` always through XRegExp: what the native path for plain patterns must equal. */
export function compileWithXRegExp(pattern: string, flags: string): JsCompiled {
  let xr: RegExp;
  try {
    xr = XRegExp(pattern, flags);
  } catch (e) {
    throw new RulewrightError('INVALID_RULE', `js dialect: pattern does not compile: ${(e as Error).message}`);
  }
  const names = ((xr as RegExp & { xregexp: { captureNames: (string | null)[] | null } }).xregexp.captureNames ?? []).map(
    (n) => n ?? undefined,
  );
  const groupCount = new RegExp(`${xr.source}|`, xr.flags.replace(/[gy]/g, '')).exec('')!.length - 1;
  const groupNames: (string | undefined)[] = [undefined, ...Array.from({ length: groupCount }, (_, k) => names[k])];
  const { pythonNamed, usesProperty } = scan(pattern);
  const lead = LEADING_FLAGS.exec(pattern);
  const allFlags = new Set([...flags, ...(lead?.[1] ?? '')]);
  if (usesProperty && !allFlags.has('x') && !allFlags.has('n') && !allFlags.has('A')) {
    let src = pattern;
    for (const at of [...pythonNamed].reverse()) src = `${src.slice(0, at)}(?<${src.slice(at + 4)}`;
    if (lead) src = src.slice(lead[0].length);
    const native = [...allFlags].filter((f) => 'ims'.includes(f)).join('');
    try {
      return { regex: new RegExp(src, `${native}udg`), groupNames, groupCount };
    } catch {
      // not valid in u-mode (e.g. an identity escape): fall back to XRegExp's expansion
    }
  }
  return { regex: new RegExp(xr.source, `${xr.flags.replace(/[gdy]/g, '')}dg`), groupNames, groupCount };
}
