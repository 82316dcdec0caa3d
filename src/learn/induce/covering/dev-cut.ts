import { f1OfTotals, pairedZ } from '../../../core/ratio.js';

/** Which rules fire on each held-out text, in list order: rules `entryRule[docEntries[d]..docEntries[d+1])` of text d. */
export interface Firings {
  docEntries: ArrayLike<number>;
  entryRule: ArrayLike<number>;
}

/**
 * A list's firings on held-out texts, with their gold labels and the rules' labels and passes (all
 * trimmed, lower case). A rule with a negative pass (the default rule) is never cut or counted.
 */
export interface CutInput {
  firings: Firings;
  gold: readonly string[];
  label: readonly string[];
  passOf: Int32Array;
  /** The default class: a text no kept rule decides is given it (none: left unlabelled). */
  fallback?: string;
}

/** The rules a dev cut keeps (pool positions), dev F1 with them, and which dev texts they get right. */
export interface DevCut {
  kept: number[];
  f1: number;
  right: Uint8Array;
}

/**
 * Which rules of the list to keep, pass by pass: the prefix of the first pass with the best dev F1
 * (the first firing rule of a text is its prediction), then of each later pass the prefix that is
 * best on the texts no kept rule of an earlier pass decides. A fallback pass is thus judged where
 * it would decide, never cut away with the first pass's tail.
 */
export function bestPerPass(c: CutInput): DevCut {
  const { docEntries, entryRule } = c.firings;
  const n = c.gold.length;
  const size = c.label.length;
  const decided = new Uint8Array(n);
  const right = new Uint8Array(n);
  const kept: number[] = [];
  let tp = 0;
  let answered = 0;
  const fb = c.fallback;
  // Undecided texts whose gold is the default class: the default gets them right.
  let open = fb === undefined ? 0 : c.gold.filter((g) => g === fb).length;
  const score = (t: number, a: number, o: number) => (fb === undefined ? f1OfTotals(t, a, n) : f1OfTotals(t + o, n, n)) ?? 0;
  let f1 = score(0, 0, open);
  const passes = c.passOf.reduce((m, p) => Math.max(m, p), 0) + 1;
  for (let s = 0; s < passes; s++) {
    // The first rule of this pass firing on each undecided text.
    const first = new Int32Array(n).fill(-1);
    for (let d = 0; d < n; d++) {
      if (decided[d]) continue;
      for (let e = docEntries[d]!; e < docEntries[d + 1]!; e++) {
        const p = entryRule[e]!;
        if (c.passOf[p] === s) {
          first[d] = p;
          break;
        }
      }
    }
    const hits = new Int32Array(size);
    const fired = new Int32Array(size);
    const taken = new Int32Array(size);
    for (let d = 0; d < n; d++) {
      const p = first[d]!;
      if (p < 0) continue;
      fired[p]!++;
      if (c.label[p] === c.gold[d]) hits[p]!++;
      if (c.gold[d] === fb) taken[p]!++;
    }
    let best = -1;
    let t = tp;
    let a = answered;
    let o = open;
    for (let p = 0; p < size; p++) {
      if (c.passOf[p] !== s) continue;
      t += hits[p]!;
      a += fired[p]!;
      o -= taken[p]!;
      const f = score(t, a, o);
      if (f > f1 + 1e-12) {
        f1 = f;
        best = p;
      }
    }
    if (best < 0) continue;
    for (let p = 0; p <= best; p++) {
      if (c.passOf[p] !== s) continue;
      kept.push(p);
      tp += hits[p]!;
      answered += fired[p]!;
      open -= taken[p]!;
    }
    for (let d = 0; d < n; d++) {
      const p = first[d]!;
      if (p < 0 || p > best) continue;
      decided[d] = 1;
      if (c.label[p] === c.gold[d]) right[d] = 1;
    }
  }
  if (fb !== undefined) for (let d = 0; d < n; d++) if (!decided[d] && c.gold[d] === fb) right[d] = 1;
  return { kept, f1, right };
}

/**
 * How far a list's dev answers beat another's beyond chance: McNemar's z over the dev texts one of
 * them gets right and the other does not (positive: `b` is better). Two lists learned from the
 * same train differ on few texts, so a small F1 gain on dev can be noise; a change of model has to
 * clear this, not just a higher F1.
 */
export function pairedGain(a: Uint8Array, b: Uint8Array): number {
  let onlyA = 0;
  let onlyB = 0;
  for (let d = 0; d < a.length; d++) {
    if (a[d] && !b[d]) onlyA++;
    else if (b[d] && !a[d]) onlyB++;
  }
  return pairedZ(onlyA, onlyB);
}
