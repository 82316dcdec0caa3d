import { wilsonLower } from '../../../core/metrics/wilson.js';
import { templateParts } from './codes.js';
import { goldHeads, refine } from './exceptions.js';
import { fixedDigits } from './tokens.js';
import { parseKey, type WindowIndex, type WindowPattern } from './windows.js';
import { TUNING } from '../tuning.js';
import { f1OfTotals } from '../../../core/ratio.js';

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
  /** Most exceptions a chosen candidate is refined by (see `refine`). */
  mostExceptions: number;
  deadline: number;
}

/**
 * A max-heap of candidate positions by (stale) score; of equal scores, the candidate with fewer
 * constraints (`rank`, lower first) comes out first.
 */
class Heap {
  private readonly items: { i: number; s: number }[] = [];
  constructor(private readonly rank: ArrayLike<number>) {}
  get size(): number {
    return this.items.length;
  }
  /** The top item (undefined when empty). */
  peek(): { i: number; s: number } | undefined {
    return this.items[0];
  }
  /** Whether `a` comes out before `b`. */
  before(a: { i: number; s: number }, b: { i: number; s: number }): boolean {
    return a.s > b.s || (a.s === b.s && this.rank[a.i]! < this.rank[b.i]!);
  }
  push(i: number, s: number): void {
    const a = this.items;
    a.push({ i, s });
    for (let k = a.length - 1; k > 0; ) {
      const p = (k - 1) >> 1;
      if (!this.before(a[k]!, a[p]!)) break;
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
        if (l < a.length && this.before(a[l]!, a[m]!)) m = l;
        if (r < a.length && this.before(a[r]!, a[m]!)) m = r;
        if (m === k) break;
        [a[m], a[k]] = [a[k]!, a[m]!];
        k = m;
      }
    }
    return top;
  }
}

/**
 * How constrained a candidate is: one for each context it needs (a token on the left, on the
 * right, a metadata fact), each number of a fixed digit count and each literal word of its
 * template. Of candidates with the same train evidence the least constrained is taken: "tomorrow"
 * rather than "tomorrow" after "for" when both matched the same spans, and "in" + a number of
 * any length + "days" rather than one of two digits.
 */
export function constraints(p: WindowPattern): number {
  const tokens = templateParts(p.template).codes;
  return (p.left ? 1 : 0) + (p.right ? 1 : 0) + (p.when ? 1 : 0) + tokens.filter((t) => fixedDigits(t) || t.startsWith('w:')).length;
}

/**
 * Whether a candidate matches gold spans of its label in at least two documents. Its credit is
 * counted leave-one-document-out: a gold span only counts when the candidate would also have been
 * proposed without that span's document. A surface form seen in one document (a name mentioned
 * once) has no evidence that it recurs, so it earns nothing; a shape or a context seen around
 * entities of many documents keeps all its credit.
 */
function recursAcrossDocs(ix: WindowIndex, list: readonly number[], c: number): boolean {
  let first = -1;
  for (const w of list) {
    if (ix.gold[w] !== c) continue;
    const d = ix.doc[w]!;
    if (first < 0) first = d;
    else if (d !== first) return true;
  }
  return false;
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
  const labelOf = keys.map((k) => parseKey(k, ix.meta).label);
  const produced = new Uint8Array(ix.doc.length);
  const heap = new Heap(keys.map((k) => constraints(parseKey(k, ix.meta).pattern)));
  const recurs = keys.map((_, i) => recursAcrossDocs(ix, lists[i]!, labelOf[i]!));
  const marginalOf = (list: readonly number[], c: number) => {
    let k = 0;
    let n = 0;
    for (const w of list) {
      if (produced[w]) continue;
      n++;
      if (ix.gold[w] === c) k++;
    }
    return { k, n };
  };
  const marginal = (i: number) => (recurs[i] ? marginalOf(lists[i]!, labelOf[i]!) : { k: 0, n: lists[i]!.length });
  const never = goldHeads(ix);
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
    const next = heap.peek();
    if (next && heap.before(next, { i: top.i, s })) {
      heap.push(top.i, s);
      continue;
    }
    const c = labelOf[top.i]!;
    if ((perLabel.get(c) ?? 0) >= opts.maxRulesPerLabel) continue;
    const f1 = f1OfTotals(tp, tp + fp, reachable) ?? 0;
    if (m.k / m.n <= f1 / 2) continue;
    const { pattern } = parseKey(keys[top.i]!, ix.meta);
    const refined = refine(ix, never.get(c), pattern.template, c, lists[top.i]!, opts.mostExceptions);
    const added = refined ? marginalOf(refined.list, c) : m;
    for (const w of refined?.list ?? lists[top.i]!) produced[w] = 1;
    tp += added.k;
    fp += added.n - added.k;
    perLabel.set(c, (perLabel.get(c) ?? 0) + 1);
    rules.push({ label: ix.labels[c]!, pattern: refined ? { ...pattern, except: refined.words } : pattern, tp: added.k, n: added.n, score: s });
  }
  return { rules, stop: 'exhausted' };
}

/** Whether a candidate's template is made of shapes only (no word of its own): it can reach unseen entities. */
const shapeOnly = (template: string): boolean => !template.includes('w:');

/**
 * The broadest shape templates selection left out, most train gold first: on data whose entities
 * recur within train but not beyond it (a name trending in the week train was collected), train
 * alone cannot tell that a capitalised word between lowercase words beats a list of the names it
 * saw. Each is then tried on dev, which decides (see induce-windows.ts).
 */
export function generalCandidates(ix: WindowIndex, chosen: readonly WindowRule[], opts: { limit: number; z: number; mostExceptions: number }): WindowRule[] {
  const never = goldHeads(ix);
  const id = (label: string, p: WindowPattern) => JSON.stringify([label, p.template, p.left, p.right, p.when, p.optional ?? []]);
  const taken = new Set(chosen.map((r) => id(r.label, r.pattern)));
  const out: WindowRule[] = [];
  for (const [key, list] of ix.occurrences) {
    const { label, pattern } = parseKey(key, ix.meta);
    if (!shapeOnly(pattern.template) || taken.has(id(ix.labels[label]!, pattern))) continue;
    if (!recursAcrossDocs(ix, list, label)) continue;
    let k = 0;
    for (const w of list) if (ix.gold[w] === label) k++;
    if (k < TUNING.windows.generalMinGold) continue;
    const refined = refine(ix, never.get(label), pattern.template, label, list, opts.mostExceptions);
    const n = refined?.list.length ?? list.length;
    out.push({ label: ix.labels[label]!, pattern: refined ? { ...pattern, except: refined.words } : pattern, tp: k, n, score: wilsonLower(k / n, n, opts.z) });
  }
  // The broadest first decide which are tried; the most precise of those are tried first, so a
  // precise template (a capitalised word between lowercase ones) comes before its broad parent.
  return out.sort((a, b) => b.tp - a.tp || b.score - a.score).slice(0, opts.limit).sort((a, b) => b.score - a.score);
}
