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
