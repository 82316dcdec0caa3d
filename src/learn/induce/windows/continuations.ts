import { ALTERNATIVE, BREAK, SPACED, templateParts, TOUCHING } from './codes.js';
import { fixedDigits, LETTER_SHAPES } from './tokens.js';

const tokenCount = (part: string): number => templateParts(part).seps.length;

/** Where a template's tokens join (the separators' offsets). */
function joins(template: string): number[] {
  const cuts: number[] = [];
  for (let i = 0; i < template.length; i++) if (template[i] === SPACED || template[i] === TOUCHING) cuts.push(i);
  return cuts;
}

/** The template split before each of its last `most` tokens: [head, continuation with its leading separator]. */
function splits(template: string, most: number): [string, string][] {
  return joins(template)
    .slice(-most)
    .map((at) => [template.slice(0, at), template.slice(at)]);
}

/**
 * Per label and gold template, the continuations of one or two tokens (with their separator) that
 * make another gold template of the label: "7:30" and "7:30 pm", "May 9" and "May 9, 2018". A rule
 * for the template with them optional takes the longest at each place (one span, as the regex
 * does), where the template alone and the longer one as two rules would overlap and give a wrong
 * span beside the right one.
 */
export function continuations(positive: ReadonlyMap<string, ReadonlySet<number>>, mostTokens: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [template, labels] of positive)
    for (const [head, part] of splits(template, mostTokens))
      for (const c of labels) {
        if (!positive.get(head)?.has(c)) continue;
        const key = `${c}\u0001${head}`;
        const list = out.get(key) ?? [];
        if (!list.includes(part)) list.push(part);
        out.set(key, list);
      }
  return out;
}

/** A number's code with any digit count (`d`) in place of a fixed one (`d4`). */
function anyCount(part: string): string {
  const { codes, seps } = templateParts(part);
  return codes.map((code, i) => (i ? seps[i - 1] : '') + (fixedDigits(code) ? 'd' : code)).join('');
}

/**
 * The continuations less the ones another matches wherever they do ("d4" beside "d"): they end at
 * the same place, so the rule's spans are the same without them.
 */
function broadest(parts: readonly string[]): string[] {
  const all = new Set(parts);
  return parts.filter((s) => anyCount(s) === s || !all.has(anyCount(s)));
}

/** A continuation with a letter shape (`x`, `Xx`) takes any word that follows; one of words, numbers and punctuation does not. */
const open = (part: string): boolean => templateParts(part).codes.some((code) => LETTER_SHAPES.has(code));

/**
 * The sets of continuations a candidate may take: each alone, the closed ones together ("pm" and
 * "am") and all together, less the ones another in the set makes redundant. Taking all at once
 * would let one that takes any word ("7:30 ok") spoil the closed ones.
 */
function choices(options: readonly string[]): string[][] {
  const sets = [...options.map((o) => [o]), options.filter((o) => !open(o)), [...options]].map(broadest).filter((s) => s.length);
  return [...new Map(sets.map((s) => [[...s].sort().join(ALTERNATIVE), s])).values()];
}

/** Continuations with the most tokens first: the regex tries them in this order and keeps the first that matches. */
const mostTokensFirst = (set: readonly string[]): string[] => [...set].sort((a, b) => tokenCount(b) - tokenCount(a) || b.length - a.length || (a < b ? -1 : 1));

export interface WindowPlaces {
  doc: ArrayLike<number>;
  start: ArrayLike<number>;
  end: ArrayLike<number>;
  /** Per window, 1 when it ends at a break (the `BREAK` right context). */
  breaks: ArrayLike<number>;
  /** Per window, the label id of the gold span there (-1: none). */
  gold: ArrayLike<number>;
}

/**
 * Adds, for every candidate whose template has continuations and whose right context is none or
 * a break, the candidate with them optional. Its windows are the template's, each replaced by the
 * longest window of a continued template that starts at the same place (with a break: the longest
 * that ends at one, the template's own window last), as the regex tries them. A left context and
 * a document fact hold of the start and the document, so the context-free lists of the continued
 * templates serve every context of the template. A candidate is added only when it finds at least
 * `minGain` more gold spans of its label than the template alone with the same context.
 */
export function addContinuations(occurrences: Map<string, number[]>, places: WindowPlaces, conts: ReadonlyMap<string, readonly string[]>, minGain: number): void {
  let stride = 1;
  for (let w = 0; w < places.start.length; w++) stride = Math.max(stride, places.start[w]! + 1);
  // A window's document and start as one number.
  const placeOf = (w: number) => places.doc[w]! * stride + places.start[w]!;
  const cache = new Map<string, Map<number, number[]>>();
  // Per place, the windows of the continued templates there, longest first.
  const continued = (base: string, options: readonly string[]): Map<number, number[]> => {
    const id = `${base}\u0001${options.join(ALTERNATIVE)}`;
    let at = cache.get(id);
    if (at) return at;
    at = new Map();
    for (const o of options)
      for (const w of occurrences.get(`${base}${o}\u0001\u0001\u0001`) ?? []) {
        const here = at.get(placeOf(w)) ?? [];
        if (here.some((v) => places.end[v] === places.end[w])) continue;
        here.push(w);
        at.set(placeOf(w), here.sort((a, b) => places.end[b]! - places.end[a]!));
      }
    cache.set(id, at);
    return at;
  };
  const added: [string, number[]][] = [];
  for (const [key, list] of occurrences) {
    const [c, template, left, right, fact, ...rest] = key.split('\u0001') as [string, string, string, string, string, ...string[]];
    const base = `${c}\u0001${template}`;
    const options = conts.get(base);
    if (!options || rest.length || (right && right !== BREAK)) continue;
    // With a break, the template's windows at every place, whatever follows them.
    const heads = right ? occurrences.get(`${base}\u0001${left}\u0001\u0001${fact}`) : list;
    if (!heads) continue;
    const pick = (w: number, longer: readonly number[] | undefined): number | undefined => {
      if (!right) return longer?.[0] ?? w;
      for (const v of longer ?? []) if (places.breaks[v]) return v;
      return places.breaks[w] ? w : undefined;
    };
    const label = Number(c);
    let own = 0;
    for (const w of list) if (places.gold[w] === label) own++;
    for (const set of choices(options)) {
      const at = continued(base, set);
      const windows = heads.flatMap((w) => pick(w, at.get(placeOf(w))) ?? []);
      // Only a candidate that finds more gold spans than the template alone is worth its list.
      let gain = -own;
      for (const v of windows) if (places.gold[v] === label) gain++;
      if (gain >= minGain) added.push([`${key}\u0001${mostTokensFirst(set).join(ALTERNATIVE)}`, windows]);
    }
  }
  for (const [k, l] of added) occurrences.set(k, l);
}
