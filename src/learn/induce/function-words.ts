import { tokenize } from './text.js';
import { TUNING } from './tuning.js';

/**
 * The words of a task that say nothing about its labels, learned from its train texts rather than
 * from a stopword list (so it holds in any language and domain): words found in the texts of most
 * labels, and in enough texts to be common. With three labels or more, a word in the texts of
 * `classShare` of them is spread over the task; with two, spread says nothing, so none is named.
 * On a small train set such a word can look like a trigger by chance ("was" in 8 of 12 texts).
 */
export function functionWords(texts: readonly string[], labels: readonly (string | null)[]): Set<string> {
  const { classShare, minTexts, minClasses } = TUNING.functionWords;
  const classesOf = new Map<string, Set<string>>();
  const textsOf = new Map<string, number>();
  const labelled = new Set<string>();
  texts.forEach((text, i) => {
    const label = labels[i];
    if (label === null || label === undefined) return;
    labelled.add(label);
    for (const w of new Set(tokenize(text).map((t) => t.norm))) {
      let cs = classesOf.get(w);
      if (!cs) classesOf.set(w, (cs = new Set()));
      cs.add(label);
      textsOf.set(w, (textsOf.get(w) ?? 0) + 1);
    }
  });
  const out = new Set<string>();
  if (labelled.size < TUNING.functionWords.minLabels) return out;
  const need = Math.max(minClasses, Math.ceil(classShare * labelled.size));
  for (const [w, cs] of classesOf) if (cs.size >= need && textsOf.get(w)! >= minTexts) out.add(w);
  return out;
}

/** Whether a feature's words (a word, or words separated by spaces; a trailing `*` marks a stem) are all function words. */
export function onlyFunctionWords(key: string, words: ReadonlySet<string>): boolean {
  return key.split(' ').every((w) => words.has(w.replace(/\*$/, '')));
}
