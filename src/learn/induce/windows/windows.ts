import type { SpanDoc } from '../spans/forms.js';
import type { MetaFeature, MetaFeatures } from './meta-features.js';
import { CAPITALISED, fixedDigits, spanTokens, type SpanToken } from './tokens.js';
import { addContinuations, continuations } from './continuations.js';
import { HeadWordIds, type HeadWords } from './exceptions.js';
import { ALTERNATIVE, BOS, BREAK, EOS, SPACED, TOUCHING } from './codes.js';

export { BOS, BREAK, EOS, SPACED, TOUCHING } from './codes.js';


const SENTENCE_MARKS: ReadonlySet<string> = new Set(['.', ',', '!', '?', ';']);

/** Whether the window ending at token j ends at a break (see `BREAK`). */
function endsAtBreak(toks: readonly SpanToken[], j: number): boolean {
  const next = toks[j + 1];
  if (!next || next.spaced) return true;
  if (!SENTENCE_MARKS.has(next.literal)) return false;
  const after = toks[j + 2];
  return !after || after.spaced;
}

/** A template and its optional context: what a rule matches and where. */
export interface WindowPattern {
  /** Token codes joined by separator codes. */
  template: string;
  /** The token just before the span (its literal code and whether whitespace separates it). */
  left: string | null;
  right: string | null;
  /** The metadata fact the document must have (the slot a dialogue system asked for). */
  when: MetaFeature | null;
  /** Continuations taken when they follow the template (a separator code, then token codes), most tokens first. */
  optional?: readonly string[];
  /** Words (lower-cased) the template's first, capitalised, token must not be. */
  except?: readonly string[];
}

/** Every window of every document that fits a template some gold span has, with what it is. */
export interface WindowIndex {
  /** Per window: document, offsets, and the gold label id there (-1: not a gold span). */
  doc: Int32Array;
  start: Int32Array;
  end: Int32Array;
  gold: Int32Array;
  /** Candidate key → window ids. Keys: `label\u0001template\u0001left\u0001right\u0001meta feature id`, then optional continuations. */
  occurrences: Map<string, number[]>;
  /** The metadata facts keys may be conditioned on. */
  meta: MetaFeature[];
  labels: string[];
  /** Per window, the id in `heads` of its first word when that is a capitalised word (-1: none), which exceptions may name. */
  head: Int32Array;
  heads: HeadWords;
  /** Gold spans no template can reach (not on token edges). */
  unreachable: number;
  goldTotal: number;
}

/** A number of any length (`d`), for the levels of templates that do not fix digit counts. */
const anyDigits = (t: SpanToken): string => (fixedDigits(t.shape) ? 'd' : t.shape.startsWith('d+') ? 'd+a' : t.shape);
const wordsAnyDigits = (t: SpanToken): string => (fixedDigits(t.shape) ? 'd' : t.literal);

const caps = (t: SpanToken): string => (CAPITALISED.has(t.shape) ? t.shape : t.literal);

/** The code of what separates a token from the one before it. */
const separator = (spaced: boolean): string => (spaced ? SPACED : TOUCHING);

/**
 * A token's code at each level of a window's templates: literal words, shapes for capitalised
 * words, all shapes, all shapes with numbers of any length ("1:30pm" and "11:45pm" are one
 * template), and literal words with numbers of any length ("in 2 days" and "in 15 days").
 * Selection keeps a fixed count only where it is more precise on train.
 */
const LEVELS: readonly ((t: SpanToken) => string)[] = [(t) => t.literal, caps, (t) => t.shape, anyDigits, wordsAnyDigits];

/**
 * Calls `visit(j, templates)` with the distinct templates (one per level of `LEVELS`) of the window
 * of tokens i..j, for j = i, i + 1, … within `maxTokens`, extending each level's template by one
 * token at a time, and stops once no level's template is in `prefixes` (with `prefixes` holding
 * every gold template's leading tokens, no longer window from i can have a gold template).
 * Scanning every window of long documents was most of a span learn's time.
 */
export function eachWindowFrom(toks: readonly SpanToken[], i: number, maxTokens: number, prefixes: ReadonlySet<string> | null, visit: (j: number, ts: readonly string[]) => void): void {
  const cur = LEVELS.map(() => '');
  for (let j = i; j < toks.length && j - i < maxTokens; j++) {
    const t = toks[j]!;
    const sep = j === i ? '' : separator(t.spaced);
    let alive = prefixes === null;
    for (let l = 0; l < LEVELS.length; l++) {
      cur[l] += sep + LEVELS[l]!(t);
      if (!alive && prefixes!.has(cur[l]!)) alive = true;
    }
    if (!alive) return;
    visit(j, [...new Set(cur)]);
  }
}

