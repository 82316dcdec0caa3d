/**
 * Multinomial logistic (softmax) regression on sparse rows, trained by AdaGrad SGD with L2 on the
 * weights a row touches (the usual lazy approximation for sparse data): small, dependency-free and
 * deterministic for a seed. Shared by the TF-IDF text classifier and the BIO token tagger.
 */
import { mulberry32, shuffle } from '../../../src/core/random.js';

/** A sparse row: feature indices and their values (same length). */
export interface SparseRow {
  idx: Int32Array;
  val: Float32Array;
}

export interface FitOptions {
  epochs?: number;
  /** AdaGrad base learning rate. */
  lr?: number;
  /** L2 strength per update on the touched weights. */
  l2?: number;
  seed?: number;
}

export class SoftmaxRegression {
  readonly w: Float32Array;
  readonly b: Float32Array;
  private readonly gw: Float32Array;
  private readonly gb: Float32Array;

  constructor(
    readonly features: number,
    readonly classes: number,
  ) {
    this.w = new Float32Array(features * classes);
    this.gw = new Float32Array(features * classes).fill(1e-8);
    this.b = new Float32Array(classes);
    this.gb = new Float32Array(classes).fill(1e-8);
  }

  /** Class probabilities of a row. */
  proba(row: SparseRow, out = new Float64Array(this.classes)): Float64Array {
    const K = this.classes;
    for (let k = 0; k < K; k++) out[k] = this.b[k]!;
    for (let j = 0; j < row.idx.length; j++) {
      const base = row.idx[j]! * K;
      const v = row.val[j]!;
      for (let k = 0; k < K; k++) out[k]! += this.w[base + k]! * v;
    }
    let max = -Infinity;
    for (let k = 0; k < K; k++) if (out[k]! > max) max = out[k]!;
    let sum = 0;
    for (let k = 0; k < K; k++) sum += out[k] = Math.exp(out[k]! - max);
    for (let k = 0; k < K; k++) out[k]! /= sum;
    return out;
  }

  /** The most probable class (lowest index on a tie). */
  predict(row: SparseRow): number {
    const p = this.proba(row);
    let best = 0;
    for (let k = 1; k < this.classes; k++) if (p[k]! > p[best]!) best = k;
    return best;
  }

  fit(rows: readonly SparseRow[], ys: readonly number[], opts: FitOptions = {}): this {
    const { epochs = 15, lr = 0.5, l2 = 1e-5, seed = 42 } = opts;
    const K = this.classes;
    const rand = mulberry32(seed);
    const order = rows.map((_, i) => i);
    const p = new Float64Array(K);
    for (let ep = 0; ep < epochs; ep++) {
      shuffle(order, rand);
      for (const i of order) {
        const row = rows[i]!;
        this.proba(row, p);
        p[ys[i]!]! -= 1;
        for (let k = 0; k < K; k++) {
          const g = p[k]!;
          this.gb[k]! += g * g;
          this.b[k]! -= (lr * g) / Math.sqrt(this.gb[k]!);
        }
        for (let j = 0; j < row.idx.length; j++) {
          const base = row.idx[j]! * K;
          const v = row.val[j]!;
          for (let k = 0; k < K; k++) {
            const at = base + k;
            const g = p[k]! * v + l2 * this.w[at]!;
            this.gw[at]! += g * g;
            this.w[at]! -= (lr * g) / Math.sqrt(this.gw[at]!);
          }
        }
      }
    }
    return this;
  }
}
