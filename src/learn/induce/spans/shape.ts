import { edgeBoundary, escapeRegex } from '../text.js';
import type { Candidate } from '../types.js';
import { TUNING } from '../tuning.js';

/** One run of a span's text: digits, letters, whitespace, or a single other character. */
export interface Slot {
  type: 'D' | 'W' | 'S' | 'P';
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

/** The skeleton of a span: its run kinds, punctuation kept literally (`D S W S D`, `D / D`). */
export function skeletonOf(slots: readonly Slot[]): string {
  return slots.map((s) => (s.type === 'P' ? `P${s.text}` : s.type)).join(' ');
}

/** Most distinct words a slot lists before it is generalised to a letter-case class. */
const MAX_INVENTORY = 40;

function digitSlot(values: readonly string[], byPrefix: boolean): string {
  const lens = values.map((v) => v.length);
  const lo = Math.min(...lens);
  const hi = Math.max(...lens);
  if (byPrefix && lo === hi && lo >= 3) {
    const prefixes = [...new Set(values.map((v) => v.slice(0, 2)))].sort();
    if (prefixes.length <= 3 && values.length >= 3 * prefixes.length) {
      const p = prefixes.length === 1 ? prefixes[0]! : `(?:${prefixes.join('|')})`;
      return `${p}\\d{${lo - 2}}`;
    }
  }
  return lo === hi ? `\\d{${lo}}` : `\\d{${lo},${hi}}`;
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

function wordInventory(values: readonly string[]): Part | null {
  const distinct = [...new Set(values)];
  return distinct.length > MAX_INVENTORY ? null : { values: distinct.sort() };
}

/** The regex source of a shape's parts. */
export function partsSource(parts: readonly Part[]): string {
  return parts.map((p) => ('src' in p ? p.src : inventorySource(p.values))).join('');
}

function spaceSlot(values: readonly string[]): string {
  return values.every((v) => v === ' ') ? ' ' : '\\s{1,3}';
}

/** A generalised pattern for spans sharing one skeleton: the slots' sources joined, with boundaries. */
function compose(rows: readonly Slot[][], parts: readonly (Part | null)[]): { src: string; unicode: boolean; left: string; right: string; parts: Part[] } | null {
  if (parts.some((p) => p === null)) return null;
  const l = edgeBoundary(rows.map((r) => r[0]!.text[0]), 'left');
  const r = edgeBoundary(rows.map((r) => r[r.length - 1]!.text.slice(-1)), 'right');
  const ps = parts as Part[];
  return { src: `${l.src}${partsSource(ps)}${r.src}`, unicode: l.unicode || r.unicode, left: l.src, right: r.src, parts: ps };
}

export interface ShapeGroup {
  label: string;
  skeleton: string;
  /** The spans' texts. */
  texts: string[];
}

/** Groups gold span texts of each label by skeleton (only skeletons of at most TUNING.spans.maxSlots runs). */
export function groupShapes(spans: readonly { label: string; text: string }[]): ShapeGroup[] {
  const groups = new Map<string, ShapeGroup>();
  for (const s of spans) {
    const slots = slotsOf(s.text);
    if (!slots.length || slots.length > TUNING.spans.maxSlots || slots[0]!.type === 'S' || slots[slots.length - 1]!.type === 'S') continue;
    const sk = skeletonOf(slots);
    const key = `${s.label}\u0000${sk}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { label: s.label, skeleton: sk, texts: [] }));
    g.texts.push(s.text);
  }
  return [...groups.values()];
}

/**
 * Shape candidates of one skeleton group: digit runs as length ranges (`\d{1,2}`), optionally
 * with their leading digits when few (`(?:19|20)\d{2}`), word runs as the group's own inventory
 * (`(?:January|February|…)`) or as a letter-case class (`[A-Z][a-z]{2,8}`), whitespace and
 * punctuation literally. Only groups of at least `minCount` spans are generalised.
 */
export function shapeCandidates(g: ShapeGroup, minCount: number): Candidate[] {
  if (g.texts.length < minCount) return [];
  const rows = g.texts.map(slotsOf);
  const first = rows[0]!;
  const column = (i: number) => rows.map((r) => r[i]!.text);
  const variants: { tag: string; parts: (Part | null)[] }[] = [];
  const hasDigits = first.some((s) => s.type === 'D');
  const hasWords = first.some((s) => s.type === 'W');
  const build = (digitsByPrefix: boolean, words: 'inventory' | 'class'): (Part | null)[] =>
    first.map((s, i) => {
      const vals = column(i);
      if (s.type === 'D') return { src: digitSlot(vals, digitsByPrefix) };
      if (s.type === 'S') return { src: spaceSlot(vals) };
      if (s.type === 'P') return { src: escapeRegex(s.text) };
      const cls = words === 'class' ? wordClass(vals) : null;
      return cls ? { src: cls } : wordInventory(vals);
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
