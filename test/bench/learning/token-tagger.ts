/**
 * The statistical span baseline: a token-level classifier. Texts are cut into tokens (runs of
 * letters, runs of digits, single other characters), gold spans become BIO tags (overlapping gold
 * spans cannot all be tagged: by start, longest first, a span overlapping one already tagged is
 * left out), and a multinomial logistic regression predicts each token's tag from the usual word
 * features: lower-cased word, prefix and suffix of 3, shape, capitalised, digits, whether it is
 * glued to the previous token, the words two either side and the shapes one either side, and the
 * example's context tags where the importer keeps them (Restaurant-8k's requested slot). Tags are decoded to
 * spans (an I- that continues nothing starts a span, as conlleval does); a span's score is the
 * mean probability of its tags.
 */
import { SoftmaxRegression, type SparseRow } from './softmax.js';
import type { FoundSpan } from './span-keywords.js';

interface Token {
  start: number;
  end: number;
  text: string;
}

const TOKEN = /\p{L}+|\p{N}+|[^\s\p{L}\p{N}]/gu;

function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
}

const shape = (w: string): string =>
  w
    .replace(/\p{Lu}/gu, 'X')
    .replace(/\p{Ll}/gu, 'x')
    .replace(/\p{N}/gu, 'd')
    .replace(/(.)\1{2,}/gu, '$1$1');

function tokenFeatures(toks: readonly Token[], text: string, i: number, context: readonly string[]): string[] {
  const t = toks[i]!;
  const w = t.text;
  const lw = w.toLowerCase();
  const prev = toks[i - 1];
  const next = toks[i + 1];
  const f = [`w=${lw}`, `p3=${lw.slice(0, 3)}`, `s3=${lw.slice(-3)}`, `shape=${shape(w)}`, 'bias'];
  if (/^\p{Lu}/u.test(w)) f.push('cap');
  if (/^\p{N}+$/u.test(w)) f.push(`digits=${Math.min(w.length, 5)}`);
  if (prev && prev.end === t.start) f.push('glued');
  if (i > 0 && text.slice(prev!.end, t.start).includes('\n')) f.push('line-start');
  f.push(prev ? `-1w=${prev.text.toLowerCase()}` : '-1w=<s>', next ? `+1w=${next.text.toLowerCase()}` : '+1w=</s>');
  f.push(prev ? `-1shape=${shape(prev.text)}` : '-1shape=<s>', next ? `+1shape=${shape(next.text)}` : '+1shape=</s>');
  f.push(`-2w=${toks[i - 2]?.text.toLowerCase() ?? '<s>'}`, `+2w=${toks[i + 2]?.text.toLowerCase() ?? '</s>'}`);
  for (const c of context) f.push(`ctx=${c}`, `ctx=${c}&shape=${shape(w)}`);
  return f;
}

/** A text, its gold spans, and document-level context tags (Restaurant-8k's requested slots). */
export type Labelled = { text: string; spans: readonly { start: number; end: number; label: string }[]; context?: readonly string[] };

function bio(toks: readonly Token[], spans: Labelled['spans']): string[] {
  const tags = toks.map(() => 'O');
  const kept: Labelled['spans'][number][] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = kept[kept.length - 1];
    if (!last || s.start >= last.end) kept.push(s);
  }
  for (const s of kept) {
    let first = true;
    toks.forEach((t, i) => {
      if (t.start < s.end && s.start < t.end) {
        tags[i] = `${first ? 'B' : 'I'}-${s.label}`;
        first = false;
      }
    });
  }
  return tags;
}

export class TokenTagger {
  private constructor(
    private readonly vocab: Map<string, number>,
    private readonly tags: readonly string[],
    private readonly model: SoftmaxRegression,
  ) {}

  static train(examples: readonly Labelled[], opts: { epochs?: number; seed?: number } = {}): TokenTagger {
    const vocab = new Map<string, number>();
    const tagIndex = new Map<string, number>([['O', 0]]);
    const rows: SparseRow[] = [];
    const ys: number[] = [];
    for (const e of examples) {
      const toks = tokenize(e.text);
      const tags = bio(toks, e.spans);
      toks.forEach((_, i) => {
        const ids: number[] = [];
        for (const f of tokenFeatures(toks, e.text, i, e.context ?? [])) {
          let id = vocab.get(f);
          if (id === undefined) vocab.set(f, (id = vocab.size));
          ids.push(id);
        }
        rows.push({ idx: Int32Array.from(ids), val: new Float32Array(ids.length).fill(1) });
        let y = tagIndex.get(tags[i]!);
        if (y === undefined) tagIndex.set(tags[i]!, (y = tagIndex.size));
        ys.push(y);
      });
    }
    const model = new SoftmaxRegression(vocab.size, tagIndex.size).fit(rows, ys, { epochs: opts.epochs ?? 8, lr: 0.2, l2: 1e-6, seed: opts.seed ?? 42 });
    return new TokenTagger(vocab, [...tagIndex.keys()], model);
  }

  find(text: string, context: readonly string[] = []): FoundSpan[] {
    const toks = tokenize(text);
    const out: FoundSpan[] = [];
    let open: { label: string; start: number; end: number; probs: number[] } | undefined;
    const close = () => {
      if (open) out.push({ start: open.start, end: open.end, label: open.label, score: open.probs.reduce((a, b) => a + b, 0) / open.probs.length });
      open = undefined;
    };
    toks.forEach((t, i) => {
      const idx: number[] = [];
      for (const f of tokenFeatures(toks, text, i, context)) {
        const id = this.vocab.get(f);
        if (id !== undefined) idx.push(id);
      }
      const p = this.model.proba({ idx: Int32Array.from(idx), val: new Float32Array(idx.length).fill(1) });
      let k = 0;
      for (let j = 1; j < p.length; j++) if (p[j]! > p[k]!) k = j;
      const tag = this.tags[k]!;
      if (tag === 'O') return close();
      const label = tag.slice(2);
      if (tag.startsWith('I-') && open && open.label === label) {
        open.end = t.end;
        open.probs.push(p[k]!);
        return;
      }
      close();
      open = { label, start: t.start, end: t.end, probs: [p[k]!] };
    });
    close();
    return out;
  }
}
