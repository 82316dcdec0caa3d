import { bmpFoldTable, foldCodePoint } from './fold.js';
import { isWordCodePoint, wordAt, wordBefore } from './word-chars.js';
import type { LexiconMatchOptions } from './match-options.js';

/** Sink for spans: the executor's growable buffer, or anything with `push2`. */
export interface SpanSink {
  push2(start: number, end: number): void;
}

/**
 * An Aho–Corasick automaton over UTF-16 code units (case-folded when matching ignores case):
 * one pass over the text finds every term occurrence, whatever the number of terms. Selection is
 * then leftmost-longest and non-overlapping, with the lexicon's per-edge word boundaries, so it
 * matches exactly what the trie regex does. Transitions are stored flat (CSR) after building:
 * memory stays proportional to the trie, not to trie × alphabet.
 */
export class AhoCorasick {
  private readonly root = new Int32Array(0x10000);
  private readonly edgeStart: Int32Array;
  private readonly edgeChar: Uint16Array;
  private readonly edgeTarget: Int32Array;
  private readonly fail: Int32Array;
  /** Length in code units of the term ending at a state, 0 when none. */
  private readonly termLen: Int32Array;
  /** Nearest terminal state on the fail chain (a shorter term ending here), 0 when none. */
  private readonly dict: Int32Array;
  /** Bit 1: the term starts with a word character; bit 2: it ends with one. */
  private readonly wordEdges: Uint8Array;
  private readonly fold: Uint16Array | null;

  constructor(terms: readonly string[], private readonly opts: LexiconMatchOptions) {
    this.fold = opts.caseSensitive ? null : bmpFoldTable();
    const children: Map<number, number>[] = [new Map()];
    const termLen: number[] = [0];
    const wordEdges: number[] = [0];
    for (const term of terms) {
      if (!term) continue;
      const units = this.foldUnits(term);
      let s = 0;
      for (const u of units) {
        let t = children[s]!.get(u);
        if (t === undefined) {
          t = children.length;
          children.push(new Map());
          termLen.push(0);
          wordEdges.push(0);
          children[s]!.set(u, t);
        }
        s = t;
      }
      termLen[s] = units.length;
      const first = term.codePointAt(0)!;
      const last = lastCodePoint(term);
      wordEdges[s] = (isWordCodePoint(first) ? 1 : 0) | (isWordCodePoint(last) ? 2 : 0);
    }
    const n = children.length;
    this.termLen = Int32Array.from(termLen);
    this.wordEdges = Uint8Array.from(wordEdges);
    this.edgeStart = new Int32Array(n + 1);
    let edges = 0;
    for (let s = 0; s < n; s++) {
      this.edgeStart[s] = edges;
      edges += children[s]!.size;
    }
    this.edgeStart[n] = edges;
    this.edgeChar = new Uint16Array(edges);
    this.edgeTarget = new Int32Array(edges);
    for (let s = 0; s < n; s++) {
      let k = this.edgeStart[s]!;
      for (const [u, t] of [...children[s]!.entries()].sort((a, b) => a[0] - b[0])) {
        this.edgeChar[k] = u;
        this.edgeTarget[k++] = t;
      }
    }
    for (const [u, t] of children[0]!) this.root[u] = t;
    this.fail = new Int32Array(n);
    this.dict = new Int32Array(n);
    // Breadth-first: a state's fail link is the longest proper suffix that is also a trie path.
    const queue = new Int32Array(n);
    let head = 0;
    let tail = 0;
    for (const t of children[0]!.values()) queue[tail++] = t;
    while (head < tail) {
      const s = queue[head++]!;
      for (let k = this.edgeStart[s]!; k < this.edgeStart[s + 1]!; k++) {
        const u = this.edgeChar[k]!;
        const t = this.edgeTarget[k]!;
        const f = this.step(this.fail[s]!, u);
        this.fail[t] = f;
        this.dict[t] = this.termLen[f] ? f : this.dict[f]!;
        queue[tail++] = t;
      }
    }
  }

  /**
   * Appends the spans of the selected matches to `out` (leftmost-longest, non-overlapping, with
   * boundaries) and returns how many; `firstOnly` stops after the first.
   */
  scan(text: string, out: SpanSink, firstOnly: boolean): number {
    const starts: number[] = [];
    const ends: number[] = [];
    const fold = this.fold;
    const wb = this.opts.wordBoundary;
    let s = 0;
    let pendingLow = -1;
    for (let i = 0; i < text.length; i++) {
      let u = text.charCodeAt(i);
      if (fold) {
        if (pendingLow >= 0) {
          u = pendingLow;
          pendingLow = -1;
        } else if (u >= 0xd800 && u <= 0xdbff && i + 1 < text.length) {
          const cp = text.codePointAt(i)!;
          if (cp > 0xffff) {
            const f = foldCodePoint(cp);
            u = 0xd800 + ((f - 0x10000) >> 10);
            pendingLow = 0xdc00 + ((f - 0x10000) & 0x3ff);
          }
        } else u = fold[u]!;
      }
      s = this.step(s, u);
      for (let o = this.termLen[s] ? s : this.dict[s]!; o > 0; o = this.dict[o]!) {
        const end = i + 1;
        const start = end - this.termLen[o]!;
        if (wb) {
          const edges = this.wordEdges[o]!;
          if (edges & 1 && wordBefore(text, start)) continue;
          if (edges & 2 && wordAt(text, end)) continue;
        }
        starts.push(start);
        ends.push(end);
      }
    }
    if (!starts.length) return 0;
    const order = Array.from(starts.keys()).sort((a, b) => starts[a]! - starts[b]! || ends[b]! - ends[a]!);
    let count = 0;
    let lastEnd = 0;
    for (const k of order) {
      if (starts[k]! < lastEnd) continue;
      out.push2(starts[k]!, ends[k]!);
      lastEnd = ends[k]!;
      count++;
      if (firstOnly) break;
    }
    return count;
  }

  private step(state: number, u: number): number {
    let s = state;
    for (;;) {
      if (s === 0) return this.root[u]!;
      const t = this.child(s, u);
      if (t >= 0) return t;
      s = this.fail[s]!;
    }
  }

  private child(s: number, u: number): number {
    let lo = this.edgeStart[s]!;
    let hi = this.edgeStart[s + 1]!;
    if (hi - lo <= 8) {
      for (; lo < hi; lo++) if (this.edgeChar[lo] === u) return this.edgeTarget[lo]!;
      return -1;
    }
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = this.edgeChar[mid]!;
      if (c === u) return this.edgeTarget[mid]!;
      if (c < u) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }

  private foldUnits(term: string): number[] {
    const units: number[] = [];
    for (const ch of term) {
      const cp = this.fold ? foldCodePoint(ch.codePointAt(0)!) : ch.codePointAt(0)!;
      if (cp > 0xffff) units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
      else units.push(cp);
    }
    return units;
  }
}

function lastCodePoint(s: string): number {
  const c = s.charCodeAt(s.length - 1);
  if (c >= 0xdc00 && c <= 0xdfff && s.length >= 2) return s.codePointAt(s.length - 2)!;
  return c;
}
