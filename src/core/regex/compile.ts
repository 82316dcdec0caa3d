// STUB owned by the regex-dialect work: the signature is the contract, the body will be replaced.
import { RulewrightError } from '../errors.js';

export type Dialect = 'js' | 'python';

/** A compiled pattern: a global, `d`-flagged native RegExp plus its group names. */
export interface CompiledPattern {
  readonly regex: RegExp;
  /** Names of capture groups by group number (index 0 unused; undefined for unnamed groups). */
  readonly groupNames: readonly (string | undefined)[];
  readonly groupCount: number;
}

/** Compiles a rule pattern in its dialect to a native RegExp with the `g` and `d` flags. Throws INVALID_RULE. */
export function compilePattern(pattern: string, flags: string, dialect: Dialect): CompiledPattern {
  let source = pattern;
  let f = flags;
  const inline = /^\(\?([aiLmsux]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    for (const c of inline[1]!) if ('ims'.includes(c) && !f.includes(c)) f += c;
  }
  if (dialect === 'python') source = source.replace(/\(\?P</g, '(?<');
  try {
    const regex = new RegExp(source, `${f}dg`);
    const count = new RegExp(`${source}|`, f).exec('')!.length - 1;
    return { regex, groupNames: [], groupCount: count };
  } catch (e) {
    throw new RulewrightError('INVALID_RULE', `pattern does not compile: ${(e as Error).message}`);
  }
}
