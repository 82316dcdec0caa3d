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
