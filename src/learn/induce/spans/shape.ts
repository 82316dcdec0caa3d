import { edgeBoundary, escapeRegex } from '../text.js';
import type { Candidate } from '../types.js';
import { TUNING } from '../tuning.js';
import { digitRange, numberSource, parseNumber, type NumberParts } from './numbers.js';

/** One run of a span's text: digits, letters, whitespace, a single other character, or (`numberSlots`) a whole number. */
export interface Slot {
  type: 'D' | 'W' | 'S' | 'P' | 'N';
  text: string;
}

const RUN = /([0-9]+)|([\p{L}\p{M}]+)|(\s+)|([\s\S])/gu;

/** Splits a span's text into runs of one kind. */
export function slotsOf(text: string): Slot[] {
  const out: Slot[] = [];
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m; m = RUN.exec(text)) out.push({ type: m[1] ? 'D' : m[2] ? 'W' : m[3] ? 'S' : 'P', text: m[0] });
  return out;
}

/** The number a run of digits and separators spells, from its text (`4,500.00`). */
export function numberOf(text: string): NumberParts | null {
  return parseNumber(text.split(/[,.]/), text.match(/[,.]/g) ?? []);
}

/**
 * The runs of a span with every number as one slot (`$4,500.00` is `P$ N`, as is `$300`), so
 * spans that differ only in digit groups or a fractional part share a skeleton. Digit runs joined
 * in a way no number is written (`12.03.2001`) stay apart.
 */
export function numberSlots(text: string): Slot[] {
  const raw = slotsOf(text);
  const out: Slot[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i]!.type !== 'D') {
      out.push(raw[i]!);
      continue;
    }
    let j = i;
    while (raw[j + 1]?.type === 'P' && /^[,.]$/.test(raw[j + 1]!.text) && raw[j + 2]?.type === 'D') j += 2;
    const chain = raw.slice(i, j + 1);
    // A chain that is no number (a date, a version) is not cut into one that is: its digits stand alone.
    if (numberOf(chain.map((s) => s.text).join(''))) out.push({ type: 'N', text: chain.map((s) => s.text).join('') });
    else out.push(...chain.map((s): Slot => (s.type === 'D' ? { type: 'N', text: s.text } : s)));
    i = j;
  }
  return out;
}

/** The skeleton of a span: its run kinds, punctuation kept literally (`D S W S D`, `D / D`). */
export function skeletonOf(slots: readonly Slot[]): string {
  return slots.map((s) => (s.type === 'P' ? `P${s.text}` : s.type)).join(' ');
}

function digitSlot(values: readonly string[], byPrefix: boolean): string {
  const lens = values.map((v) => v.length);
  const lo = Math.min(...lens);
  const hi = Math.max(...lens);
  const { minDigits, chars, maxPrefixes, perPrefix } = TUNING.spans.digitPrefix;
  if (byPrefix && lo === hi && lo >= minDigits) {
    const prefixes = [...new Set(values.map((v) => v.slice(0, chars)))].sort();
    if (prefixes.length <= maxPrefixes && values.length >= perPrefix * prefixes.length) {
      const p = prefixes.length === 1 ? prefixes[0]! : `(?:${prefixes.join('|')})`;
      return `${p}\\d{${lo - chars}}`;
    }
  }
  return lo === hi ? `\\d{${lo}}` : digitRange(lens);
}

function wordClass(values: readonly string[]): string | null {
  const lens = values.map((v) => v.length);
  const lo = Math.min(...lens);
  const hi = Math.max(...lens);
  const range = (a: number, b: number) => (a === b ? `{${a}}` : `{${a},${b}}`);
  if (values.every((v) => /^[a-z]+$/.test(v))) return `[a-z]${range(lo, hi)}`;
  if (values.every((v) => /^[A-Z]+$/.test(v)) && hi > 1) return `[A-Z]${range(lo, hi)}`;
  if (values.every((v) => /^[A-Z][a-z]+$/.test(v))) return `[A-Z][a-z]${range(lo - 1, hi - 1)}`;
  return null;
}

