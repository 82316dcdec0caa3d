/** A run of text and the matches (indices into the match list) that cover all of it. */
export interface MatchSegment {
  readonly text: string;
  readonly start: number;
  readonly covers: readonly number[];
}

/**
 * Cuts a text at every match boundary, so overlapping matches of several rules can be drawn on
 * one text: each segment knows which matches cover it. Newlines and tabs become spaces.
 */
export function matchSegments(text: string, matches: readonly { readonly start: number; readonly end: number }[]): MatchSegment[] {
  const cuts = new Set<number>([0, text.length]);
  for (const m of matches) {
    cuts.add(Math.max(0, Math.min(m.start, text.length)));
    cuts.add(Math.max(0, Math.min(m.end, text.length)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: MatchSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const s = points[i]!;
    const e = points[i + 1]!;
    const covers: number[] = [];
    matches.forEach((m, k) => {
      if (m.start <= s && m.end >= e) covers.push(k);
    });
    out.push({ text: text.slice(s, e).replace(/[\r\n\t]/g, ' '), start: s, covers });
  }
  return out;
}

/**
 * The segments of a text too long for its `capacity` (in characters), cut to a window that shows
 * the match at `focus` (a third of the way in), with `…` where text is left out before or after:
 * moving through the matches moves the window, so every part of a long example can be reached.
 */
export function windowSegments(segments: readonly MatchSegment[], textLength: number, capacity: number, focus: number): MatchSegment[] {
  if (textLength <= capacity) return [...segments];
  const room = Math.max(1, capacity - 2);
  const from = Math.max(0, Math.min(textLength - room, focus - Math.floor(room / 3)));
  const to = from + room;
  const out: MatchSegment[] = [];
  if (from > 0) out.push({ text: '…', start: -1, covers: [] });
  for (const s of segments) {
    const end = s.start + s.text.length;
    if (end <= from || s.start >= to) continue;
    const a = Math.max(s.start, from);
    const b = Math.min(end, to);
    out.push({ text: s.text.slice(a - s.start, b - s.start), start: a, covers: s.covers });
  }
  if (to < textLength) out.push({ text: '…', start: textLength, covers: [] });
  return out;
}

/**
 * A `focus` for windowSegments that moves the window half a window at a time: the text under a
 * moving text cursor stays put until the caret nears an edge, rather than scrolling each key.
 */
export function steppedFocus(caret: number, capacity: number): number {
  const room = Math.max(1, capacity - 2);
  const half = Math.max(1, Math.floor(room / 2));
  const from = Math.max(0, Math.floor(caret / half) * half - Math.floor(half / 2));
  return from + Math.floor(room / 3);
}

/** A segment, and whether it lies in the selection or under the caret. */
export interface MarkedSegment extends MatchSegment {
  readonly selected: boolean;
  readonly caret: boolean;
}

interface Range {
  readonly start: number;
  readonly end: number;
}

const inside = (r: Range | null, a: number, b: number) => r !== null && r.start <= a && b <= r.end;

/**
 * The segments cut again at the selection's and the caret's edges, so each piece is drawn one
 * way. A caret at the very end of the text (an empty range) gets a blank to stand on. The `…`
 * of a window (outside the text's offsets) is never marked.
 */
export function markSegments(segments: readonly MatchSegment[], textLength: number, selection: Range | null, caret: Range | null): MarkedSegment[] {
  const edges = [selection?.start, selection?.end, caret?.start, caret?.end].filter((x): x is number => x !== undefined);
  const out: MarkedSegment[] = [];
  for (const s of segments) {
    const end = s.start + s.text.length;
    if (s.start < 0 || s.start >= textLength) {
      out.push({ ...s, selected: false, caret: false });
      continue;
    }
    const cuts = [...new Set([s.start, ...edges.filter((x) => x > s.start && x < end), end])].sort((a, b) => a - b);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const [a, b] = [cuts[i]!, cuts[i + 1]!];
      out.push({ text: s.text.slice(a - s.start, b - s.start), start: a, covers: s.covers, selected: inside(selection, a, b), caret: inside(caret, a, b) });
    }
  }
  if (caret && caret.start === caret.end) out.push({ text: '', start: caret.start, covers: [], selected: false, caret: true });
  return out;
}
