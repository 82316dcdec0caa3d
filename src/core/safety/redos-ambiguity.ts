import { INIT, Undecided, type PositionAutomaton } from './redos-nfa.js';

/** An attack as character classes: `prefix` once, `pump` repeated, `suffix` once. */
export interface Witness {
  prefix: number[];
  pump: number[];
  suffix: number[];
}

/** What the ambiguity of the automaton says about backtracking on a failing text. */
export type Ambiguity =
  | { kind: 'linear' }
  | { kind: 'exponential'; witness: Witness }
  | {
      kind: 'polynomial';
      degree: number;
      witness: Witness;
      /**
       * The witnesses of the chain's later links. The text that drives a whole chain often pumps a
       * later link's string: `.*a.*a.*b` blows up on a's, while its first link (the search's
       * restart and the first `.*`) pumps any character.
       */
      links: Witness[];
    };

const WORK_LIMIT = 2_000_000;

/**
 * Decides how a backtracking matcher can blow up on the automaton (Weideman et al., 2016):
 * exponentially when some state has two distinct loops reading the same string (EDA: two states
 * of one strongly connected component that a common string moves apart and back together, or two
 * ε-routes between the same positions), polynomially of degree d+1 along a chain of d pairs of
 * distinct loops that one string pumps and connects (IDA). Transitions that leave a state where a
 * match is already certain for the next character are dropped: a search stops at a match, so
 * loops at the end of a pattern (`\w+`, `a*a*`) cost nothing. The restart of the search at every
 * position is the automaton's first loop, which is how `\s*x` and `\bcard\b.*\bpending\b` reach
 * degree 2.
 */
export function analyse(a: PositionAutomaton): Ambiguity {
  return new Analysis(a).run();
}

interface Component {
  id: number;
  states: number[];
}

class Analysis {
  private work = 0;
  private readonly n: number;
  /** Live edges: target, mask of classes it can read, ε-route multiplicity. */
  private readonly out: { to: number; mask: bigint; mult: number }[][];
  private comp: Int32Array = new Int32Array(0);
  private rev: number[][] | undefined;

  constructor(private readonly a: PositionAutomaton) {
    this.n = a.stateCount;
    const all = (1n << BigInt(a.alphabet.classCount)) - 1n;
    const nonWord = all & ~a.alphabet.word;
    this.out = a.next.map((edges, s) => {
      // Characters after which a match is certain here end the search instead.
      const acc = a.accept[s]!;
      const allowed = all & ~((acc & 1 ? a.alphabet.word : 0n) | (acc & 2 ? nonWord : 0n));
      const live: { to: number; mask: bigint; mult: number }[] = [];
      for (const [to, mult] of edges) {
        const mask = a.label[to]! & allowed;
        if (mask !== 0n) live.push({ to, mask, mult });
      }
      return live;
    });
  }

  private spend(n = 1): void {
    this.work += n;
    if (this.work > WORK_LIMIT) throw new Undecided('the pattern is too large for the static screen');
  }

  run(): Ambiguity {
    const reach = this.reachableFromStart();
    const { comp, order } = tarjan(this.n, (v, visit) => {
      if (reach[v]) for (const e of this.out[v]!) visit(e.to);
    });
    this.comp = comp;
    const live: Component[] = [];
    order.forEach((states, id) => {
      if (!reach[states[0]!]) return;
      const loops = states.length > 1 || this.out[states[0]!]!.some((e) => e.to === states[0]);
      if (loops) live.push({ id, states });
    });
    for (const c of live) {
      const w = this.eda(c);
      if (w) return { kind: 'exponential', witness: this.complete(w.at, w.pump) };
    }
    return this.degree(live);
  }

  private reachableFromStart(): Uint8Array {
    const seen = new Uint8Array(this.n);
    const stack = [INIT];
    seen[INIT] = 1;
    while (stack.length)
      for (const e of this.out[stack.pop()!]!)
        if (!seen[e.to]) {
          seen[e.to] = 1;
          stack.push(e.to);
        }
    return seen;
  }

