/** The learning benchmark's cases by name, each loaded only when asked for. */
import { loadB77All, loadB77FewShot, loadTrec } from './classification-sets.js';
import { caseGroups, DRAWN_LOADERS } from './curve-cases.js';
import { loadLongDocuments } from './long-documents.js';
import { loadRestaurant8k, loadSroie, loadTabFormat, loadWnut17 } from './span-sets.js';
import type { BenchCase } from './types.js';

const LOADERS: Record<string, () => BenchCase> = {
  'b77-77': loadB77All,
  trec6: () => loadTrec('coarse'),
  trec50: () => loadTrec('fine'),
  'b77-5x5': () => loadB77FewShot(),
  r8k: loadRestaurant8k,
  wnut17: loadWnut17,
  tab: loadTabFormat,
  sroie: loadSroie,
  'echr-long': loadLongDocuments,
  ...DRAWN_LOADERS,
};

export type CaseName = string;
export const CASE_NAMES: readonly string[] = Object.keys(LOADERS);
/** Group names (`curves`, `skewed`, `open-spans`, `b77-77@*` …) and the cases each stands for. */
export const CASE_GROUPS = caseGroups(CASE_NAMES);

export const loadCase = (name: CaseName): BenchCase => {
  const load = LOADERS[name];
  if (!load) throw new Error(`unknown case ${name}: use one of ${CASE_NAMES.join(', ')}`);
  return load();
};
