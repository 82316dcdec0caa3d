import type { BaseRate } from './base-rate.js';
import type { PairSeed } from './pair-seeds.js';
import type { Literal } from './render.js';

/** A rule of the learned decision list: its literals, its class, and its train evidence when chosen. */
export interface CoverRule {
  literals: Literal[];
  cls: number;
  /** Uncovered train documents of its class it covered when it was chosen, and all it covered. */
  tp: number;
  n: number;
  /** Its score when chosen (Wilson lower bound of tp / n): the decision-list order. */
  score: number;
  /** The covering pass that learned it (0: the first; later ones are fallbacks). */
  pass: number;
  /** `all`: tp and n count every train text it fires on (a globally ordered list), not only those left uncovered. */
  scope?: 'all';
}

export interface CoverOptions {
  /** z of the Wilson bound that ranks candidates (higher: more weight on support). */
  z: number;
  /** Fewest covered documents of its class a rule needs. */
  minSupport: number;
  /** Rules scoring below this end the list. */
  minScore: number;
  maxRules: number;
  /** Most rules of one class. */
  perClass: number;
  /** Best single features whose refinements (one more condition, or an exception) are tried each step. */
  refineTop: number;
  /** Documents a refinement's statistics are estimated on (a deterministic stride sample beyond it). */
  refineSample: number;
  /** Most literals in one rule. */
  maxLiterals: number;
  /** Absolute time (performance.now()) at which covering stops. */
  deadline: number;
  onStep?: (covered: number, total: number) => void;
  /** Also bound each rule by its first feature's precision on all of train (see `globalBound`). */
  global?: boolean;
  /** Features that may not start a rule (an earlier pass used them). */
  banned?: ReadonlySet<number>;
  /** No rule starts with a feature made only of function words learned from the texts it is learned from (see function-words.ts). */
  avoidFunctionWords?: boolean;
  /**
   * The list's default class: every text no rule labels gets it, so its own rules are scored by
   * what they add beyond its base rate (`ruleScore`), and each feature is tried for it and for its
   * best other class.
   */
  defaultClass?: BaseRate;
  /** Conjunctions grown from pairs of train texts (see pair-seeds.ts), offered at each step beside the grown singles. */
  seeds?: readonly PairSeed[];
}

export type CoverStop = 'covered' | 'no_candidate' | 'max_rules' | 'budget';

export interface CoverResult {
  rules: CoverRule[];
  stop: CoverStop;
  /** Train documents no rule covers. */
  uncovered: number;
}