  /** A string with two distinct paths from a state of the component back to it, if there is one. */
  private eda(c: Component): { at: number; pump: number[] } | undefined {
    const inC = (s: number): boolean => this.comp[s] === c.id;
    for (const s of c.states) {
      for (const e of this.out[s]!) {
        if (e.mult > 1 && inC(e.to)) return { at: s, pump: [low(e.mask), ...(this.path(e.to, s, inC) ?? [])] };
      }
    }
    const N = this.n;
    const pairs = (key: number, visit: (k: number, c: number) => void): void => {
      const u = Math.floor(key / N);
      const v = key % N;
      for (const e of this.out[u]!) {
        if (!inC(e.to)) continue;
        for (const f of this.out[v]!) {
          if (!inC(f.to)) continue;
          const m = e.mask & f.mask;
          this.spend();
          if (m !== 0n) visit(e.to * N + f.to, low(m));
        }
      }
    };
    const { comp, order } = tarjanKeys(
      c.states.map((s) => s * N + s),
      pairs,
      () => this.spend(),
    );
    for (const group of order) {
      const diag = group.find((k) => Math.floor(k / N) === k % N);
      const off = group.find((k) => Math.floor(k / N) !== k % N);
      if (diag === undefined || off === undefined) continue;
      const inG = (k: number): boolean => comp.get(k) === comp.get(diag);
      const there = bfs(diag, (k) => k === off, pairs, inG, () => this.spend());
      const back = bfs(off, (k) => k === diag, pairs, inG, () => this.spend());
      if (there && back) return { at: diag % N, pump: [...there, ...back] };
    }
    return undefined;
  }

  /** Classes of a shortest path between two states staying within `keep`. */
  private path(from: number, to: number, keep: (s: number) => boolean): number[] | undefined {
    return bfs(from, (s) => s === to, (s, visit) => this.out[s]!.forEach((e) => visit(e.to, low(e.mask))), keep, () => this.spend());
  }

  /** The longest chain of loop components connected by IDA; degree = number of components in it. */
  private degree(live: Component[]): Ambiguity {
    if (live.length < 2) return { kind: 'linear' };
    const liveIds = new Set(live.map((c) => c.id));
    const reachable = new Map<number, Set<number>>();
    for (const c of live) {
      const seen = new Set<number>();
      const mark = new Uint8Array(this.n);
      const stack = [...c.states];
      for (const s of stack) mark[s] = 1;
      while (stack.length) {
        for (const e of this.out[stack.pop()!]!) {
          if (mark[e.to]) continue;
          mark[e.to] = 1;
          if (liveIds.has(this.comp[e.to]!)) seen.add(this.comp[e.to]!);
          stack.push(e.to);
        }
      }
      reachable.set(c.id, seen);
    }
    type Link = { at: number; pump: number[] };
    type Chain = { length: number; links: Link[] };
    const best = new Map<number, Chain>();
    let top: Chain = { length: 1, links: [] };
    // Tarjan lists components sinks first, so every component a chain continues to is done.
    for (const c of live) {
      let mine: Chain = { length: 1, links: [] };
      for (const d of live) {
        if (d.id === c.id || !reachable.get(c.id)!.has(d.id)) continue;
        const after = best.get(d.id)!;
        if (after.length + 1 <= mine.length) continue;
        const w = this.ida(c, d);
        if (w) mine = { length: after.length + 1, links: [w, ...after.links] };
      }
      best.set(c.id, mine);
      if (mine.length > top.length) top = mine;
    }
    const [first, ...later] = top.links.map((l) => this.complete(l.at, l.pump));
    if (!first) return { kind: 'linear' };
    return { kind: 'polynomial', degree: top.length, witness: first, links: later };
  }

  private reverse(): number[][] {
    if (!this.rev) {
      const rev: number[][] = Array.from({ length: this.n }, () => []);
      this.out.forEach((edges, s) => edges.forEach((e) => rev[e.to]!.push(s)));
      this.rev = rev;
    }
    return this.rev;
  }

  /** A string w with p -w-> p, p -w-> q and q -w-> q for some p in A, q in B (IDA), if there is one. */
  private ida(A: Component, B: Component): { at: number; pump: number[] } | undefined {
    const inA = (s: number): boolean => this.comp[s] === A.id;
    const inB = (s: number): boolean => this.comp[s] === B.id;
    const toB = new Uint8Array(this.n);
    const rev = this.reverse();
    const stack = [...B.states];
    for (const s of stack) toB[s] = 1;
    while (stack.length)
      for (const p of rev[stack.pop()!]!)
        if (!toB[p]) {
          toB[p] = 1;
          stack.push(p);
        }
    const N = this.n;
    const steps = (key: number, visit: (k: number, c: number) => void): void => {
      const x = Math.floor(key / (N * N));
      const y = Math.floor(key / N) % N;
      const z = key % N;
      for (const e of this.out[x]!) {
        if (!inA(e.to)) continue;
        for (const f of this.out[y]!) {
          if (!toB[f.to]) continue;
          const m = e.mask & f.mask;
          if (m === 0n) continue;
          for (const g of this.out[z]!) {
            if (!inB(g.to)) continue;
            this.spend();
            const m3 = m & g.mask;
            if (m3 !== 0n) visit((e.to * N + f.to) * N + g.to, low(m3));
          }
        }
      }
    };
    for (const p of A.states) {
      for (const q of B.states) {
        const goal = (p * N + q) * N + q;
        const w = bfs((p * N + p) * N + q, (k) => k === goal, steps, () => true, () => this.spend(), true);
        if (w) return { at: p, pump: w };
      }
    }
    return undefined;
  }

