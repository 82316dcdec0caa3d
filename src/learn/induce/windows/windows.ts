import type { SpanDoc } from '../spans/forms.js';
import { spanTokens, type SpanToken } from './tokens.js';

/** Separator codes inside a template: whitespace, or none (tokens touch: `8:15`). */
export const SPACED = ' ';
export const TOUCHING = '\u0002';

/** Context codes for the start and the end of the text: a bare answer ("13", "for 8") is its own signal. */
export const BOS = '\u0003';
export const EOS = '\u0004';

/** A template and its optional context: what a rule matches and where. */
export interface WindowPattern {
  /** Token codes joined by separator codes. */
  template: string;
  /** The token just before the span (its literal code and whether whitespace separates it). */
  left: string | null;
  right: string | null;
}

/** Every window of every document that fits a template some gold span has, with what it is. */
export interface WindowIndex {
  /** Per window: document, offsets, and the gold label id there (-1: not a gold span). */
  doc: Int32Array;
  start: Int32Array;
  end: Int32Array;
  gold: Int32Array;
  /** Candidate key → window ids. Keys: `label\u0001template\u0001left\u0001right`. */
  occurrences: Map<string, number[]>;
  labels: string[];
  /** Gold spans no template can reach (not on token edges). */
  unreachable: number;
  goldTotal: number;
}

/** Templates of one window at three levels: literal words, shapes for capitalised words, all shapes. */
function templates(toks: readonly SpanToken[], i: number, j: number): string[] {
  const seq = (code: (t: SpanToken) => string) => {
    let s = code(toks[i]!);
    for (let k = i + 1; k <= j; k++) s += (toks[k]!.spaced ? SPACED : TOUCHING) + code(toks[k]!);
    return s;
  };
  const caps = (t: SpanToken) => (t.shape === 'Xx' || t.shape === 'X' || t.shape === 'Xmix' ? t.shape : t.literal);
  return [...new Set([seq((t) => t.literal), seq(caps), seq((t) => t.shape)])];
}

/** Codes of the token beside a window: its literal, and its shape when that differs (a capitalised name, a number). */
function sideCodes(t: SpanToken | undefined, spaced: boolean, edge: string): string[] {
  if (!t) return [edge];
  const sep = spaced ? SPACED : TOUCHING;
  return t.shape !== t.literal && /^(Xx|X|Xmix)$/.test(t.shape) ? [`${t.literal}${sep}`, `${t.shape}${sep}`] : [`${t.literal}${sep}`];
}

export interface IndexLimits {
  /** Longest template, in tokens. */
  maxTokens: number;
  /** Fewest gold occurrences a context needs to become a candidate. */
  minContextSupport: number;
}

/**
 * Indexes the windows of `docs`: first the templates of every gold span (per label), then every
 * window of every document whose template is one of them, each with its context on either side.
 * A candidate's support and precision are then counts over its window list; no regex runs.
 */
export function indexWindows(docs: readonly SpanDoc[], limits: IndexLimits): WindowIndex {
  const labels = [...new Set(docs.flatMap((d) => d.spans.map((s) => s.label)))].sort();
  const labelId = new Map(labels.map((l, i) => [l, i]));
  const tokens = docs.map((d) => spanTokens(d.text));
  const positive = new Map<string, Set<number>>();
  let unreachable = 0;
  let goldTotal = 0;
  const goldAt = docs.map((d, di) => {
    const toks = tokens[di]!;
    const byStart = new Map(toks.map((t, k) => [t.start, k]));
    const byEnd = new Map(toks.map((t, k) => [t.end, k]));
    const at = new Map<string, number>();
    for (const s of d.spans) {
      goldTotal++;
      const i = byStart.get(s.start);
      const j = byEnd.get(s.end);
      if (i === undefined || j === undefined || j < i || j - i >= limits.maxTokens) {
        unreachable++;
        continue;
      }
      const c = labelId.get(s.label)!;
      at.set(`${s.start}:${s.end}`, c);
      for (const t of templates(toks, i, j)) {
        let set = positive.get(t);
        if (!set) positive.set(t, (set = new Set()));
        set.add(c);
      }
    }
    return at;
  });
  const doc: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const gold: number[] = [];
  const occurrences = new Map<string, number[]>();
  const push = (key: string, w: number) => {
    let xs = occurrences.get(key);
    if (!xs) occurrences.set(key, (xs = []));
    xs.push(w);
  };
  docs.forEach((d, di) => {
    const toks = tokens[di]!;
    for (let i = 0; i < toks.length; i++)
      for (let j = i; j < toks.length && j - i < limits.maxTokens; j++) {
        let w = -1;
        for (const t of templates(toks, i, j)) {
          const ls = positive.get(t);
          if (!ls) continue;
          if (w < 0) {
            w = doc.length;
            doc.push(di);
            start.push(toks[i]!.start);
            end.push(toks[j]!.end);
            gold.push(goldAt[di]!.get(`${toks[i]!.start}:${toks[j]!.end}`) ?? -1);
          }
          const lefts = sideCodes(toks[i - 1], toks[i]!.spaced, BOS);
          // Two words of left context ("the name", "name is"): literal only.
          if (toks[i - 2] && toks[i - 1]) lefts.push(`${toks[i - 2]!.literal}${toks[i - 1]!.spaced ? SPACED : TOUCHING}${toks[i - 1]!.literal}${toks[i]!.spaced ? SPACED : TOUCHING}`);
          const rights = sideCodes(toks[j + 1], !!toks[j + 1]?.spaced, EOS);
          for (const c of ls) {
            if (d.universe && !d.universe.has(labels[c]!)) continue;
            const base = `${c}\u0001${t}`;
            push(`${base}\u0001\u0001`, w);
            for (const l of lefts) push(`${base}\u0001${l}\u0001`, w);
            for (const r of rights) push(`${base}\u0001\u0001${r}`, w);
            for (const l of lefts) for (const r of rights) push(`${base}\u0001${l}\u0001${r}`, w);
          }
        }
      }
  });
  // Contexts seen around fewer gold spans than the limit are dropped: they cannot generalise.
  for (const [key, ws] of occurrences) {
    const parts = key.split('\u0001');
    if (parts[2] === '' && parts[3] === '') continue;
    const c = Number(parts[0]);
    let g = 0;
    for (const w of ws) if (gold[w] === c) g++;
    if (g < limits.minContextSupport) occurrences.delete(key);
  }
  return { doc: Int32Array.from(doc), start: Int32Array.from(start), end: Int32Array.from(end), gold: Int32Array.from(gold), occurrences, labels, unreachable, goldTotal };
}

/** The parts of a candidate key. */
export function parseKey(key: string): { label: number; pattern: WindowPattern } {
  const [c, template, left, right] = key.split('\u0001') as [string, string, string, string];
  return { label: Number(c), pattern: { template, left: left || null, right: right || null } };
}
