import type { Flags, Node } from '../regex/python/ast.js';
import { emitScreenProxy } from '../regex/python/emit-screen.js';
import { parsePython } from '../regex/python/parse.js';
import { children, visit } from '../regex/python/walk.js';
import { analyse, type Ambiguity, type Witness } from './redos-ambiguity.js';
import { attackCost, measurable, Unmeasurable, type AttackCost } from './redos-cost.js';
import { buildAutomaton, Undecided, type LookBody, type PositionAutomaton } from './redos-nfa.js';
import { remember } from '../remember.js';

/** The static screen's verdict on one pattern (see `screenStatic`). */
export type StaticVerdict =
  | { readonly status: 'safe'; readonly proxy: string; readonly flags: string; readonly note?: string }
  | {
      readonly status: 'vulnerable';
      /** What the attack costs a backtracking search, counted in steps (null: it could not be measured). */
      readonly cost: AttackCost | null;
      readonly proxy: string;
      readonly flags: string;
      readonly exponential: boolean;
      readonly degree: number | null;
      readonly complexity: string;
      /** A failing text that makes the pattern backtrack: prefix + pump × n + suffix. */
      readonly witness: { readonly prefix: string; readonly pump: string; readonly suffix: string };
    }
  | { readonly status: 'undecided'; readonly proxy: string | null; readonly flags: string; readonly reason: string };

/**
 * A chain of this many overlapping loops counts as catastrophic: a polynomial of such a degree is
 * as bad as an exponential on any real text, and where a certain match cuts the chain short, as in
 * `(.*a){12}` (which recheck rates quadratic), a failing search still tries up to 2^11 ways to
 * place its a's for every start position.
 */
const CATASTROPHIC_CHAIN = 8;

const CACHE_LIMIT = 4000;
const cache = new Map<string, StaticVerdict>();

/**
 * Analyses of the parts judged on their own (lookaround bodies, bypassable parts) and the measured
 * cost of an attack in a lookaround body, by the part's structure: learned rules repeat the same
 * parts across hundreds of patterns (`(?=.*?\bcard\b)`, a limit of 16 words), and judging one such
 * part again was most of screening a learned list. A part with a backreference is not kept: what
 * `\1` means depends on the pattern around it.
 */
const parts = new Map<string, Analysed>();
const costs = new Map<string, { cost: AttackCost; attack: StaticWitness } | 'unmeasurable'>();

const keep = <V>(map: Map<string, V>, key: string, value: V): V => remember(map, key, value, CACHE_LIMIT);

/** The key of a part judged on its own, or null when it may not be kept (see `parts`). */
function partKey(node: Node, asciiWord: boolean, restart: boolean): string | null {
  let backref = false;
  visit(node, (n) => {
    if (n.type === 'backref') backref = true;
    return !backref;
  });
  if (backref) return null;
  const proxy = emitScreenProxy(node);
  return `${asciiWord ? 1 : 0}${restart ? 1 : 0}\u0000${proxy.flags}\u0000${proxy.source}`;
}

/**
 * Screens a rule pattern for catastrophic backtracking without running anything: parses it (the
 * Python dialect's parser reads both dialects; a JS pattern is read with ASCII `\w`/`\d`/`\b`),
 * writes its screening proxy (`emitScreenProxy`), builds the position automaton of that structure
 * and measures its ambiguity (`analyse`). Lookarounds are zero-width conditions that always pass
 * (so they can only add paths, never hide one), and their bodies are judged on their own (a
 * lookbehind's reversed, as the engine runs it backwards: see `reverseNode`), as are
 * the alternatives and optional bodies holding an unbounded loop (what a failing search explores
 * before a lower-priority path, such as skipping `(...)?`, succeeds). Those parts are judged as
 * entered at one position: a lookahead with a leading loop that the outer pattern reaches at many
 * positions (`\bfoo(?=.*x)`, quadratic) is not seen. Verdicts are cached by (dialect, proxy,
 * flags), so rules that share a structure are analysed once.
 *
 * `undecided` when the pattern does not parse here or is too large for the budget; the caller
 * then falls back to recheck. `exponentialOnly`: a polynomial verdict comes without its cost.
 */
