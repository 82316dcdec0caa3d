/**
 * The statistical classification baseline: TF-IDF over lower-cased word 1-2 grams (sublinear tf,
 * smoothed idf, rows L2-normalised, as scikit-learn's TfidfVectorizer with those options) and a
 * multinomial logistic regression on top. It always answers (coverage 1).
 */
import { SoftmaxRegression, type FitOptions, type SparseRow } from './softmax.js';

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

function grams(text: string): string[] {
  const toks = text.toLowerCase().match(TOKEN) ?? [];
  const out = [...toks];
  for (let i = 1; i < toks.length; i++) out.push(`${toks[i - 1]} ${toks[i]}`);
  return out;
}

class TfidfVectorizer {
  private readonly vocab = new Map<string, number>();
  private idf = new Float32Array(0);

  get size(): number {
    return this.vocab.size;
  }

  fit(texts: readonly string[]): this {
    const df: number[] = [];
    for (const t of texts)
      for (const g of new Set(grams(t))) {
        let i = this.vocab.get(g);
        if (i === undefined) this.vocab.set(g, (i = df.push(0) - 1));
        df[i]!++;
      }
    const n = texts.length;
    this.idf = Float32Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
    return this;
  }

  /** Unseen grams are dropped. */
  transform(text: string): SparseRow {
    const tf = new Map<number, number>();
    for (const g of grams(text)) {
      const i = this.vocab.get(g);
      if (i !== undefined) tf.set(i, (tf.get(i) ?? 0) + 1);
    }
    const idx = Int32Array.from(tf.keys());
    const val = Float32Array.from(idx, (i) => (1 + Math.log(tf.get(i)!)) * this.idf[i]!);
    let norm = 0;
    for (const v of val) norm += v * v;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < val.length; j++) val[j]! /= norm;
    return { idx, val };
  }
}

export class TfidfLogReg {
  private constructor(
    private readonly vec: TfidfVectorizer,
    private readonly model: SoftmaxRegression,
    readonly labels: readonly string[],
  ) {}

  static train(examples: readonly { text: string; label: string }[], opts: FitOptions = {}): TfidfLogReg {
    const labels = [...new Set(examples.map((e) => e.label))].sort();
    const index = new Map(labels.map((l, i) => [l, i]));
    const vec = new TfidfVectorizer().fit(examples.map((e) => e.text));
    const rows = examples.map((e) => vec.transform(e.text));
    const model = new SoftmaxRegression(vec.size, labels.length).fit(
      rows,
      examples.map((e) => index.get(e.label)!),
      opts,
    );
    return new TfidfLogReg(vec, model, labels);
  }

  classify(text: string): string {
    return this.labels[this.model.predict(this.vec.transform(text))]!;
  }
}
