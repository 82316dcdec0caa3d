/**
 * Reads the JSON value out of an LLM answer: inside ``` fences or not, with prose before and after,
 * and cut off mid-way (a `max_tokens` stop). A truncated answer keeps only what is complete: the
 * finished elements of the array it was writing and the finished properties of the enclosing
 * objects, never a half-written element.
 */

export type TolerantJson =
  | { ok: true; value: unknown; truncated: boolean; dropped_tail: string }
  | { ok: false; error: string };

type Container = 'o' | 'a';
type ObjState = 'key' | 'colon' | 'value' | 'comma';

/** A place where the text can be cut and closed to give valid JSON. */
interface CutPoint {
  at: number;
  stack: string;
}

type ScanResult =
  | { kind: 'complete'; end: number }
  | { kind: 'truncated'; cut: CutPoint | null }
  | { kind: 'invalid'; at: number };

const CLOSER: Record<Container, string> = { o: '}', a: ']' };

/**
 * A cut is allowed when no array has an open container inside it, i.e. the open stack is
 * objects followed by at most one array: every open array keeps its complete elements only.
 */
function acceptableCut(stack: string): boolean {
  const i = stack.indexOf('a');
  return i === -1 || i === stack.length - 1;
}

/** Scans one JSON value from `start` (a `{` or `[`), tracking where a truncated text could be cut. */
function scanValue(text: string, start: number): ScanResult {
  const stack: Container[] = [];
  const objState: ObjState[] = [];
  let best: CutPoint | null = null;
  let i = start;

  const noteCut = (at: number): void => {
    const s = stack.join('');
    if (acceptableCut(s)) best = { at, stack: s };
  };
  // After a value ends: update the parent's state and, if the text ended here, where to cut.
  const valueDone = (at: number): ScanResult | null => {
    if (stack.length === 0) return { kind: 'complete', end: at };
    const top = stack[stack.length - 1];
    if (top === 'o') objState[objState.length - 1] = 'comma';
    noteCut(at);
    return null;
  };

  while (i < text.length) {
    const ch = text[i]!;
    const top = stack[stack.length - 1];
    const state = objState[objState.length - 1];
    if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') {
      i++;
      continue;
    }
    if (ch === '"') {
      const end = stringEnd(text, i);
      if (end === -1) return { kind: 'truncated', cut: best };
      i = end;
      if (top === 'o' && state === 'key') {
        objState[objState.length - 1] = 'colon';
        continue;
      }
      const done = valueDone(i);
      if (done) return done;
      continue;
    }
    if (ch === '{' || ch === '[') {
      if (top === 'o' && state !== 'value') return { kind: 'invalid', at: i };
      stack.push(ch === '{' ? 'o' : 'a');
      if (ch === '{') objState.push('key');
      i++;
      noteCut(i);
      continue;
    }
    if (ch === '}' || ch === ']') {
      const want: Container = ch === '}' ? 'o' : 'a';
      if (top !== want) return { kind: 'invalid', at: i };
      stack.pop();
      if (want === 'o') objState.pop();
      i++;
      const done = valueDone(i);
      if (done) return done;
      continue;
    }
    if (ch === ':') {
      if (top !== 'o' || state !== 'colon') return { kind: 'invalid', at: i };
      objState[objState.length - 1] = 'value';
      i++;
      continue;
    }
    if (ch === ',') {
      if (top === 'o') {
        if (state !== 'comma') return { kind: 'invalid', at: i };
        objState[objState.length - 1] = 'key';
      }
      i++;
      continue;
    }
    // A bare scalar: number, true, false, null. It is complete only once a delimiter follows.
    if (top === 'o' && state !== 'value') return { kind: 'invalid', at: i };
    const m = /^[-+0-9.eEa-z]+/.exec(text.slice(i, i + 64));
    if (!m) return { kind: 'invalid', at: i };
    const end = i + m[0].length;
    if (end >= text.length) return { kind: 'truncated', cut: best };
    i = end;
    const done = valueDone(i);
    if (done) return done;
  }
  return { kind: 'truncated', cut: best };
}