/** Codes of the token beside a window: its literal, and its shape when that differs (a capitalised name, a number). */
function sideCodes(t: SpanToken | undefined, spaced: boolean, edge: string): string[] {
  if (!t) return [edge];
  const sep = separator(spaced);
  return t.shape !== t.literal && /^(Xx|X|Xmix|x)$/.test(t.shape) ? [`${t.literal}${sep}`, `${t.shape}${sep}`] : [`${t.literal}${sep}`];
}

/**
 * Every key with context of one window and template (`base` = label and template): a token (or two
 * tokens) on the left, a token on the right, both, and each with a metadata fact of the document
 * (a fact alone, or around a whole-text answer, too).
 */
function contextKeys(toks: readonly SpanToken[], i: number, j: number, base: string, facts: readonly number[], emit: (key: string) => void): void {
  const lefts = sideCodes(toks[i - 1], toks[i]!.spaced, BOS);
  // Two tokens of left context: two words ("the name", "name is"), and a token then a capitalised
  // word as its shape ("for Xx", "is Xx"): the part of a name before the span is open-class, the
  // token before it is not.
  const [far, near] = [toks[i - 2], toks[i - 1]];
  if (far && near) {
    const between = separator(near.spaced);
    const after = separator(toks[i]!.spaced);
    lefts.push(`${far.literal}${between}${near.literal}${after}`);
    if (CAPITALISED.has(near.shape)) lefts.push(`${far.literal}${between}${near.shape}${after}`);
  }
  const rights = sideCodes(toks[j + 1], !!toks[j + 1]?.spaced, EOS);
  if (endsAtBreak(toks, j)) rights.push(BREAK);
  for (const l of lefts) emit(`${base}\u0001${l}\u0001\u0001`);
  for (const r of rights) emit(`${base}\u0001\u0001${r}\u0001`);
  for (const l of lefts) for (const r of rights) emit(`${base}\u0001${l}\u0001${r}\u0001`);
  for (const f of facts) {
    emit(`${base}\u0001\u0001\u0001${f}`);
    for (const l of lefts) emit(`${base}\u0001${l}\u0001\u0001${f}`);
    for (const r of rights) emit(`${base}\u0001\u0001${r}\u0001${f}`);
    if (lefts[0] === BOS && rights[0] === EOS) emit(`${base}\u0001${BOS}\u0001${EOS}\u0001${f}`);
  }
}

export interface IndexLimits {
  /** Longest template, in tokens. */
  maxTokens: number;
  /** Fewest gold occurrences a context needs to become a candidate. */
  minContextSupport: number;
  /** Most tokens of an optional continuation of a template (none when absent). */
  optionalTokens?: number;
  /** Fewest more gold spans a template with continuations must find than the template alone. */
  continuationMinGain?: number;
}

/**
 * Indexes the windows of `docs`: first the templates of every gold span (per label), then every
 * window of every document whose template is one of them, each with its context on either side.
 * A candidate's support and precision are then counts over its window list; no regex runs.
 */