export function screenStatic(pattern: string, flags: string, dialect: 'js' | 'python', opts: { exponentialOnly?: boolean } = {}): StaticVerdict {
  const f: Flags = { i: flags.includes('i'), m: flags.includes('m'), s: flags.includes('s'), x: flags.includes('x'), a: dialect === 'js' };
  let root: Node;
  let groupCount: number;
  try {
    ({ root, groupCount } = parsePython(pattern, f));
  } catch (e) {
    return { status: 'undecided', proxy: null, flags: '', reason: `the static screen cannot read the pattern (${(e as Error).message})` };
  }
  const proxy = emitScreenProxy(root);
  const key = `${dialect}\u0000${proxy.flags}\u0000${proxy.source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let verdict: StaticVerdict;
  try {
    const judged = judge(root, dialect === 'js', proxy.source, proxy.flags);
    // A caller that only asks "exponential or not" needs no cost for a polynomial verdict (the
    // measurement is most of the screen's time); such a verdict is not cached, as it lacks it.
    if ('status' in judged) verdict = judged;
    else if (opts.exponentialOnly && !judged.verdict.exponential) return judged.verdict;
    else verdict = measured(judged, root, groupCount);
  } catch (e) {
    if (!(e instanceof Undecided)) throw e;
    verdict = { status: 'undecided', proxy: proxy.source, flags: proxy.flags, reason: e.message };
  }
  keep(cache, key, verdict);
  return verdict;
}

interface Found {
  amb: Ambiguity;
  automaton: PositionAutomaton;
  /** The lookaround body the ambiguity is in (measured on its own), or null for the pattern or a bypassable part. */
  look: LookBody | null;
  /** The body's `partKey`, which its measured cost is kept under (null: not kept). */
  lookKey: string | null;
}

/** A vulnerable verdict before its attack is measured: the attacks to try, and what to try them on. */
interface Judged {
  verdict: Extract<StaticVerdict, { status: 'vulnerable' }>;
  /** Attacks to measure (the first is the verdict's), each as the engine reads it. */
  attacks: StaticWitness[];
  look: LookBody | null;
  lookKey: string | null;
}

type StaticWitness = Extract<StaticVerdict, { status: 'vulnerable' }>['witness'];

type Analysed = { automaton: PositionAutomaton; looks: LookBody[]; amb: Ambiguity };

function analysed(node: Node, asciiWord: boolean, restart: boolean): Analysed {
  const { automaton, looks } = buildAutomaton(node, asciiWord, restart);
  return { automaton, looks, amb: analyse(automaton) };
}

/** `analysed` of a part judged on its own (entered at one position), from `parts` where it was judged before, with its key. */
function analysedPart(node: Node, asciiWord: boolean): Analysed & { key: string | null } {
  const key = partKey(node, asciiWord, false);
  const hit = key === null ? undefined : parts.get(key);
  if (hit) return { ...hit, key };
  const out = analysed(node, asciiWord, false);
  if (key !== null) keep(parts, key, out);
  return { ...out, key };
}

function judge(root: Node, asciiWord: boolean, proxy: string, flags: string): StaticVerdict | Judged {
  let worst: Found | undefined;
  const consider = (node: Node, restart: boolean, look: LookBody | null): void => {
    if (worst?.amb.kind === 'exponential') return;
    const { automaton, looks, amb, key } = restart ? { ...analysed(node, asciiWord, restart), key: null } : analysedPart(node, asciiWord);
    if (rank(amb) > rank(worst?.amb)) worst = { amb, automaton, look, lookKey: look ? key : null };
    for (const body of looks) consider(body.body, false, body);
  };
  consider(root, true, null);
  for (const part of bypassable(root)) consider(part, false, null);
  const { amb, automaton, look, lookKey } = worst!;
  if (amb.kind === 'linear') return { status: 'safe', proxy, flags };
  const degree = amb.kind === 'polynomial' ? amb.degree : null;
  const catastrophic = degree !== null && degree >= CATASTROPHIC_CHAIN;
  const complexity =
    amb.kind === 'exponential'
      ? 'exponential'
      : `${ordinal(degree!)} degree polynomial${catastrophic ? ` (${degree} overlapping loops in a chain: catastrophic)` : ''}`;
  const attacks = [amb.witness, ...(amb.kind === 'polynomial' ? amb.links : [])].map((w) => render(w, automaton));
  const exponential = amb.kind === 'exponential' || catastrophic;
  return { verdict: { status: 'vulnerable', cost: null, proxy, flags, exponential, degree, complexity, witness: shown(attacks[0]!, look) }, attacks, look, lookKey };
}

/**
 * Runs each attack on a step-counting backtracking matcher (`attackCost`) and keeps the costliest,
 * so the verdict says how long a text of it costs 100 ms. An ambiguity inside a lookaround is
 * measured on the lookaround's body alone, tried at every position (a lookbehind's reversed body
 * on the reversed attack: the engine reads it backwards), since the outer pattern may reach it
 * everywhere. An exponential structure whose attack runs in linear time is safe: the loop is
 * ambiguous, but a backtrack of one step always lets the rest of the pattern match (a name loop
 * followed by one more name), so a search never explores the other paths. Steps, not time: the
 * same verdict on every run and every machine.
 */
function measured(j: Judged, root: Node, groupCount: number): StaticVerdict {
  const v = j.verdict;
  // An ambiguity in a lookaround body is measured on the body alone: the same body costs the same.
  const key = j.lookKey === null ? null : `${j.lookKey}\u0000${j.look!.behind ? 1 : 0}\u0000${groupCount}`;
  const known = key === null ? undefined : costs.get(key);
  if (known === 'unmeasurable') return v;
  let best = known;
  if (!best) {
    try {
      const m = measurable(j.look?.body ?? root, groupCount);
      for (const attack of j.attacks) {
        const cost = attackCost(m, attack);
        if (!best || costlier(cost, best.cost)) best = { cost, attack };
      }
    } catch (e) {
      if (!(e instanceof Unmeasurable)) throw e;
      if (key !== null) keep(costs, key, 'unmeasurable');
      return v;
    }
    if (key !== null) keep(costs, key, best!);
  }
  if (v.exponential && best!.cost.length100ms === null)
    return { status: 'safe', proxy: v.proxy, flags: v.flags, note: 'linear (an ambiguous loop, but its attack runs in linear time)' };
  return { ...v, cost: best!.cost, witness: shown(best!.attack, j.look) };
}

/** Whether attack cost `a` is worse than `b`: 100 ms at fewer characters. */
function costlier(a: AttackCost, b: AttackCost): boolean {
  if (a.length100ms === null) return false;
  return b.length100ms === null || a.length100ms < b.length100ms;
}

/** An attack as the user would type it: a lookbehind's (read backwards) turned around. */
function shown(w: StaticWitness, look: LookBody | null): StaticWitness {
  if (!look?.behind) return w;
  const back = (x: string) => [...x].reverse().join('');
  return { prefix: back(w.suffix), pump: back(w.pump), suffix: back(w.prefix) };
}

const rank = (a: Ambiguity | undefined): number => (!a ? -1 : a.kind === 'linear' ? 0 : a.kind === 'exponential' ? 1e9 : a.degree);

/**
 * Parts a failing match may explore in full before a lower-priority path (skipping an optional
 * part, a later alternative) succeeds: alternatives and optional bodies that hold an unbounded
 * loop. On their own they must fail to match, which is what makes their ambiguity count.
 */
function bypassable(root: Node): Node[] {
  const out: Node[] = [];
  visit(root, (n, parent) => {
    const skippable = parent?.type === 'alt' || (parent?.type === 'repeat' && parent.min === 0);
    if (skippable && hasLoop(n)) out.push(n);
    // A lookaround's body is screened on its own (judge considers each one): not searched here.
    return n.type !== 'look';
  });
  return out;
}

function hasLoop(n: Node): boolean {
  return (n.type === 'repeat' && n.max > 16) || children(n).some(hasLoop);
}

function render(w: Witness, a: PositionAutomaton): { prefix: string; pump: string; suffix: string } {
  const text = (classes: number[]): string => classes.map((c) => String.fromCodePoint(a.alphabet.representative[c]!)).join('');
  return { prefix: text(w.prefix), pump: text(w.pump), suffix: text(w.suffix) };
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}
