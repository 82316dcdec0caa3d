/**
 * The keyword baseline for span tasks: a list of gold surface forms. Every distinct gold span text
 * is searched for in the labelled texts (exact, case-sensitive, not inside a longer word); a
 * (surface, label) pair is kept when its gold count over its occurrences (train precision) is
 * >= 0.9 and it is gold at least twice (support). On a new text the kept surfaces are searched
 * longest first; an occurrence overlapping one already taken is skipped, except that the same
 * range may carry a second label (Restaurant-8k's "in an hour" is both time and date).
 */

export interface SurfaceEntry {
  surface: string;
  label: string;
  precision: number;
  support: number;
}

export interface FoundSpan {
  start: number;
  end: number;
  label: string;
  /** Higher is more trusted; ranks spans of one label against each other. */
  score: number;
}

const WORD = /[\p{L}\p{N}]/u;
const isWord = (ch: string | undefined): boolean => ch !== undefined && WORD.test(ch);

/** Start offsets of `surface` in `text` that do not cut a word on either side. */
export function occurrences(text: string, surface: string): number[] {
  const out: number[] = [];
  if (!surface) return out;
  const checkLeft = isWord(surface[0]);
  const checkRight = isWord(surface[surface.length - 1]);
  for (let at = text.indexOf(surface); at !== -1; at = text.indexOf(surface, at + 1)) {
    if (checkLeft && isWord(text[at - 1])) continue;
    if (checkRight && isWord(text[at + surface.length])) continue;
    out.push(at);
  }
  return out;
}

export class SurfaceList {
  constructor(readonly entries: readonly SurfaceEntry[]) {}

  static train(examples: readonly { text: string; spans: readonly { start: number; end: number; label: string }[] }[], opts: { minPrecision?: number; minSupport?: number } = {}): SurfaceList {
    const minPrecision = opts.minPrecision ?? 0.9;
    const minSupport = opts.minSupport ?? 2;
    const gold = new Map<string, Map<string, number>>();
    for (const e of examples)
      for (const s of e.spans) {
        const surface = e.text.slice(s.start, s.end);
        if (!surface.trim()) continue;
        let m = gold.get(surface);
        if (!m) gold.set(surface, (m = new Map()));
        m.set(s.label, (m.get(s.label) ?? 0) + 1);
      }
    // One corpus, so each surface is one native search; NUL never occurs in the texts.
    const corpus = examples.map((e) => e.text).join('\u0000');
    const entries: SurfaceEntry[] = [];
    for (const [surface, labels] of gold) {
      const best = Math.max(...labels.values());
      if (best < minSupport) continue;
      const occ = occurrences(corpus, surface).length;
      for (const [label, n] of labels) {
        const precision = occ ? Math.min(1, n / occ) : 0;
        if (n >= minSupport && precision >= minPrecision) entries.push({ surface, label, precision, support: n });
      }
    }
    entries.sort((a, b) => b.surface.length - a.surface.length || b.precision - a.precision || b.support - a.support || (a.surface < b.surface ? -1 : a.surface > b.surface ? 1 : a.label < b.label ? -1 : 1));
    return new SurfaceList(entries);
  }

  find(text: string): FoundSpan[] {
    const taken: FoundSpan[] = [];
    for (const e of this.entries)
      for (const start of occurrences(text, e.surface)) {
        const end = start + e.surface.length;
        const clash = taken.some((t) => t.start < end && start < t.end && !(t.start === start && t.end === end && t.label !== e.label));
        const dup = taken.some((t) => t.start === start && t.end === end && t.label === e.label);
        if (!clash && !dup) taken.push({ start, end, label: e.label, score: e.precision + e.support * 1e-6 });
      }
    return taken.sort((a, b) => a.start - b.start || a.end - b.end);
  }
}
