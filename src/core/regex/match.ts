import { RulewrightError } from '../errors.js';
import type { CompiledPattern } from './compile.js';

/** Offsets of one match by the author's group number (0 = whole match); undefined where a group did not take part. */
export type MatchSpans = readonly (readonly [number, number] | undefined)[];

function spans(m: RegExpExecArray, groupIndex: readonly number[]): MatchSpans {
  const ind = m.indices!;
  return groupIndex.map((js) => ind[js]);
}

/**
 * Every match of a compiled pattern in `text`, in order, as `finditer` would give them: for the
 * Python dialect, after an empty match a non-empty match may start at the same position (Python
 * 3.7+ `re`/`regex` behaviour; JavaScript would skip ahead one character); for the JS dialect the
 * standard `matchAll` behaviour.
 */
export function* matchSpans(cp: CompiledPattern, text: string): Generator<MatchSpans> {
  const ascii = cp.asciiRegex !== null && isAscii(text);
  const re = ascii ? cp.asciiRegex! : cp.regex;
  const nonEmpty = cp.nonEmpty && (ascii ? cp.nonEmpty.asciiRegex! : cp.nonEmpty.regex);
  const python = cp.dialect === 'python';
  const step = (at: number): number => {
    const code = text.codePointAt(at);
    return at + (re.unicode && code !== undefined && code > 0xffff ? 2 : 1);
  };
  let pos = 0;
  while (pos <= text.length) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) return;
    if (python && midPair(text, m.index)) {
      // V8 sometimes reports a zero-width match between the halves of a surrogate pair, a position
      // that does not exist in Python's code-point string.
      pos = m.index + 1;
      continue;
    }
    yield spans(m, cp.groupIndex);
    const end = m.index + m[0].length;
    if (end > m.index) {
      pos = end;
      continue;
    }
    if (nonEmpty) {
      nonEmpty.lastIndex = end;
      const m2 = nonEmpty.exec(text);
      if (m2 && m2.index === end) {
        yield spans(m2, cp.nonEmpty!.groupIndex);
        pos = m2.index + m2[0].length;
        continue;
      }
    }
    pos = step(end);
  }
}

const NON_ASCII = /[^\0-\x7f]/;

/** Whether `text` has no character above U+007F (then a pattern's `asciiRegex` matches as its `regex` does). */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

function midPair(text: string, at: number): boolean {
  const lead = text.charCodeAt(at - 1);
  const trail = text.charCodeAt(at);
  return lead >= 0xd800 && lead <= 0xdbff && trail >= 0xdc00 && trail <= 0xdfff;
}

/**
 * The author's group number that an output template refers to: `$0`, `$1`…, or a group name.
 * Throws INVALID_RULE when the pattern has no such group, or when its offsets cannot be reproduced.
 */
export function groupNumber(cp: CompiledPattern, ref: string): number {
  const numbered = /^\$(\d+)$/.exec(ref);
  const n = numbered ? Number(numbered[1]) : cp.groupNames.indexOf(ref);
  if (n < 0 || n > cp.groupCount || (!numbered && n === 0)) {
    throw new RulewrightError('INVALID_RULE', `output group ${ref} does not exist: the pattern has ${cp.groupCount} group(s)${cp.groupNames.some(Boolean) ? ` (named: ${cp.groupNames.filter(Boolean).join(', ')})` : ''}`);
  }
  const why = cp.inexactGroups.get(n);
  if (why) throw new RulewrightError('INVALID_RULE', `output group ${ref} cannot be reproduced in JavaScript: ${why}; restructure the pattern so the group takes part in every repetition`);
  return n;
}
