import type { BaseRate } from './base-rate.js';
import type { CoverOptions, CoverResult } from './cover-options.js';
import { Coverer, satisfies } from './cover.js';
import { TUNING } from '../tuning.js';
import { globalOrder } from './global-order.js';
import { pairSeeds } from './pair-seeds.js';
import { featuresOfText, indexKeyedTexts } from './text-keys.js';
import { FeatureIndex, Kind, standsAlone, type FeatureConfig, type Vocabulary } from './features.js';
import { functionWords, onlyFunctionWords } from '../function-words.js';
import { spend } from './work.js';

/** A learned decision list with the index and vocabulary it was learned over. */
export interface DecisionList extends CoverResult {
  index: FeatureIndex;
  vocab: Vocabulary;
  features: FeatureConfig;
  classes: readonly string[];
  /** The default class it was learned for (its rules scored against its base rate), if any. */
  defaultClass?: BaseRate;
  /**
   * Whether asking for more passes would learn the same list: later passes were not run (the
   * first learned many rules) or the last one added none (its banned starts are then final).
   */
  saturated: boolean;
  /** Passes made so far (a pass the clock stopped counts). */
  passesMade: number;
  /** Features no rule of any pass may start with (see `startsBanned`); each pass adds its own starts. */
  starts: ReadonlySet<number>;
}

/** Class ids of labels (`null` or unknown labels: -1). */
export function classIds(labels: readonly (string | null)[], classes: readonly string[]): Int32Array {
  const id = new Map(classes.map((c, i) => [c, i]));
  return Int32Array.from(labels, (l) => (l === null ? -1 : (id.get(l) ?? -1)));
}

/** The vocabulary of `texts` and their feature index (built until `deadline`, a performance.now() time). */
export function indexTexts(texts: readonly string[], features: FeatureConfig, deadline: number): { vocab: Vocabulary; index: FeatureIndex } {
  return indexKeyedTexts(texts, features, () => performance.now() > deadline);
}

/** Indexes `texts` and learns a decision list for their labels by sequential covering. */
export function learnDecisionList(
  texts: readonly string[],
  labels: readonly (string | null)[],
  classes: readonly string[],
  features: FeatureConfig,
  opts: CoverOptions,
  passes = 1,
  prebuilt?: { vocab: Vocabulary; index: FeatureIndex },
  /** Make every pass even when the first learned many rules (a dev split judges each pass apart). */
  allPasses = false,
): DecisionList {
  const { vocab, index } = prebuilt ?? indexTexts(texts, features, opts.deadline);
  const ids = classIds(labels, classes);
  const banned = startsBanned(index, opts, texts, labels);
  const seeds = pairSeeds(index, ids, classes.length, { z: opts.z, maxLiterals: opts.maxLiterals, banned, deadline: opts.deadline });
  const res = new Coverer(index, ids, classes.length, { ...opts, banned, seeds }).run();
  // Later passes cover the same texts again with features no earlier rule starts with: fallbacks
  // that decide only where every earlier rule abstains (unseen wordings of a label).
  const runMore = allPasses || res.rules.length < TUNING.covering.passesBelowRules;
  const first: DecisionList = {
    ...res,
    index,
    vocab,
    features,
    classes,
    saturated: !runMore,
    passesMade: 1,
    starts: banned,
    ...(opts.defaultClass ? { defaultClass: opts.defaultClass } : {}),
  };
  return withPasses(first, ids, opts, passes);
}

/**
 * Features no rule may start with: those the options ban, kinds that do not stand alone, and, when
 * asked, features made only of the function words of `texts` and `labels` (stems excepted: a stem
 * is never one). Learned from the texts the list learns from, so a fold judges them on its own.
 */
function startsBanned(index: FeatureIndex, opts: CoverOptions, texts: readonly string[], labels: readonly (string | null)[]): Set<number> {
  const banned = new Set<number>(opts.banned);
  const weak = opts.avoidFunctionWords ? functionWords(texts, labels) : null;
  for (let f = 0; f < index.size; f++) {
    const kind = index.kinds[f]!;
    if (!standsAlone(kind) || (weak && kind !== Kind.Stem && onlyFunctionWords(index.keys[f]!, weak))) banned.add(f);
  }
  return banned;
}

/**
 * The list with fallback passes up to `passes` in all, learned after those it has. A list learned
 * with fewer passes is the start of the one learned with more (each pass bans the starts of every
 * rule before it), so cross-validation's grid extends one list per fold rather than learning each
 * pass again. `list` is not changed; `ids` and `opts` must be those it was learned with.
 */
export function withPasses(list: DecisionList, ids: Int32Array, opts: CoverOptions, passes: number): DecisionList {
  // `stop` is the first pass's: one the clock stopped is followed by none.
  if (list.saturated || list.stop === 'budget' || list.passesMade >= passes) return list;
  const banned = new Set(list.starts);
  const rules = [...list.rules];
  const { onStep: _quiet, ...rest } = opts;
  let saturated = false;
  let p = list.passesMade;
  for (; p < passes && performance.now() < opts.deadline; p++) {
    for (const r of rules) banned.add(r.literals[0]!.feature);
    const more = new Coverer(list.index, ids, list.classes.length, { ...rest, banned }).run();
    rules.push(...more.rules.map((r) => ({ ...r, pass: p })));
    if (!more.rules.length && more.stop !== 'budget') {
      saturated = true;
      p++;
      break;
    }
  }
  return { ...list, rules, saturated, passesMade: p };
}

/**
 * The list reordered by each rule's precision on all of train, with pairs of words (see
 * global-order.ts); `labels` are those it was learned from.
 */
export function reorderList(
  list: DecisionList,
  labels: readonly (string | null)[],
  opts: { z: number; minScore: number; deadline: number; maxRules: number; perClass: number },
): DecisionList {
  const { rules, capped } = globalOrder(list.index, classIds(labels, list.classes), list.classes.length, list.rules, {
    ...opts,
    pairFeatures: TUNING.covering.pairFeatures,
    depth: TUNING.covering.globalDepth,
    ...(list.defaultClass ? { defaultClass: list.defaultClass } : {}),
  });
  return { ...list, rules, ...(capped ? { stop: 'max_rules' as const } : {}) };
}

/**
 * The firing rules of the list on a text it was not learned from, in list order, kept only where
 * a rule outscores every earlier firing one: under "rules scoring at least t", the first of these
 * with score >= t is the prediction.
 */
export function firingMaxima(list: DecisionList, text: string): { score: number; cls: number }[] {
  const fs = featuresOfText(list.index, text, list.vocab, list.features).sort();
  spend(list.rules.length);
  const out: { score: number; cls: number }[] = [];
  let max = -Infinity;
  for (const r of list.rules) {
    if (r.score <= max || !satisfies(fs, r.literals)) continue;
    out.push({ score: r.score, cls: r.cls });
    max = r.score;
  }
  return out;
}
