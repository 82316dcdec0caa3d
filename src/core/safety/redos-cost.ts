import type { Node } from '../regex/python/ast.js';
import { ASCII_WORD_ITEMS, WORD_ITEMS } from '../regex/python/word.js';
import { tester, type AtomNode } from './redos-alphabet.js';

/**
 * A backtracking matcher that counts its steps instead of timing them, so that what an attack
 * costs is the same on every run and every machine. It runs a parsed pattern the way a
 * backtracking engine (V8's irregexp, Python's `regex`) does: alternatives and greedy loops in
 * priority order, JavaScript's empty-iteration check, lookarounds and atomic groups as
 * sub-matches, and a search that restarts at every position.
 */

/** Thrown when the pattern cannot be measured here (a program too large, a text too deep). */
export class Unmeasurable extends Error {}

type Assert = 'start' | 'end' | 'textEnd' | 'lineStart' | 'lineEnd' | 'b' | 'B' | 'm' | 'M';

type Inst =
  | { op: 'atom'; atom: AtomNode }
  | { op: 'split'; x: number; y: number }
  | { op: 'jmp'; x: number }
  | { op: 'assert'; kind: Assert; ascii: boolean }
  | { op: 'save'; slot: number }
  | { op: 'progress'; slot: number }
  | { op: 'backref'; group: number; ci: boolean }
  | { op: 'sub'; prog: Inst[]; kind: 'ahead' | 'behind' | 'atomic'; negated: boolean; min: number; max: number }
  | { op: 'match' };

/** Counted repeats above this count run as unbounded loops (as in the static screen). */
const UNROLL_CAP = 32;
const PROGRAM_LIMIT = 20_000;

class Compiler {
  private slots: number;
  size = 0;

  constructor(groups: number) {
    this.slots = 2 * (groups + 1);
  }

  program(node: Node): Inst[] {
    const out: Inst[] = [];
    this.emit(node, out);
    out.push({ op: 'match' });
    return out;
  }

  private push(out: Inst[], inst: Inst): number {
    if (++this.size > PROGRAM_LIMIT) throw new Unmeasurable('the pattern is too large to measure');
    out.push(inst);
    return out.length - 1;
  }

  private emit(n: Node, out: Inst[]): void {
    switch (n.type) {
      case 'seq':
        for (const item of n.items) this.emit(item, out);
        return;
      case 'alt': {
        const jumps: number[] = [];
        n.alts.forEach((a, k) => {
          const last = k === n.alts.length - 1;
          const split = last ? -1 : this.push(out, { op: 'split', x: 0, y: 0 });
          if (!last) (out[split] as { x: number }).x = out.length;
          this.emit(a, out);
          if (!last) {
            jumps.push(this.push(out, { op: 'jmp', x: 0 }));
            (out[split] as { y: number }).y = out.length;
          }
        });
        for (const j of jumps) (out[j] as { x: number }).x = out.length;
        return;
      }
      case 'char':
      case 'set':
      case 'dot':
        this.push(out, { op: 'atom', atom: n });
        return;
      case 'anchor': {
        const kind: Assert = n.kind === 'textStart' ? 'start' : n.kind;
        this.push(out, { op: 'assert', kind, ascii: false });
        return;
      }
      case 'boundary':
        this.push(out, { op: 'assert', kind: n.kind, ascii: n.ascii });
        return;
      case 'group':
        if (n.atomic) {
          this.push(out, { op: 'sub', prog: this.program(n.body), kind: 'atomic', negated: false, min: 0, max: 0 });
          return;
        }
        if (n.capture !== null) this.push(out, { op: 'save', slot: 2 * n.capture });
        this.emit(n.body, out);
        if (n.capture !== null) this.push(out, { op: 'save', slot: 2 * n.capture + 1 });
        return;
      case 'look': {
        const [min, max] = width(n.body);
        this.push(out, { op: 'sub', prog: this.program(n.body), kind: n.behind ? 'behind' : 'ahead', negated: n.negated, min, max });
        return;
      }
      case 'backref':
        this.push(out, { op: 'backref', group: n.group, ci: n.ci });
        return;
      case 'repeat':
        if (n.possessive) {
          this.push(out, { op: 'sub', prog: this.program({ ...n, possessive: false }), kind: 'atomic', negated: false, min: 0, max: 0 });
          return;
        }
        this.repeat(n, out);
        return;
    }
  }

  private repeat(n: Extract<Node, { type: 'repeat' }>, out: Inst[]): void {
    const min = Math.min(n.min, UNROLL_CAP);
    const max = n.max > UNROLL_CAP ? Infinity : n.max;
    for (let k = 0; k < min; k++) this.emit(n.body, out);
    const choice = (): number => this.push(out, { op: 'split', x: 0, y: 0 });
    const order = (split: number, body: number, exit: number): void => {
      const s = out[split] as { x: number; y: number };
      [s.x, s.y] = n.greedy ? [body, exit] : [exit, body];
    };
    if (max === Infinity) {
      const slot = this.slots++;
      const head = choice();
      const body = out.length;
      this.push(out, { op: 'save', slot });
      this.emit(n.body, out);
      this.push(out, { op: 'progress', slot });
      this.push(out, { op: 'jmp', x: head });
      order(head, body, out.length);
      return;
    }
    const splits: number[] = [];
    for (let k = min; k < max; k++) {
      splits.push(choice());
      this.emit(n.body, out);
    }
    const exit = out.length;
    for (const s of splits) order(s, s + 1, exit);
  }
}

