import { createRequire } from 'node:module';
import type XRegExpApi from 'xregexp';
import { RulewrightError } from '../errors.js';

/**
 * XRegExp, loaded on the first JS-dialect compile: its bundle takes ~75 ms to load, which every
 * command that never compiles a rule (import, stats, --help) would otherwise pay.
 */
let xregexp: typeof XRegExpApi | undefined;
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

/**
 * Compiles a JS-dialect pattern with XRegExp (named groups, `(?P<name>...)`, leading inline flags,
 * free-spacing `x`, `\p{...}`). Patterns using `\p{...}` run on the native `u`-mode engine when they
 * are valid there: its Unicode data is current and complete (astral included), where XRegExp's
 * expansion is BMP-only and older, and matching speed is the same (measured in the report).
 */
export function compileJs(pattern: string, flags: string): JsCompiled {
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