export function indexWindows(docs: readonly SpanDoc[], limits: IndexLimits, meta: MetaFeatures = { features: [], docFeatures: [] }): WindowIndex {
  const labels = [...new Set(docs.flatMap((d) => d.spans.map((s) => s.label)))].sort();
  const labelId = new Map(labels.map((l, i) => [l, i]));
  const tokens = docs.map((d) => spanTokens(d.text));
  const positive = new Map<string, Set<number>>();
  let unreachable = 0;
  let goldTotal = 0;
  // Every gold window's templates over its first tokens: a window whose templates are none of these
  // cannot grow into a gold template. Sound only while no token holds a separator code itself.
  const prefixes = tokens.some((ts) => ts.some((t) => t.literal.includes(TOUCHING) || t.literal.includes(SPACED))) ? null : new Set<string>();
  // Each gold window once, with its templates.
  const goldWindows: { di: number; i: number; j: number; templates: readonly string[] }[] = [];
  const goldAt = docs.map((d, di) => {
    const toks = tokens[di]!;
    const byStart = new Map(toks.map((t, k) => [t.start, k]));
    const byEnd = new Map(toks.map((t, k) => [t.end, k]));
    const at = new Map<string, number>();
    for (const s of d.spans) {
      goldTotal++;
      const i = byStart.get(s.start);
      const j = byEnd.get(s.end);
      if (i === undefined || j === undefined || j < i || j - i >= limits.maxTokens) {
        unreachable++;
        continue;
      }
      const c = labelId.get(s.label)!;
      let whole: readonly string[] = [];
      // One pass over the span: the templates of each leading part are prefixes, the whole span's are gold.
      eachWindowFrom(toks, i, j - i + 1, null, (k, ts) => {
        if (prefixes) for (const t of ts) prefixes.add(t);
        if (k < j) return;
        whole = ts;
        for (const t of ts) {
          let set = positive.get(t);
          if (!set) positive.set(t, (set = new Set()));
          set.add(c);
        }
      });
      const key = `${s.start}:${s.end}`;
      if (!at.has(key)) goldWindows.push({ di, i, j, templates: whole });
      at.set(key, c);
    }
    return at;
  });
  // First the gold windows alone: which contexts are seen around enough gold spans of their label.
  // Only those are indexed over every window (a context seen around fewer cannot generalise), so
  // memory follows the contexts that can become rules, not every context of every window.
  const goldCount = new Map<string, number>();
  for (const { di, i, j, templates } of goldWindows) {
    const toks = tokens[di]!;
    const c = goldAt[di]!.get(`${toks[i]!.start}:${toks[j]!.end}`)!;
    for (const t of templates) contextKeys(toks, i, j, `${c}\u0001${t}`, meta.docFeatures[di] ?? [], (k) => goldCount.set(k, (goldCount.get(k) ?? 0) + 1));
  }
  const doc: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const gold: number[] = [];
  const breaks: number[] = [];
  const head: number[] = [];
  const headIds = new HeadWordIds();
  const occurrences = new Map<string, number[]>();
  const push = (key: string, w: number) => {
    let xs = occurrences.get(key);
    if (!xs) occurrences.set(key, (xs = []));
    xs.push(w);
  };
  docs.forEach((d, di) => {
    const toks = tokens[di]!;
    const facts = meta.docFeatures[di] ?? [];
    for (let i = 0; i < toks.length; i++)
      eachWindowFrom(toks, i, limits.maxTokens, prefixes, (j, ts) => {
        let w = -1;
        for (const t of ts) {
          const ls = positive.get(t);
          if (!ls) continue;
          if (w < 0) {
            w = doc.length;
            breaks.push(endsAtBreak(toks, j) ? 1 : 0);
            head.push(headIds.of(toks[i]!));
            doc.push(di);
            start.push(toks[i]!.start);
            end.push(toks[j]!.end);
            gold.push(goldAt[di]!.get(`${toks[i]!.start}:${toks[j]!.end}`) ?? -1);
          }
          const at = w;
          for (const c of ls) {
            if (d.universe && !d.universe.has(labels[c]!)) continue;
            const base = `${c}\u0001${t}`;
            push(`${base}\u0001\u0001\u0001`, at);
            contextKeys(toks, i, j, base, facts, (k) => {
              if ((goldCount.get(k) ?? 0) >= limits.minContextSupport) push(k, at);
            });
          }
        }
      });
  });
  if (limits.optionalTokens) addContinuations(occurrences, { doc, start, end, breaks, gold }, continuations(positive, limits.optionalTokens), limits.continuationMinGain ?? 1);
  const ids = { doc: Int32Array.from(doc), start: Int32Array.from(start), end: Int32Array.from(end), gold: Int32Array.from(gold), head: Int32Array.from(head) };
  return { ...ids, heads: headIds.table(tokens), occurrences, meta: meta.features, labels, unreachable, goldTotal };
}

/** The parts of a candidate key. */
export function parseKey(key: string, meta: readonly MetaFeature[]): { label: number; pattern: WindowPattern } {
  const [c, template, left, right, fact, optional] = key.split('\u0001') as [string, string, string, string, string, string | undefined];
  return { label: Number(c), pattern: { template, left: left || null, right: right || null, when: fact ? meta[Number(fact)]! : null, ...(optional ? { optional: optional.split(ALTERNATIVE) } : {}) } };
}