/** Index just after the closing quote of the string opening at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '"') return i + 1;
  }
  return -1;
}

/** Drops trailing commas (`[1, 2,]`), the commonest hand-written-JSON slip, outside strings. */
function withoutTrailingCommas(json: string): string {
  let out = '';
  for (let i = 0; i < json.length; i++) {
    const ch = json[i]!;
    if (ch === '"') {
      const end = stringEnd(json, i);
      const stop = end === -1 ? json.length : end;
      out += json.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (ch === ',' && /^\s*[}\]]/.test(json.slice(i + 1, i + 200))) continue;
    out += ch;
  }
  return out;
}

function tryParse(json: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch (e) {
    try {
      return { ok: true, value: JSON.parse(withoutTrailingCommas(json)) };
    } catch {
      return { ok: false, error: (e as Error).message };
    }
  }
}

/** The body of the first ``` fence that holds JSON; an unclosed fence (truncated answer) runs to the end. */
function fencedBody(text: string): string | undefined {
  const fence = /```[ \t]*([A-Za-z0-9_-]*)[^\n]*\n/g;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    const bodyStart = m.index + m[0].length;
    const close = text.indexOf('```', bodyStart);
    const body = close === -1 ? text.slice(bodyStart) : text.slice(bodyStart, close);
    if (/^\s*[[{]/.test(body)) return body;
    if (close === -1) break;
    fence.lastIndex = close + 3;
  }
  return undefined;
}

/**
 * Tries each `{` / `[` in turn, as prose may hold brackets of its own ("see [1]"), and keeps the
 * candidate that spans the most text: the answer proper, not a bracket in the commentary.
 */
function fromText(text: string): TolerantJson {
  let best: { value: unknown; span: number; truncated: boolean; dropped_tail: string } | undefined;
  let lastError = 'no JSON object or array found in the answer';
  let tries = 0;
  let start = text.search(/[[{]/);
  while (start !== -1 && tries++ < 50) {
    const scan = scanValue(text, start);
    let resumeAt = start + 1;
    if (scan.kind === 'complete') {
      const r = tryParse(text.slice(start, scan.end));
      if (r.ok) {
        const span = scan.end - start;
        if (!best || span > best.span) best = { value: r.value, span, truncated: false, dropped_tail: '' };
        resumeAt = scan.end;
      } else lastError = r.error;
    } else if (scan.kind === 'truncated') {
      if (scan.cut) {
        const closers = [...scan.cut.stack].reverse().map((c) => CLOSER[c as Container]).join('');
        const r = tryParse(text.slice(start, scan.cut.at) + closers);
        const span = text.length - start;
        if (r.ok && (!best || span > best.span)) {
          best = { value: r.value, span, truncated: true, dropped_tail: text.slice(scan.cut.at) };
        } else if (!r.ok) lastError = r.error;
      } else {
        lastError = 'the answer was cut off before any complete JSON value';
      }
      // A truncated candidate runs to the end: any later one lies inside it.
      if (best?.truncated) break;
    } else {
      lastError = `unexpected ${JSON.stringify(text[scan.at])} at offset ${scan.at}`;
    }
    const next = text.slice(resumeAt).search(/[[{]/);
    start = next === -1 ? -1 : resumeAt + next;
  }
  if (!best) return { ok: false, error: lastError };
  return { ok: true, value: best.value, truncated: best.truncated, dropped_tail: best.dropped_tail };
}

/** Parses the JSON in an LLM answer, tolerating fences, surrounding prose and truncation. */
export function parseTolerantJson(answer: string): TolerantJson {
  const direct = tryParse(answer.trim());
  if (direct.ok && direct.value !== null && typeof direct.value === 'object') {
    return { ok: true, value: direct.value, truncated: false, dropped_tail: '' };
  }
  const body = fencedBody(answer);
  if (body !== undefined) {
    const r = fromText(body);
    if (r.ok) return r;
  }
  return fromText(answer);
}
