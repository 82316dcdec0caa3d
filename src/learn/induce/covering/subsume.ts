import { Kind } from './features.js';

/** One condition of a covering rule, by its feature's kind and key: present, or (an exception) absent. */
export interface Condition {
  kind: number;
  key: string;
  negated: boolean;
}

/**
 * Whether implications may be read off a key: only where the regexes are plain ASCII words with
 * `\b` edges; elsewhere (accented letters, other scripts) no condition is taken to imply another.
 */
export const plainKey = (key: string): boolean => /^[a-z0-9' ]+$/.test(key);

/** The words of a word or phrase feature, each with a word boundary before it in the feature's regex. */
function wordsOf(c: Condition): string[] {
  switch (c.kind) {
    case Kind.Word:
    case Kind.Bigram:
    case Kind.Trigram:
    case Kind.Gap:
    case Kind.First:
    case Kind.First2:
      return c.key.split(' ');
    default:
      return [];
  }
}

/**
 * Whether every text that has feature `a` has feature `b`, as their regexes read them: a phrase
 * has each of its words, a word or a longer stem has its stems, "what is" at the start has "what"
 * at the start, a trigram has its bigrams, "at most 4 words" has "at most 6 words".
 */
export function implies(a: Condition, b: Condition): boolean {
  if (a.kind === b.kind && a.key === b.key) return true;
  if (!plainKey(a.key) || !plainKey(b.key)) return false;
  switch (b.kind) {
    case Kind.Stem:
      return a.kind === Kind.Stem ? a.key.startsWith(b.key) : wordsOf(a).some((w) => w.startsWith(b.key));
    case Kind.Word:
      return wordsOf(a).includes(b.key);
    case Kind.First:
      return a.kind === Kind.First2 && wordsOf(a)[0] === b.key;
    case Kind.Bigram:
      return (a.kind === Kind.Trigram || a.kind === Kind.First2) && ` ${a.key} `.includes(` ${b.key} `);
    case Kind.Short:
      return a.kind === Kind.Short && Number(a.key) <= Number(b.key);
    default:
      return false;
  }
}

/**
 * Whether rule `a` fires on every text rule `b` fires on: each condition of `a` follows from one
 * of `b`'s, and each exception of `a` is one `b` excepts too (or implies one `b` excepts).
 */
export function subsumes(a: readonly Condition[], b: readonly Condition[]): boolean {
  const pos = b.filter((c) => !c.negated);
  const neg = b.filter((c) => c.negated);
  return a.every((c) => (c.negated ? neg.some((m) => implies(c, m)) : pos.some((q) => implies(q, c))));
}
