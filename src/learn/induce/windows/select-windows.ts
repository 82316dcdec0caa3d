import { wilsonLower } from '../../../core/metrics/wilson.js';
import { parseKey, type WindowIndex, type WindowPattern } from './windows.js';

/** A chosen span rule: its pattern, label, and what it added on train when chosen. */
export interface WindowRule {
  label: string;
  pattern: WindowPattern;
  tp: number;
  n: number;
  score: number;
}

export interface SelectOptions {
  z: number;
  minSupport: number;
  maxRules: number;
  maxRulesPerLabel: number;
  deadline: number;
}

/** A max-heap of candidate positions by (stale) score. */
class Heap {
  private readonly items: { i: number; s: number }[] = [];
  get size(): number {
    return this.items.length;
  }
  peek(): number {
    return this.items[0]?.s ?? -Infinity;
  }
  push(i: number, s: number): void {
    const a = this.items;
    a.push({ i, s });
    for (let k = a.length - 1; k > 0; ) {
      const p = (k - 1) >> 1;
      if (a[p]!.s >= a[k]!.s) break;
      [a[p], a[k]] = [a[k]!, a[p]!];
      k = p;
    }
  }
  pop(): { i: number; s: number } | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length && last) {
      a[0] = last;
      for (let k = 0; ; ) {
        const l = 2 * k + 1;
        const r = l + 1;
        let m = k;
        if (l < a.length && a[l]!.s > a[m]!.s) m = l;
        if (r < a.length && a[r]!.s > a[m]!.s) m = r;
        if (m === k) break;
        [a[m], a[k]] = [a[k]!, a[m]!];
        k = m;
      }
    }
    return top;
  }
}

/**
 * Greedy forward selection of span rules for a union ruleset (every rule's spans are kept, so a
 * rule is worth what it adds): candidates are taken best first by the Wilson bound of the precision
 * of what they would add to the windows already produced (lazily re-scored, as in greedy set
 * cover), and one is kept while that precision beats half the current train F1, the break-even
 * point of micro F1. Counts come from the window index; no regex runs.
 */
export function selectWindows(ix: WindowIndex, opts: SelectOptions): { rules: WindowRule[]; stop: 'exhausted' | 'budget' | 'max_rules' } {
  const keys = [...ix.occurrences.keys()].sort();
  const lists = keys.map((k) => ix.occurrences.get(k)!);
  const labelOf = keys.map((k) => parseKey(k).label);
  const produced = new Uint8Array(ix.doc.length);
  const heap = new Heap();
  const marginal = (i: number) => {
    let k = 0;
    let n = 0;
    const c = labelOf[i]!;
    for (const w of lists[i]!) {
      if (produced[w]) continue;
      n++;
      if (ix.gold[w] === c) k++;
    }
    return { k, n };
  };
  const score = (k: number, n: number) => (k < opts.minSupport ? -1 : wilsonLower(k / n, n, opts.z));
  keys.forEach((_, i) => {
    const m = marginal(i);
    const s = score(m.k, m.n);
    if (s > 0) heap.push(i, s);
  });
  const perLabel = new Map<number, number>();
  const rules: WindowRule[] = [];
  let tp = 0;
  let fp = 0;
  const reachable = ix.goldTotal;
  while (heap.size) {
    if (rules.length >= opts.maxRules) return { rules, stop: 'max_rules' };
    if (performance.now() > opts.deadline) return { rules, stop: 'budget' };
    const top = heap.pop()!;
    const m = marginal(top.i);
    const s = score(m.k, m.n);
    if (s <= 0) continue;
    if (s < heap.peek()) {
      heap.push(top.i, s);
      continue;
    }
    const c = labelOf[top.i]!;
    if ((perLabel.get(c) ?? 0) >= opts.maxRulesPerLabel) continue;
    const f1 = tp + fp + reachable ? (2 * tp) / (tp + fp + reachable) : 0;
    if (m.k / m.n <= f1 / 2) continue;
    for (const w of lists[top.i]!) produced[w] = 1;
    tp += m.k;
    fp += m.n - m.k;
    perLabel.set(c, (perLabel.get(c) ?? 0) + 1);
    rules.push({ label: ix.labels[c]!, pattern: parseKey(keys[top.i]!).pattern, tp: m.k, n: m.n, score: s });
  }
  return { rules, stop: 'exhausted' };
}