  /** Adds a prefix that reaches the pump's state and a character that ends every path there, if one does. */
  private complete(at: number, pump: number[]): Witness {
    const prefix = bfs(INIT, (s) => s === at, (s, visit) => this.out[s]!.forEach((e) => visit(e.to, low(e.mask))), () => true, () => this.spend()) ?? [];
    const K = this.a.alphabet.classCount;
    let read = 0n;
    for (const e of this.a.next[at]!) read |= this.a.label[e[0]]!;
    const suffix: number[] = [];
    for (let c = 0; c < K; c++) {
      if (!((read >> BigInt(c)) & 1n)) {
        suffix.push(c);
        break;
      }
    }
    return { prefix, pump, suffix };
  }
}

/** The lowest class in a non-empty mask. */
function low(m: bigint): number {
  let c = 0;
  while (!((m >> BigInt(c)) & 1n)) c++;
  return c;
}

/** Iterative Tarjan over nodes 0..n-1; `order` lists components sinks first. */
function tarjan(n: number, succ: (v: number, visit: (w: number) => void) => void): { comp: Int32Array; order: number[][] } {
  const index = new Int32Array(n).fill(-1);
  const lowLink = new Int32Array(n);
  const comp = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const order: number[][] = [];
  const lists: number[][] = new Array(n);
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const call: [number, number][] = [[root, 0]];
    while (call.length) {
      const frame = call[call.length - 1]!;
      const v = frame[0];
      if (index[v] === -1) {
        index[v] = lowLink[v] = counter++;
        stack.push(v);
        onStack[v] = 1;
        const out: number[] = [];
        succ(v, (w) => out.push(w));
        lists[v] = out;
      }
      const out = lists[v]!;
      if (frame[1] < out.length) {
        const w = out[frame[1]++]!;
        if (index[w] === -1) call.push([w, 0]);
        else if (onStack[w]) lowLink[v] = Math.min(lowLink[v]!, index[w]!);
        continue;
      }
      call.pop();
      if (call.length) {
        const u = call[call.length - 1]![0];
        lowLink[u] = Math.min(lowLink[u]!, lowLink[v]!);
      }
      if (lowLink[v] === index[v]) {
        const group: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = order.length;
          group.push(w);
        } while (w !== v);
        order.push(group);
      }
    }
  }
  return { comp, order };
}

/** Tarjan over the nodes reachable from `roots`, nodes named by numeric keys. */
function tarjanKeys(
  roots: number[],
  succ: (v: number, visit: (w: number, label: number) => void) => void,
  spend: () => void,
): { comp: Map<number, number>; order: number[][] } {
  const id = new Map<number, number>();
  const keys: number[] = [];
  const adj: number[][] = [];
  for (const r of roots)
    if (!id.has(r)) {
      id.set(r, keys.length);
      keys.push(r);
    }
  for (let i = 0; i < keys.length; i++) {
    const out: number[] = [];
    succ(keys[i]!, (w) => {
      spend();
      let j = id.get(w);
      if (j === undefined) {
        j = keys.length;
        id.set(w, j);
        keys.push(w);
      }
      out.push(j);
    });
    adj[i] = out;
  }
  const { comp, order } = tarjan(keys.length, (v, visit) => adj[v]!.forEach(visit));
  const byKey = new Map<number, number>();
  keys.forEach((k, i) => byKey.set(k, comp[i]!));
  return { comp: byKey, order: order.map((g) => g.map((i) => keys[i]!)) };
}

/** Breadth-first search returning the labels of a shortest path (`nonEmpty`: at least one step). */
function bfs(
  from: number,
  goal: (k: number) => boolean,
  succ: (k: number, visit: (k2: number, label: number) => void) => void,
  keep: (k: number) => boolean,
  spend: () => void,
  nonEmpty = false,
): number[] | undefined {
  if (!nonEmpty && goal(from)) return [];
  const parent = new Map<number, [number, number]>();
  const queue = [from];
  const seen = new Set<number>([from]);
  for (let i = 0; i < queue.length; i++) {
    const k = queue[i]!;
    let last: [number, number] | undefined;
    succ(k, (k2, label) => {
      if (last || !keep(k2)) return;
      spend();
      if (goal(k2)) {
        last = [k, label];
        return;
      }
      if (seen.has(k2)) return;
      seen.add(k2);
      parent.set(k2, [k, label]);
      queue.push(k2);
    });
    if (last) {
      const labels = [last[1]];
      let at = last[0];
      while (at !== from) {
        const [p, l] = parent.get(at)!;
        labels.push(l);
        at = p;
      }
      return labels.reverse();
    }
  }
  return undefined;
}
