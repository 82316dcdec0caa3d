import type { Node } from '../regex/python/ast.js';
import { buildAlphabet, type Alphabet, type AtomNode } from './redos-alphabet.js';
import { reverseNode } from './reverse-node.js';

/** Thrown when a pattern is too large or too tangled for the static screen within its budget. */
export class Undecided extends Error {}

/*
 * Zero-width conditions on an ε-route, as the set of (previous, next) character kinds that satisfy
 * every assertion on it: previous ∈ {W word, N non-word, S start of text}, next ∈ {W, N} (the end
 * of the text counts as N). Bit (prev * 2 + next).
 */
const W = 0;
const N = 1;
const S = 2;
const bit = (prev: number, next: number): number => 1 << (prev * 2 + next);
const FULL = 0b111111;
const MASKS: Record<string, number> = {
  b: bit(W, N) | bit(N, W) | bit(S, W),
  B: bit(W, W) | bit(N, N) | bit(S, N),
  m: bit(N, W) | bit(S, W),
  M: bit(W, N),
  start: bit(S, W) | bit(S, N),
};

interface Eps {
  to: number;
  mask: number;
  /** A lookaround or a line anchor: passes here, but a match through it is never certain. */
  cond?: boolean;
  /** `$`, `\Z`: a match through it needs the end of the text. */
  end?: boolean;
  enter?: number;
  back?: number;
}

/** Position automaton state ids: 0 = start of text, 1/2 = the search's restart loop after a word/non-word character, then 2 per position. */
export const INIT = 0;
const stateOf = (pos: number, kind: number): number => 3 + 2 * pos + kind;

/**
 * The pattern as a position automaton (an ε-free NFA whose states are the characters it reads,
 * each split by whether that character is a word character, so `\b` is exact), with the search's
 * restart at every position as a loop on any character before the pattern. Transitions carry the
 * number of distinct ε-routes between two positions (1 or 2+): two routes between the same
 * positions are two backtracking paths, as in `(a+)+`.
 */
export interface PositionAutomaton {
  readonly alphabet: Alphabet;
  readonly stateCount: number;
  /** Classes each state reads (its label: every transition into it reads one of these). */
  readonly label: readonly bigint[];
  /** Successors of each state: [target, multiplicity] pairs. */
  readonly next: readonly (readonly (readonly [number, number])[])[];
  /** Per state, the next-character kinds (bit 0 W, 1 N, 2 end of text) after which a match is certain there. */
  readonly accept: readonly number[];
  /** Per state: a match ends here if the text ends here (through `$`). */
  readonly acceptAtEnd: readonly boolean[];
}

/** A lookaround's body, as the engine reads it: a lookbehind's reversed (see `reverseNode`), to be read on the reversed text. */
export interface LookBody {
  body: Node;
  behind: boolean;
}

/** What the builder found besides the automaton: sub-patterns the screen must judge on their own. */
export interface BuildResult {
  automaton: PositionAutomaton;
  /** Lookaround bodies: each runs at up to every position the outer pattern reaches. */
  looks: LookBody[];
}

const REPEAT_CAP = 16;
const POSITION_LIMIT = 3000;
const ROUTE_BUDGET = 400_000;

class Builder {
  nodes = 0;
  readonly eps: Eps[][] = [];
  readonly atoms: AtomNode[] = [];
  /** Position k reads atoms[k] from posFrom[k] to posTo[k]. */
  readonly posFrom: number[] = [];
  readonly posTo: number[] = [];
  readonly looks: LookBody[] = [];
  readonly groups = new Map<number, Node>();
  private loops = 0;
  private depth = 0;

  node(): number {
    this.eps.push([]);
    return this.nodes++;
  }

  link(from: number, to: number, e: Omit<Eps, 'to'> = { mask: FULL }): void {
    this.eps[from]!.push({ to, ...e });
  }