/** An inventory of literal words as a regex (longest first, so a prefix never shadows a longer word). */
export function inventorySource(values: readonly string[]): string {
  const distinct = [...new Set(values)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return distinct.length === 1 ? escapeRegex(distinct[0]!) : `(?:${distinct.map(escapeRegex).join('|')})`;
}

type Part = { src: string } | { values: string[] };

/** A word as recurrence counts it: `DAYS`, `days` and `day` are one word seen three times. */
const wordKey = (w: string) => w.toLowerCase().replace(/(?<=\p{L}{3})s$/u, '');

/** How often each word (by `wordKey`) occurs among the gold spans of one label. */
export type WordCounts = ReadonlyMap<string, number>;

function wordCounts(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of t.match(/[\p{L}\p{M}]+/gu) ?? []) counts.set(wordKey(w), (counts.get(wordKey(w)) ?? 0) + 1);
  return counts;
}

/**
 * The words of a slot. Beside other slots (the month of a date) only words that recur among the
 * label's spans (in any case, singular or plural) are listed: one seen once is memorised, not
 * learned. A slot that is the whole span lists every word, as a lexicon of names would.
 */
function wordInventory(values: readonly string[], whole: boolean, counts: WordCounts): Part | null {
  const listed = [...new Set(values)].filter((v) => whole || (counts.get(wordKey(v)) ?? 0) >= TUNING.spans.minRecurrence);
  return !listed.length || listed.length > TUNING.spans.maxInventory ? null : { values: listed.sort() };
}

/** The regex source of a shape's parts. */
export function partsSource(parts: readonly Part[]): string {
  return parts.map((p) => ('src' in p ? p.src : inventorySource(p.values))).join('');
}

function spaceSlot(values: readonly string[]): string {
  return values.every((v) => v === ' ') ? ' ' : '\\s{1,3}';
}

const isNumber = (s: Slot | undefined): boolean => s?.type === 'D' || s?.type === 'N';

/**
 * Guards for an edge that is a number: a shape never takes part of one. `\b` alone lets
 * `\$\d+(?:\.\d{2})?\b` backtrack to "$10" inside "$10.0 million", or `\d{2}` start inside
 * "1.25", and a shorter number is a wrong span wherever a longer one stands.
 */
const NUMBER_EDGE = { left: '(?<!\\d[.,])', right: '(?![.,]\\d)' } as const;

/** A generalised pattern for spans sharing one skeleton: the slots' sources joined, with boundaries. */
function compose(rows: readonly Slot[][], parts: readonly (Part | null)[]): { src: string; unicode: boolean; left: string; right: string; parts: Part[] } | null {
  if (parts.some((p) => p === null)) return null;
  const l = edgeBoundary(rows.map((r) => r[0]!.text[0]), 'left');
  const r = edgeBoundary(rows.map((r) => r[r.length - 1]!.text.slice(-1)), 'right');
  const left = `${isNumber(rows[0]![0]) ? NUMBER_EDGE.left : ''}${l.src}`;
  const right = `${r.src}${isNumber(rows[0]!.at(-1)) ? NUMBER_EDGE.right : ''}`;
  const ps = parts as Part[];
  return { src: `${left}${partsSource(ps)}${right}`, unicode: l.unicode || r.unicode, left, right, parts: ps };
}

export interface ShapeGroup {
  label: string;
  skeleton: string;
  /** The spans' texts. */
  texts: string[];
  /** Numbers are whole slots (`numberSlots`), not digit runs. */
  numbers?: boolean;
  /** Word counts over every gold span of the label (default: over the group's own texts). */
  words?: WordCounts;
}

/** How a group splits its texts into slots. */
export const slotsFor = (g: Pick<ShapeGroup, 'numbers'>) => (g.numbers ? numberSlots : slotsOf);