/** The fewest and most characters a node can match (Infinity when unbounded). */
function width(n: Node): [number, number] {
  switch (n.type) {
    case 'seq':
      return n.items.reduce<[number, number]>(
        (acc, item) => {
          const [a, b] = width(item);
          return [acc[0] + a, acc[1] + b];
        },
        [0, 0],
      );
    case 'alt': {
      const ws = n.alts.map(width);
      return [Math.min(...ws.map((w) => w[0])), Math.max(...ws.map((w) => w[1]))];
    }
    case 'char':
    case 'set':
    case 'dot':
      return [1, 1];
    case 'group':
      return width(n.body);
    case 'repeat': {
      const [a, b] = width(n.body);
      return [a * n.min, n.max === Infinity || b === Infinity ? (b === 0 ? 0 : Infinity) : b * n.max];
    }
    case 'backref':
      return [0, Infinity];
    default:
      return [0, 0];
  }
}

class BudgetSpent extends Error {}

const UNICODE_WORD = new RegExp(`^[${WORD_ITEMS}]$`, 'u');
const ASCII_WORD = new RegExp(`^[${ASCII_WORD_ITEMS}]$`, 'u');

/** Runs programs over one text, counting every instruction and every backtrack as a step. */
class Machine {
  steps = 0;
  private readonly regs: number[] = [];
  private readonly memo = new Map<AtomNode, Map<number, boolean>>();
  private readonly words = [new Map<number, boolean>(), new Map<number, boolean>()];

  constructor(
    private readonly text: readonly number[],
    private readonly limit: number,
  ) {}

  private step(): void {
    if (++this.steps > this.limit) throw new BudgetSpent();
  }

  private test(atom: AtomNode, cp: number): boolean {
    let m = this.memo.get(atom);
    if (!m) this.memo.set(atom, (m = new Map()));
    let v = m.get(cp);
    if (v === undefined) m.set(cp, (v = tester(atom).test(String.fromCodePoint(cp))));
    return v;
  }

  private isWord(pos: number, ascii: boolean): boolean {
    if (pos < 0 || pos >= this.text.length) return false;
    const cp = this.text[pos]!;
    const m = this.words[ascii ? 1 : 0]!;
    let v = m.get(cp);
    if (v === undefined) m.set(cp, (v = (ascii ? ASCII_WORD : UNICODE_WORD).test(String.fromCodePoint(cp))));
    return v;
  }

  private holds(kind: Assert, ascii: boolean, pos: number): boolean {
    const t = this.text;
    const n = t.length;
    switch (kind) {
      case 'start':
        return pos === 0;
      case 'textEnd':
        return pos === n;
      case 'end':
        return pos === n || (pos === n - 1 && t[pos] === 10);
      case 'lineStart':
        return pos === 0 || t[pos - 1] === 10;
      case 'lineEnd':
        return pos === n || t[pos] === 10;
      default: {
        const before = this.isWord(pos - 1, ascii);
        const after = this.isWord(pos, ascii);
        if (kind === 'b') return before !== after;
        if (kind === 'B') return before === after;
        return kind === 'm' ? !before && after : before && !after;
      }
    }
  }

  /** The end of the first match of `prog` at `start` (`target`: it must end there), or -1. */
  run(prog: readonly Inst[], start: number, target = -1): number {
    const t = this.text;
    const regs = this.regs;
    // Backtrack entries are triples: kind (0 resume, 1 restore a register), then two values.
    const stack: number[] = [];
    let pc = 0;
    let pos = start;
    for (;;) {
      this.step();
      const inst = prog[pc]!;
      let ok = true;
      switch (inst.op) {
        case 'atom':
          if (pos < t.length && this.test(inst.atom, t[pos]!)) {
            pos++;
            pc++;
          } else ok = false;
          break;
        case 'split':
          stack.push(0, inst.y, pos);
          pc = inst.x;
          break;
        case 'jmp':
          pc = inst.x;
          break;
        case 'assert':
          if (this.holds(inst.kind, inst.ascii, pos)) pc++;
          else ok = false;
          break;
        case 'save':
          stack.push(1, inst.slot, regs[inst.slot] ?? -1);
          regs[inst.slot] = pos;
          pc++;
          break;
        case 'progress':
          if (regs[inst.slot] === pos) ok = false;
          else pc++;
          break;
        case 'backref': {
          const s = regs[2 * inst.group] ?? -1;
          const e = regs[2 * inst.group + 1] ?? -1;
          if (s < 0 || e < s) {
            ok = false;
            break;
          }
          const len = e - s;
          for (let k = 0; k < len && ok; k++) {
            this.step();
            const a = t[s + k]!;
            const b = t[pos + k];
            ok = b !== undefined && (a === b || (inst.ci && String.fromCodePoint(a).toLowerCase() === String.fromCodePoint(b).toLowerCase()));
          }
          if (ok) {
            pos += len;
            pc++;
          }
          break;
        }
        case 'sub': {
          if (inst.kind === 'atomic') {
            const end = this.run(inst.prog, pos);
            if (end < 0) ok = false;
            else {
              pos = end;
              pc++;
            }
            break;
          }
          let found = false;
          if (inst.kind === 'ahead') found = this.run(inst.prog, pos) >= 0;
          else {
            const lowest = inst.max === Infinity ? 0 : Math.max(0, pos - inst.max);
            for (let from = pos - inst.min; from >= lowest && !found; from--) found = this.run(inst.prog, from, pos) >= 0;
          }
          if (found !== inst.negated) pc++;
          else ok = false;
          break;
        }
        case 'match':
          if (target < 0 || pos === target) return pos;
          ok = false;
          break;
      }
      if (ok) continue;
      // Backtrack: undo register writes down to the latest choice point.
      for (;;) {
        if (!stack.length) return -1;
        const b = stack.pop()!;
        const a = stack.pop()!;
        const kind = stack.pop()!;
        this.step();
        if (kind === 1) regs[a] = b;
        else {
          pc = a;
          pos = b;
          break;
        }
      }
    }
  }
}