  build(n: Node, from: number): number {
    switch (n.type) {
      case 'seq':
        return n.items.reduce((at, item) => this.build(item, at), from);
      case 'alt': {
        const end = this.node();
        for (const a of n.alts) {
          const s = this.node();
          this.link(from, s);
          this.link(this.build(a, s), end);
        }
        return end;
      }
      case 'char':
      case 'set':
      case 'dot': {
        if (this.atoms.length >= POSITION_LIMIT) throw new Undecided('the pattern has too many positions');
        const to = this.node();
        this.atoms.push(n);
        this.posFrom.push(from);
        this.posTo.push(to);
        return to;
      }
      case 'group':
        if (n.capture !== null) this.groups.set(n.capture, n.body);
        return this.build(n.body, from);
      case 'look': {
        this.looks.push({ body: n.behind ? reverseNode(n.body) : n.body, behind: n.behind });
        const to = this.node();
        this.link(from, to, { mask: FULL, cond: true });
        return to;
      }
      case 'anchor': {
        const to = this.node();
        if (n.kind === 'start' || n.kind === 'textStart') this.link(from, to, { mask: MASKS.start! });
        else if (n.kind === 'end' || n.kind === 'textEnd') this.link(from, to, { mask: FULL, end: true });
        else this.link(from, to, { mask: FULL, cond: true });
        return to;
      }
      case 'boundary': {
        const to = this.node();
        this.link(from, to, { mask: MASKS[n.kind]! });
        return to;
      }
      case 'backref': {
        // The reference matches what its group matched: a string of the group's language.
        const body = this.groups.get(n.group);
        if (!body || this.depth > 4) {
          const to = this.node();
          this.link(from, to, { mask: FULL, cond: true });
          return to;
        }
        this.depth++;
        const end = this.build(body, from);
        this.depth--;
        return end;
      }
      case 'repeat':
        return this.repeat(n, from);
    }
  }

  /**
   * Counted repeats are unrolled (optional copies nested, as a counted loop is unambiguous);
   * counts above REPEAT_CAP become unbounded. Greediness and possessiveness are ignored: on a
   * failing text every path is tried either way (possessive and atomic groups only make the
   * screen more cautious).
   */
  private repeat(n: Extract<Node, { type: 'repeat' }>, from: number): number {
    const min = Math.min(n.min, REPEAT_CAP);
    const max = n.max > REPEAT_CAP ? Infinity : n.max;
    let at = from;
    const fixed = max === Infinity && min > 0 ? min - 1 : min;
    for (let k = 0; k < fixed; k++) at = this.build(n.body, at);
    if (max === Infinity) return this.loop(n.body, at, min > 0);
    const optional = (left: number, start: number): number => {
      if (left === 0) return start;
      const s = this.node();
      const end = this.node();
      this.link(start, s);
      this.link(optional(left - 1, this.build(n.body, s)), end);
      this.link(start, end);
      return end;
    };
    return optional(max - min, at);
  }

  /** A loop whose back edge is only taken after the iteration read something (JS's empty check). */
  private loop(body: Node, from: number, plus: boolean): number {
    const id = this.loops++;
    const head = this.node();
    const start = this.node();
    const exit = this.node();
    this.link(from, head);
    this.link(head, start, { mask: FULL, enter: id });
    const end = this.build(body, start);
    this.link(end, head, { mask: FULL, back: id });
    if (plus) this.link(end, exit);
    else this.link(head, exit);
    return exit;
  }
}

interface RouteSink {
  /** Route counts (saturating at 2) per target position and (prev, next) combination. */
  counts: Map<number, Uint8Array>;
  /** Combinations for which a route reaches the end of the pattern with certainty. */
  clean: number;
  /** Combinations for which a route reaches the end of the pattern through `$`. */
  atEnd: number;
}

/**
 * Builds the position automaton of a parsed pattern. `asciiWord`: `\b` is ASCII (JS dialect);
 * `restart`: the search tries the pattern at every position (false for a part of a pattern that
 * the screen judges on its own).
 */