function bySkeleton(spans: readonly { label: string; text: string }[], split: (text: string) => Slot[]): Map<string, ShapeGroup> {
  const groups = new Map<string, ShapeGroup>();
  for (const s of spans) {
    const slots = split(s.text);
    if (!slots.length || slots.length > TUNING.spans.maxSlots || slots[0]!.type === 'S' || slots[slots.length - 1]!.type === 'S') continue;
    const sk = skeletonOf(slots);
    const key = `${s.label}\u0000${sk}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { label: s.label, skeleton: sk, texts: [] }));
    g.texts.push(s.text);
  }
  return groups;
}

/**
 * Groups gold span texts of each label by skeleton (only skeletons of at most TUNING.spans.maxSlots
 * runs); and, where reading numbers as whole slots joins spans of two or more skeletons (`$300`,
 * `$12.50`, `$4,500.00`), that group too, so one shape can cover every digit count and format.
 */
export function groupShapes(spans: readonly { label: string; text: string }[]): ShapeGroup[] {
  const words = new Map<string, Map<string, number>>();
  for (const label of new Set(spans.map((s) => s.label))) words.set(label, wordCounts(spans.filter((s) => s.label === label).map((s) => s.text)));
  const raw = [...bySkeleton(spans, slotsOf).values()];
  const merged = [...bySkeleton(spans, numberSlots).values()].filter((g) => new Set(g.texts.map((t) => skeletonOf(slotsOf(t)))).size >= TUNING.spans.minMergedSkeletons);
  return [...raw, ...merged.map((g) => ({ ...g, numbers: true }))].map((g) => ({ ...g, words: words.get(g.label)! }));
}

/**
 * Shape candidates of one skeleton group: digit runs as length ranges (`\d{1,2}`), optionally
 * with their leading digits when few (`(?:19|20)\d{2}`), word runs as the group's own inventory
 * (`(?:January|February|…)`) or as a letter-case class (`[A-Z][a-z]{2,8}`), whitespace and
 * punctuation literally. Only groups of at least `minCount` spans are generalised.
 */
export function shapeCandidates(g: ShapeGroup, minCount: number): Candidate[] {
  if (g.texts.length < minCount) return [];
  const rows = g.texts.map(slotsFor(g));
  const counts = g.words ?? wordCounts(g.texts);
  const first = rows[0]!;
  const column = (i: number) => rows.map((r) => r[i]!.text);
  const variants: { tag: string; parts: (Part | null)[] }[] = [];
  const hasDigits = first.some((s) => s.type === 'D');
  const hasWords = first.some((s) => s.type === 'W');
  const build = (digitsByPrefix: boolean, words: 'inventory' | 'class'): (Part | null)[] =>
    first.map((s, i) => {
      const vals = column(i);
      if (s.type === 'N') {
        const src = numberSource(vals.map((v) => numberOf(v)!));
        return src === null ? null : { src };
      }
      if (s.type === 'D') return { src: digitSlot(vals, digitsByPrefix) };
      if (s.type === 'S') return { src: spaceSlot(vals) };
      if (s.type === 'P') return { src: escapeRegex(s.text) };
      const cls = words === 'class' ? wordClass(vals) : null;
      return cls ? { src: cls } : wordInventory(vals, first.length === 1, counts);
    });
  variants.push({ tag: 'shape', parts: build(false, 'inventory') });
  if (hasDigits) variants.push({ tag: 'shape_prefix', parts: build(true, 'inventory') });
  if (hasWords) variants.push({ tag: 'shape_class', parts: build(true, 'class') });
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const v of variants) {
    const c = compose(rows, v.parts);
    if (!c || seen.has(c.src)) continue;
    seen.add(c.src);
    out.push({
      kind: v.tag,
      label: g.label,
      format: 'regex',
      pattern: c.src,
      flags: c.unicode ? 'u' : '',
      group: '$0',
      name: `${g.label} shape /${c.src.length > 60 ? `${c.src.slice(0, 57)}...` : c.src}/`,
      description: `shape of ${g.texts.length} train ${g.label} spans (skeleton ${g.skeleton}), e.g. ${g.texts
        .slice(0, 3)
        .map((t) => JSON.stringify(t))
        .join(', ')}`,
      specificity: v.tag === 'shape' ? 1 : 0.5,
      support: g.texts.length,
      shape: { parts: c.parts, left: c.left, right: c.right },
    });
  }
  return out;
}
