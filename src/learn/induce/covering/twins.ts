import type { FeatureIndex } from './features.js';
import { spend } from './work.js';

const made = new WeakMap<FeatureIndex, (f: number) => readonly number[]>();

/** FNV-1a over a posting list, with its length: equal lists hash alike. */
function hashOf(docs: Int32Array): string {
  let h = 2166136261;
  for (const d of docs) h = Math.imul(h ^ d, 16777619);
  return `${docs.length}:${h >>> 0}`;
}

const sameDocs = (a: Int32Array, b: Int32Array): boolean => a.length === b.length && a.every((d, i) => d === b[i]);

/**
 * For each feature of `index`, the other features that occur in exactly its texts: its twins on
 * the texts learned from ("safari" and "safari*" where no text has "safaris", "charg*" and
 * "charge*" where every text with one has the other). On these texts a twin is the same evidence
 * under another name. Made once per index (posting lists grouped by a hash, then compared).
 */
export function twinsOf(index: FeatureIndex): (f: number) => readonly number[] {
  const kept = made.get(index);
  if (kept) return kept;
  const byHash = new Map<string, number[]>();
  index.postings.forEach((docs, f) => {
    spend(docs.length);
    const k = hashOf(docs);
    const same = byHash.get(k);
    if (same) same.push(f);
    else byHash.set(k, [f]);
  });
  const twins = (f: number): readonly number[] => {
    const docs = index.postings[f]!;
    return (byHash.get(hashOf(docs)) ?? []).filter((g) => g !== f && sameDocs(index.postings[g]!, docs));
  };
  made.set(index, twins);
  return twins;
}