/** A parsed pattern ready to be measured. */
export interface Measurable {
  readonly prog: readonly Inst[];
}

/** Compiles a parsed pattern (the tree the static screen reads) for `searchSteps`. */
export function measurable(root: Node, groupCount: number): Measurable {
  return { prog: new Compiler(groupCount).program(root) };
}

/**
 * The steps a global search over `text` takes (every match, as extraction collects them), or
 * `limit` when it would take more.
 */
export function searchSteps(m: Measurable, text: string, limit: number): number {
  const cps = Array.from(text, (c) => c.codePointAt(0)!);
  const vm = new Machine(cps, limit);
  try {
    for (let s = 0; s <= cps.length; ) {
      const end = vm.run(m.prog, s);
      s = end > s ? end : s + 1;
    }
  } catch (e) {
    if (e instanceof BudgetSpent) return limit;
    if (e instanceof RangeError) throw new Unmeasurable('the pattern nests too deeply to measure');
    throw e;
  }
  return vm.steps;
}

/**
 * Steps of this machine that cost V8's irregexp about 100 ms: calibrated on quadratic and cubic
 * attacks (`\s*x\s*$`, `\d+\s*mg`, `\bcard\b.*\bpending\b`, RuleChef's Banking77 rules) whose
 * compiled regexes V8 runs at 0.15-0.35 ns per step of this machine on a 2-core x86 server (0.25 ns taken).
 */
const STEPS_PER_100_MS = 400_000_000;

/** What an attack costs as it grows: how fast, and how long a text of it costs 100 ms. */
export interface AttackCost {
  /** Growth of the steps with the text length, as a polynomial degree (8 or more: catastrophic). */
  readonly degree: number;
  /** Characters of attack text that cost about 100 ms (extrapolated; null when it never does). */
  readonly length100ms: number | null;
}

const SOFT_STEPS = 100_000;
const HARD_STEPS = 4_000_000;
const MAX_TEXT = 6000;

/**
 * Measures the attack prefix + pump × n + suffix for growing n (by one pump up to 16, then by
 * half again) until a search costs SOFT_STEPS, and fits the growth between the last two texts:
 * a polynomial degree, and the length at which the search would cost STEPS_PER_100_MS.
 */
export function attackCost(m: Measurable, w: { prefix: string; pump: string; suffix: string }): AttackCost {
  const pumpLen = Math.max(1, [...w.pump].length);
  const fixed = [...w.prefix].length + [...w.suffix].length;
  const points: { n: number; len: number; steps: number }[] = [];
  for (let n = 1; ; n = n < 16 ? n + 1 : Math.ceil(n * 1.5)) {
    const len = fixed + n * pumpLen;
    if (len > MAX_TEXT && points.length >= 2) break;
    const steps = searchSteps(m, w.prefix + w.pump.repeat(n) + w.suffix, HARD_STEPS);
    points.push({ n, len, steps });
    if (steps >= SOFT_STEPS) break;
  }
  const b = points[points.length - 1]!;
  const a = points[points.length - 2];
  if (!a) return { degree: 1000, length100ms: b.len };
  const ratio = b.steps / Math.max(1, a.steps);
  const degree = Math.log(ratio) / Math.log(b.len / a.len);
  if (degree >= 8) {
    const perPump = Math.max(1.000001, ratio ** (1 / (b.n - a.n)));
    const n = b.n + Math.max(0, Math.log(STEPS_PER_100_MS / b.steps) / Math.log(perPump));
    return { degree, length100ms: Math.ceil(fixed + n * pumpLen) };
  }
  if (degree < 1.2) return { degree, length100ms: null };
  return { degree, length100ms: Math.ceil(b.len * (STEPS_PER_100_MS / b.steps) ** (1 / degree)) };
}