export function buildAutomaton(root: Node, asciiWord: boolean, restart = true): BuildResult {
  const b = new Builder();
  const start = b.node();
  const final = b.build(root, start);
  const positions = b.atoms.length;
  const charFrom: number[][] = Array.from({ length: b.nodes }, () => []);
  b.posFrom.forEach((f, k) => charFrom[f]!.push(k));
  let budget = ROUTE_BUDGET;

  const routes = (source: number): RouteSink => {
    const sink: RouteSink = { counts: new Map(), clean: 0, atEnd: 0 };
    // A route may pass a node again in a new iteration of an enclosing loop (as `(a*)*` leaves
    // and re-enters its inner loop), never twice in the same state: the loops it has entered
    // without reading anything only grow along a route, so routes stay finite.
    const onPath = new Set<string>();
    const walk = (node: number, mask: number, cond: boolean, end: boolean, fresh: number[]): void => {
      if (--budget < 0) throw new Undecided('the pattern has too many ε-routes');
      if (node === final) {
        if (!cond && !end) sink.clean |= mask;
        else if (!cond) sink.atEnd |= mask;
      }
      for (const k of charFrom[node]!) {
        let c = sink.counts.get(k);
        if (!c) sink.counts.set(k, (c = new Uint8Array(6)));
        for (let i = 0; i < 6; i++) if (mask & (1 << i) && c[i]! < 2) c[i]!++;
      }
      const here = `${node}:${fresh.join(',')}`;
      onPath.add(here);
      for (const e of b.eps[node]!) {
        if (e.back !== undefined && fresh.includes(e.back)) continue;
        const m = mask & e.mask;
        if (m === 0) continue;
        const nextFresh = e.enter !== undefined && !fresh.includes(e.enter) ? [...fresh, e.enter].sort((x, y) => x - y) : fresh;
        if (onPath.has(`${e.to}:${nextFresh.join(',')}`)) continue;
        walk(e.to, m, cond || !!e.cond, end || !!e.end, nextFresh);
      }
      onPath.delete(here);
    };
    walk(source, FULL, false, false, []);
    return sink;
  };

  const alphabet = buildAlphabet(b.atoms, asciiWord);
  const all = (1n << BigInt(alphabet.classCount)) - 1n;
  const kindMask = [alphabet.word, all & ~alphabet.word];
  const stateCount = 3 + 2 * positions;
  const label: bigint[] = new Array(stateCount).fill(0n);
  label[1] = kindMask[W]!;
  label[2] = kindMask[N]!;
  for (let k = 0; k < positions; k++) {
    label[stateOf(k, W)] = alphabet.atoms[k]! & kindMask[W]!;
    label[stateOf(k, N)] = alphabet.atoms[k]! & kindMask[N]!;
  }
  const next: [number, number][][] = Array.from({ length: stateCount }, () => []);
  const accept = new Array<number>(stateCount).fill(0);
  const acceptAtEnd = new Array<boolean>(stateCount).fill(false);

  /** Adds the transitions out of `state` (previous character kind `prev`) along the routes from `source`. */
  const wire = (state: number, prev: number, sink: RouteSink, withFinals: boolean): void => {
    for (const [k, c] of sink.counts) {
      for (const kind of [W, N]) {
        const target = stateOf(k, kind);
        const mult = c[prev * 2 + kind]!;
        if (mult > 0 && label[target]! !== 0n) next[state]!.push([target, mult]);
      }
    }
    if (!withFinals) return;
    const ok = (m: number, nextKind: number): boolean => (m & bit(prev, nextKind)) !== 0;
    accept[state] = (ok(sink.clean, W) ? 1 : 0) | (ok(sink.clean, N) ? 2 : 0) | (ok(sink.clean, N) ? 4 : 0);
    acceptAtEnd[state] = ok(sink.atEnd, N) || ok(sink.clean, N);
  };

  const fromStart = routes(start);
  // Empty matches at the start are ignored: they are what a search tries last.
  wire(INIT, S, fromStart, false);
  // Without `restart` the pattern is tried at one position only (a part entered from outside).
  if (restart) next[INIT]!.push([1, 1], [2, 1]);
  for (const prev of [W, N]) {
    wire(1 + prev, prev, fromStart, false);
    next[1 + prev]!.push([1, 1], [2, 1]);
  }
  for (let k = 0; k < positions; k++) {
    const sink = routes(b.posTo[k]!);
    for (const kind of [W, N]) if (label[stateOf(k, kind)]! !== 0n) wire(stateOf(k, kind), kind, sink, true);
  }
  return { automaton: { alphabet, stateCount, label, next, accept, acceptAtEnd }, looks: b.looks };
}
