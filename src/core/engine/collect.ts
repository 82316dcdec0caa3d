import { isAscii } from '../regex/match.js';
import type { Matcher } from './compile-rule.js';
import type { IntBuffer } from './int-buffer.js';

/**
 * Appends the (start, end) span of every match of `m` in `text` to `out` and returns how many it
 * appended. Matches are left to right and non-overlapping; the span is the template group's own
 * offsets (`d` flag); a match whose group did not take part, and any empty span, yields nothing.
 * `firstOnly` stops at the first span (classification needs no more).
 */
export function collectMatches(m: Matcher, text: string, out: IntBuffer, firstOnly: boolean): number {
  if (m.automaton) return m.automaton.scan(text, out, firstOnly);
  const ascii = m.asciiRegex !== null && asciiText(text);
  // A text without any literal the regex needs cannot match: it is not run there.
  if (m.prefilter && !m.prefilter.allows(text, ascii, ascii || asciiText(text))) return 0;
  const re = ascii ? m.asciiRegex! : m.regex;
  re.lastIndex = 0;
  let count = 0;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text)) !== null) {
    const start = match.index;
    if (match[0].length === 0) {
      // An empty match: never a span; Python may still find a non-empty match starting here.
      const retry = ascii ? m.asciiRetry : m.retry;
      if (retry) {
        retry.lastIndex = start;
        const again = retry.exec(text);
        if (again !== null) {
          count += emit(again, m.retryGroup, out);
          re.lastIndex = again.index + again[0].length;
          if (firstOnly && count) break;
          continue;
        }
      }
      re.lastIndex = advance(text, start, m.unicode);
      if (re.lastIndex > text.length) break;
      continue;
    }
    if (m.group === 0) {
      out.push2(start, start + match[0].length);
      count++;
    } else count += emit(match, m.group, out);
    if (firstOnly && count) break;
  }
  return count;
}

// Rules run document by document, so one remembered text answers all of a document's rules.
let lastText: string | undefined;
let lastAscii = false;

function asciiText(text: string): boolean {
  if (text !== lastText) {
    lastText = text;
    lastAscii = isAscii(text);
  }
  return lastAscii;
}

function emit(match: RegExpExecArray, group: number, out: IntBuffer): number {
  const span = match.indices![group];
  if (!span || span[1] <= span[0]) return 0;
  out.push2(span[0], span[1]);
  return 1;
}

function advance(text: string, i: number, unicode: boolean): number {
  if (unicode) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return i + 2;
    }
  }
  return i + 1;
}
