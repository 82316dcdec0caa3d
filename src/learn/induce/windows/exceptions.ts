import { templateParts } from './codes.js';
import { CAPITALISED, type SpanToken } from './tokens.js';

/** A token's word (lower-cased, no `w:`) when it is a capitalised ASCII word, else null: what an exception can name. */
export function headWord(t: SpanToken): string | null {
  if (!CAPITALISED.has(t.shape) || !t.literal.startsWith('w:')) return null;
  const w = t.literal.slice(2);
  return /^[a-z'’]+$/.test(w) ? w : null;
}

/** The words windows start with that an exception can name, by id. */
export interface HeadWords {
  words: string[];
  /** Ids of the words written in lower case somewhere in the documents: common words, not names. */
  common: Set<number>;
}

/** Gives the first word of each window an id (see `headWord`), then the table of them. */
export class HeadWordIds {
  private readonly ids = new Map<string, number>();

  /** The id of the word a window starting at `t` starts with, -1 when no exception can name it. */
  of(t: SpanToken): number {
    const w = headWord(t);
    if (w === null) return -1;
    let id = this.ids.get(w);
    if (id === undefined) this.ids.set(w, (id = this.ids.size));
    return id;
  }

  /** The words by id, and which of them the documents' tokens write in lower case. */
  table(tokens: readonly (readonly SpanToken[])[]): HeadWords {
    const common = new Set<number>();
    for (const toks of tokens)
      for (const t of toks) {
        const id = t.shape === 'x' ? this.ids.get(t.literal.slice(2)) : undefined;
        if (id !== undefined) common.add(id);
      }
    return { words: [...this.ids.keys()], common };
  }
}

/** What refining reads of the window index: per window its gold label id (-1: none) and its first word's id (-1: none). */
export interface HeadIndex {
  gold: ArrayLike<number>;
  head: ArrayLike<number>;
  heads: HeadWords;
}

/** Per label id, the first words of its gold windows: a word once gold is never excepted. */
export function goldHeads(ix: Omit<HeadIndex, 'heads'>): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (let w = 0; w < ix.gold.length; w++) {
    const c = ix.gold[w]!;
    const h = ix.head[w]!;
    if (c < 0 || h < 0) continue;
    let set = out.get(c);
    if (!set) out.set(c, (set = new Set()));
    set.add(h);
  }
  return out;
}

/**
 * A chosen candidate refined by exceptions, as RIPPER refines a rule: the common words its first,
 * capitalised, token was wrong on ("[On] Monday", "[The] Old Dairy" read as a first name before
 * a capitalised word), the most frequent `most` of them, and its windows less theirs. A word is
 * excepted only when it is written in lower case somewhere in the documents and is never the
 * first word of a gold span of the label, so a name it was wrong on (an unmarked one) stays and
 * the refined candidate finds every gold span the candidate did. Null when there is nothing to
 * except. Selection chooses on the candidate itself and refines it afterwards: chosen on its
 * refined counts, a broad template ("any capitalised word") passes on the train mistakes it was
 * cut to avoid and fails on the new ones unseen text brings.
 */
export function refine(ix: HeadIndex, never: ReadonlySet<number> | undefined, template: string, label: number, list: readonly number[], most: number): { words: string[]; list: number[] } | null {
  if (most < 1 || !CAPITALISED.has(templateParts(template).codes[0]!)) return null;
  const wrong = new Map<number, number>();
  for (const w of list) {
    const h = ix.head[w]!;
    if (ix.gold[w] === label || h < 0 || !ix.heads.common.has(h) || never?.has(h)) continue;
    wrong.set(h, (wrong.get(h) ?? 0) + 1);
  }
  if (!wrong.size) return null;
  const except = new Set([...wrong].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, most).map(([h]) => h));
  return { words: [...except].map((h) => ix.heads.words[h]!).sort(), list: list.filter((w) => !except.has(ix.head[w]!)) };
}
