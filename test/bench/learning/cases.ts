/** The learning benchmark's cases by name, each loaded only when asked for. */
import { loadB77All, loadB77FewShot, loadTrec } from './classification-sets.js';
import { loadLongDocuments } from './long-documents.js';
import { loadRestaurant8k, loadSroie, loadTabFormat, loadWnut17 } from './span-sets.js';
import type { BenchCase } from './types.js';

const LOADERS = {
  'b77-77': loadB77All,
  trec6: () => loadTrec('coarse'),
  trec50: () => loadTrec('fine'),
  'b77-5x5': () => loadB77FewShot(),
  r8k: loadRestaurant8k,
  wnut17: loadWnut17,
  tab: loadTabFormat,
  sroie: loadSroie,
  'echr-long': loadLongDocuments,
} satisfies Record<string, () => BenchCase>;

export type CaseName = keyof typeof LOADERS;
export const CASE_NAMES = Object.keys(LOADERS) as CaseName[];

export const loadCase = (name: CaseName): BenchCase => LOADERS[name]();
