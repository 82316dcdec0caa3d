/**
 * The keyword decision list baseline for classification: every lower-cased word and word bigram
 * of the labelled texts is a feature; a feature predicts the label most of its texts carry, and is
 * kept when that share (its train precision) is >= 0.9 and at least 2 texts carry it (support).
 * Kept features are ordered by precision, then support; the first that a text contains gives its
 * label. A text with none abstains, and so does one whose best features (same precision and
 * support) point to different labels.
 */

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The distinct lower-cased words and bigrams of a text. */
export function wordFeatures(text: string): Set<string> {
  const toks = text.toLowerCase().match(TOKEN) ?? [];
  const out = new Set<string>(toks);
  for (let i = 1; i < toks.length; i++) out.add(`${toks[i - 1]} ${toks[i]}`);
  return out;
}

export interface KeywordEntry {
  feature: string;
  label: string;
  precision: number;
  support: number;
}

export interface KeywordOptions {
  minPrecision?: number;
  minSupport?: number;
}

export class KeywordList {
  private readonly rank = new Map<string, number>();

  constructor(readonly entries: readonly KeywordEntry[]) {
    entries.forEach((e, i) => this.rank.set(e.feature, i));
  }

  static train(examples: readonly { text: string; label: string }[], opts: KeywordOptions = {}): KeywordList {
    const minPrecision = opts.minPrecision ?? 0.9;
    const minSupport = opts.minSupport ?? 2;
    const byFeature = new Map<string, Map<string, number>>();
    for (const e of examples)
      for (const f of wordFeatures(e.text)) {
        let m = byFeature.get(f);
        if (!m) byFeature.set(f, (m = new Map()));
        m.set(e.label, (m.get(e.label) ?? 0) + 1);
      }
    const entries: KeywordEntry[] = [];
    for (const [feature, labels] of byFeature) {
      let total = 0;
      let best: [string, number] = ['', 0];
      for (const [l, n] of labels) {
        total += n;
        if (n > best[1] || (n === best[1] && l < best[0])) best = [l, n];
      }
      const precision = best[1] / total;
      // A feature two labels share equally has no majority label.
      const tied = [...labels.values()].filter((n) => n === best[1]).length > 1;
      if (!tied && precision >= minPrecision && best[1] >= minSupport) entries.push({ feature, label: best[0], precision, support: best[1] });
    }
    entries.sort((a, b) => b.precision - a.precision || b.support - a.support || (a.feature < b.feature ? -1 : a.feature > b.feature ? 1 : 0));
    return new KeywordList(entries);
  }

  /** The label of the first kept feature the text contains, or null (no hit, or a tie at the top). */
  classify(text: string): string | null {
    let best: KeywordEntry | undefined;
    const hits: KeywordEntry[] = [];
    for (const f of wordFeatures(text)) {
      const i = this.rank.get(f);
      if (i === undefined) continue;
      const e = this.entries[i]!;
      hits.push(e);
      if (!best || i < this.rank.get(best.feature)!) best = e;
    }
    if (!best) return null;
    const top = best;
    const rival = hits.some((e) => e.label !== top.label && e.precision === top.precision && e.support === top.support);
    return rival ? null : top.label;
  }
}
