import { boundary, escapeRegex } from '../text.js';
import type { Candidate } from '../types.js';
import { TUNING } from '../tuning.js';
import type { SpanDoc } from './forms.js';

const F = TUNING.fillers;
const START = '^';
const END = '$';
/** Letters and digits: what a context word is made of. */
const WORD = '\\p{L}\\p{N}';
/**
 * Classes in the patterns themselves are Latin-1 ranges, not `\p{…}`: the static ReDoS screen
 * decides these patterns at once but not property escapes, which then cost a second of full
 * screening each.
 */
const UPPER = 'A-Z\u00c0-\u00d6\u00d8-\u00de';
/** ASCII punctuation, kept out of a run's tokens when no example had any (so `Dulcie,` stays `Dulcie`). */
const ASCII_PUNCTUATION = '!-\\/:-@\\[-`{-~';
const ALNUM = '0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff';
const CAPITALISED = new RegExp(`^[${UPPER}]`);
const LEFT = new RegExp(`[${WORD}]+[^${WORD}]{0,4}$`, 'u');
const RIGHT = new RegExp(`^[^${WORD}]{0,4}[${WORD}]+`, 'u');
const EDGE = new RegExp(`^[^${WORD}]{0,${TUNING.fillers.edgeChars}}$`, 'u');

/** Whitespace inside a context as a bounded run, so the pattern stays linear to screen and to run. */
const literal = (s: string) => escapeRegex(s).replace(/\s+/g, '\\s{1,3}');

/**
 * The word before a span and what separates them, as regex source with the word boundary its
 * outer edge needs; `^` when only a little punctuation or whitespace precedes it; null when the
 * span starts inside a word or no word is near.
 */
export function leftContext(text: string, start: number): string | null {
  const before = text.slice(Math.max(0, start - TUNING.fillers.contextChars), start);
  if (start <= TUNING.fillers.edgeChars && EDGE.test(before)) return /^\s*$/.test(before) ? START : null;
  const m = LEFT.exec(before);
  // A context glued to the span (`#tag`, `$5`) belongs to the span's shape, not to its surroundings.
  if (!m || !/\s/u.test(m[0].replace(/^[\p{L}\p{N}]+/u, ''))) return null;
  const b = boundary(m[0][0], 'left');
  return b.unicode ? null : b.src + literal(m[0]);
}

/** The word after a span and what separates them (lookahead source), `$` at the text's end (punctuation allowed), or null. */
export function rightContext(text: string, end: number): string | null {
  const after = text.slice(end, end + TUNING.fillers.contextChars);
  if (end + after.length >= text.length && EDGE.test(after)) return END;
  const m = RIGHT.exec(after);
  if (!m || !/^[^\p{L}\p{N}]*\s/u.test(m[0])) return null;
  const b = boundary(m[0].slice(-1), 'right');
  return b.unicode ? null : literal(m[0]) + b.src;
}

/** The shape of the runs seen in one place: their token counts, and what every one (or any one) of them held. */
interface RunShape {
  minTokens: number;
  maxTokens: number;
  /** Spans seen. */
  count: number;
  /** Every token of every span started with a capital. */
  capitalised: boolean;
  /** Some span held a digit. */
  digits: boolean;
  /** Some span held punctuation (`O'Brien`, `AC/DC`, `Hello!`). */
  punctuation: boolean;
}

/**
 * One side of a filler: a context word (regex source), the text's start or end, or another gold
 * span right beside it (`neighbour`, a run of its shape) with that span's own context beyond it:
 * a first name is followed by a last name, not by a word that recurs.
 */
interface Side {
  base: string;
  neighbour: RunShape | null;
}

/** What the runs between one pair of contexts look like, over the gold spans seen there. */
interface Tally extends RunShape {
  label: string;
  left: Side;
  right: Side;
}

const tokensOf = (text: string) => text.trim().split(/\s+/);

function shapeOf(text: string): RunShape {
  const tokens = tokensOf(text);
  return {
    punctuation: /[^\p{L}\p{N}\s]/u.test(text),
    minTokens: tokens.length,
    maxTokens: tokens.length,
    count: 1,
    capitalised: tokens.every((w) => CAPITALISED.test(w)),
    digits: /\d/.test(text),
  };
}

/** Widens a tally's shape by one more run. */
function widen(into: RunShape, by: RunShape): void {
  into.count += by.count;
  into.minTokens = Math.min(into.minTokens, by.minTokens);
  into.maxTokens = Math.max(into.maxTokens, by.maxTokens);
  into.capitalised &&= by.capitalised;
  into.punctuation ||= by.punctuation;
  into.digits ||= by.digits;
}

const sideKey = (x: Side) => (x.neighbour ? `${x.base}\u0001${x.neighbour.capitalised ? 'X' : 'x'}${x.neighbour.digits ? 'd' : ''}` : x.base);

/**
 * The run of tokens a filler takes: at most `n` tokens of the shape every example had. Tokens and
 * the whitespace between them are disjoint classes, so each split is unique; the last token is
 * lazy, so punctuation before the text's end stays out of the span.
 */
export function runSource(n: number, capitalised: boolean, digits: boolean, punctuation = true): string {
  const rest = `[^\\s${digits ? '' : '\\d'}${punctuation ? '' : ASCII_PUNCTUATION}]`.replace('[^\\s]', '\\S');
  const first = capitalised ? `[${UPPER}]` : rest;
  const last = `${first}${rest}*?`;
  return n <= 1 ? last : `(?:${first}${rest}*\\s+){0,${n - 1}}?${last}`;
}

