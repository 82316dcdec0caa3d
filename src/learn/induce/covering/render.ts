import { boundary, caseForms, escapeRegex, literalPattern } from '../text.js';
import type { Candidate } from '../types.js';
import { Kind, SHAPES, type ShapeName } from './features.js';

/** A feature's regex forms: alone, and as the body of a `^(?=…)` test anywhere in the text. */
interface Source {
  src: string;
  look: string;
  unicode: boolean;
  display: string;
}

const NON_ASCII = /[^\0-\x7f]/;

function words(key: string): string[] {
  return key.split(' ');
}

/** `a … c`: two words with exactly one word between them. */
function gapSource(key: string, word: (w: string) => string): { src: string; unicode: boolean } {
  const [a, c] = words(key) as [string, string];
  const l = boundary(a[0], 'left');
  const r = boundary(c[c.length - 1], 'right');
  return { src: `${l.src}${word(a)}\\s+\\S+\\s+${word(c)}${r.src}`, unicode: l.unicode || r.unicode || NON_ASCII.test(key) };
}

// A word as the tokenizer reads one (letters and digits, inner apostrophes), and what separates
// words. Letters are written as ranges (ASCII, accented Latin, Greek to Ethiopic, kana and CJK,
// Hangul) rather than `\p{L}`: the static ReDoS screen decides these at once, where `\p{L}`
// sends every length rule to the slow fuzzing check. A letter outside the ranges separates.
const LOWER = 'a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f\\u0370-\\u03ff\\u0400-\\u137f\\u3040-\\u30ff\\u4e00-\\u9fff\\uac00-\\ud7a3';
// A case-sensitive rule (one with a cased shape) names the capitals too.
const letters = (cased: boolean): string => (cased ? `A-Z${LOWER}` : LOWER);
const word = (cased: boolean): string => `[0-9${letters(cased)}]+(?:['’][${letters(cased)}]+)*`;
const separator = (cased: boolean): string => `[^0-9${letters(cased)}]`;

/**
 * The whole text, from its start, as 1 to `k` words: each word ends at a separator or the end, so
 * a word cannot be split in two. An inner apostrophe may also be read as a separator, which only
 * counts more words: the fewest the regex can find is the tokenizer's count.
 */
const shortBody = (k: number, cased: boolean): string => `${separator(cased)}*(?:${word(cased)}(?:${separator(cased)}+|$)){1,${k}}$`;

/**
 * The regex forms of one indexed feature. In a case-sensitive rule (`cased`: one of its conditions
 * is a cased shape, so the rule has no `i` flag) each word is written in its case forms.
 */
export function featureSource(kind: number, key: string, cased = false): Source {
  const w = cased ? caseForms : escapeRegex;
  switch (kind) {
    case Kind.Word:
    case Kind.Bigram:
    case Kind.Trigram: {
      const p = literalPattern(key, w);
      return { src: p.src, look: `.*?${p.src}`, unicode: p.unicode, display: `"${key}"` };
    }
    case Kind.Stem:
      return { src: `\\b${w(key)}\\w*`, look: `.*?\\b${w(key)}`, unicode: false, display: `"${key}*"` };
    case Kind.Gap: {
      const g = gapSource(key, w);
      return { ...g, look: `.*?${g.src}`, display: `"${words(key).join(' … ')}"` };
    }
    case Kind.First:
    case Kind.First2: {
      const p = literalPattern(key, w);
      // The leading boundary is implied by `^\W*`; the trailing one stays.
      const body = p.src.startsWith('\\b') ? p.src.slice(2) : p.src;
      return { src: `^\\W*${body}`, look: `\\W*${body}`, unicode: p.unicode, display: `starts "${key}"` };
    }
    case Kind.Short: {
      const body = shortBody(Number(key), cased);
      return { src: `^${body}`, look: body, unicode: false, display: `at most ${key} words` };
    }
    case Kind.Shape: {
      const shape = SHAPES[key as ShapeName];
      return { src: shape.src, look: `.*?${shape.src}`, unicode: false, display: shape.display };
    }
    default:
      throw new Error(`unknown feature kind ${kind}`);
  }
}

/** Whether a feature needs a case-sensitive rule. */
const isCased = (kind: number, key: string): boolean => kind === Kind.Shape && SHAPES[key as ShapeName].cased;

/** One condition of a rule: a feature present, or (an exception) absent. */
export interface Literal {
  feature: number;
  negated: boolean;
}

/** What a covering rule says and how it did on train, for its name and description. */
export interface RenderInput {
  literals: readonly Literal[];
  label: string;
  kindOf: (feature: number) => number;
  keyOf: (feature: number) => string;
  tp: number;
  n: number;
  /** `all`: tp and n count every train text it fires on, not only those earlier rules left. */
  scope?: 'all';
}

const kindName = (k: number): string => ['word', 'stem', 'phrase', 'phrase', 'gap', 'first', 'first', 'length', 'shape'][k] ?? 'word';

/**
 * The readable rule a list of literals stands for. One present feature is its own pattern; more
 * (or an exception) become order-free lookaheads: `^(?=.*?\bcash\b)(?!.*?\bnot\b).+`.
 */
export function renderRule(r: RenderInput): Candidate {
  const cased = r.literals.some((l) => isCased(r.kindOf(l.feature), r.keyOf(l.feature)));
  const parts = r.literals.map((l) => ({ l, s: featureSource(r.kindOf(l.feature), r.keyOf(l.feature), cased) }));
  const pos = parts.filter((p) => !p.l.negated);
  const neg = parts.filter((p) => p.l.negated);
  const unicode = parts.some((p) => p.s.unicode);
  const shown = pos.map((p) => p.s.display).join(' & ') + (neg.length ? ` unless ${neg.map((p) => p.s.display).join(' or ')}` : '');
  const evidence = `in ${r.tp} of ${r.n} train texts it fired on${r.scope === 'all' ? '' : ' (not yet covered by earlier rules)'} it is ${r.label}`;
  const single = parts.length === 1 && pos.length === 1;
  const pattern = single ? pos[0]!.s.src : `^${pos.map((p) => `(?=${p.s.look})`).join('')}${neg.map((p) => `(?!${p.s.look})`).join('')}.+`;
  const kind = single ? kindName(r.kindOf(pos[0]!.l.feature)) : 'conj';
  return {
    kind,
    label: r.label,
    format: 'regex',
    pattern,
    flags: (cased ? '' : 'i') + (single ? '' : 's') + (unicode ? 'u' : ''),
    group: '$0',
    name: `${r.label} <- ${shown}`,
    description: `${single ? kindName(r.kindOf(pos[0]!.l.feature)) : neg.length ? 'exception rule' : 'conjunction'} ${shown}: ${evidence}`,
    specificity: parts.length,
    conditions: r.literals.map((l) => ({ kind: r.kindOf(l.feature), key: r.keyOf(l.feature), negated: l.negated })),
    support: r.tp,
    precision: r.n ? r.tp / r.n : 0,
  };
}