/** A side in words, for a rule's description. */
function describe(x: Side): string {
  const base = x.base === START ? 'the start' : x.base === END ? 'the end' : `/${x.base}/`;
  return x.neighbour ? `${base} and a neighbouring span` : base;
}

/**
 * Most tokens a run may take: as many as every example had when enough agree on one count (first
 * names), else one more than the longest, as unseen titles run longer than the seen ones.
 */
const runLength = (r: RunShape) => (r.minTokens === r.maxTokens && r.count >= F.fixedLengthSupport ? r.maxTokens : Math.min(F.maxTokens, r.maxTokens + 1));

/** A run (the filler's own or a neighbour's) of the shape its examples agreed on, as regex source. */
const shapeRun = (r: RunShape) => runSource(runLength(r), r.capitalised, r.digits, r.punctuation);

/** The filler pattern: the left context (or the start), the run as group 1, the right context (or the end) as a lookahead. */
function fillerPattern(left: Side, right: Side, run: string): string {
  let l = left.base === START ? '^\\s{0,3}' : left.base;
  if (left.neighbour) l += `${shapeRun(left.neighbour)}\\s{1,3}`;
  let r = right.base === END ? `[^${ALNUM}]{0,4}$` : right.base;
  if (right.neighbour) r = `\\s{1,3}${shapeRun(right.neighbour)}${r}`;
  return `${l}(${run})(?=${r})`;
}

const usable = (s: { text: string }) => !!s.text.trim() && s.text === s.text.trim() && tokensOf(s.text).length <= F.maxTokens;
/** Gold spans separated by whitespace alone are neighbours. */
const adjacent = (text: string, a: { end: number }, b: { start: number }) => b.start > a.end && /^\s{1,3}$/.test(text.slice(a.end, b.start));

/** The sides of the span at `i` (spans sorted by start); null where a side has no usable context. */
function sidesOf(text: string, spans: SpanDoc['spans'], i: number): { left: Side; right: Side } | null {
  const s = spans[i]!;
  const prev = spans[i - 1];
  const next = spans[i + 1];
  const leftNb = prev && usable(prev) && adjacent(text, prev, s) ? prev : null;
  const rightNb = next && usable(next) && adjacent(text, s, next) ? next : null;
  const leftBase = leftContext(text, (leftNb ?? s).start);
  const rightBase = rightContext(text, (rightNb ?? s).end);
  if (leftBase === null || rightBase === null || (leftBase === START && rightBase === END && !leftNb && !rightNb)) return null;
  return { left: { base: leftBase, neighbour: leftNb && shapeOf(leftNb.text) }, right: { base: rightBase, neighbour: rightNb && shapeOf(rightNb.text) } };
}

function tallies(docs: readonly SpanDoc[]): Tally[] {
  const byKey = new Map<string, Tally>();
  for (const d of docs) {
    const spans = [...d.spans].sort((a, b) => a.start - b.start || a.end - b.end);
    spans.forEach((s, i) => {
      const sides = usable(s) ? sidesOf(d.text, spans, i) : null;
      if (!sides) return;
      const key = `${s.label}\u0000${sideKey(sides.left)}\u0000${sideKey(sides.right)}`;
      const t = byKey.get(key);
      if (!t) {
        byKey.set(key, { label: s.label, ...sides, ...shapeOf(s.text) });
        return;
      }
      for (const k of ['left', 'right'] as const) if (t[k].neighbour && sides[k].neighbour) widen(t[k].neighbour!, sides[k].neighbour!);
      widen(t, shapeOf(s.text));
    });
  }
  return [...byKey.values()];
}

/**
 * Open-class filler candidates: names of songs, films, people and places are too many to list,
 * but they sit between fixed wording (`play … by …`). Per label, each pair of a left context (the
 * word before a gold span, or the text's start) and a right context (the word after it, or the
 * end) seen around enough gold spans becomes a rule that takes a bounded run of tokens between
 * them as group 1: lazily, so the run stops at the first right context, and with the shape every
 * example agreed on (capitalised tokens, no digits). One token more than the longest example is
 * allowed, as unseen names run longer. Every label gets fillers, not only those whose spans are
 * mostly strings seen once: playlist names recur across requests and genres are a few dozen
 * words, yet new text still brings ones train never had. The engine judges each on train like any
 * candidate, beside the lexicons and shapes that cover the recurring forms.
 */
export function fillerCandidates(docs: readonly SpanDoc[], minSupport: number): Candidate[] {
  const byLabel = new Map<string, Tally[]>();
  for (const t of tallies(docs)) if (t.count >= Math.max(F.minSupport, minSupport)) byLabel.set(t.label, [...(byLabel.get(t.label) ?? []), t]);
  const out: Candidate[] = [];
  for (const [label, ts] of [...byLabel].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    ts.sort((a, b) => b.count - a.count || (sideKey(a.left) + sideKey(a.right) < sideKey(b.left) + sideKey(b.right) ? -1 : 1));
    for (const t of ts.slice(0, F.maxPerLabel)) {
      const n = runLength(t);
      const pattern = fillerPattern(t.left, t.right, shapeRun(t));
      const shape = [t.capitalised ? 'capitalised' : '', t.digits ? '' : 'no digits', t.punctuation ? '' : 'no punctuation'].filter(Boolean).join(', ');
      out.push({
        kind: 'filler',
        label,
        format: 'regex',
        pattern,
        flags: '',
        group: '$1',
        name: `${label} filler /${pattern.length > 60 ? `${pattern.slice(0, 57)}...` : pattern}/`,
        description: `1 to ${n} tokens${shape ? ` (${shape})` : ''} between ${describe(t.left)} and ${describe(t.right)}, around ${t.count} train ${label} spans`,
        specificity: 1,
        support: t.count,
      });
    }
  }
  return out;
}
