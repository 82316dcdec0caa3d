/**
 * Every constant of the covering learner, in one place. These are general defaults chosen for
 * short and long texts, few and many labels; none is fitted to a particular dataset. Where the data
 * can decide (where to cut the list), it does: a dev split, or cross-validation on train.
 */
export const TUNING = {
  /** z of the Wilson lower bound that ranks rules: 1.96, the bound the rest of rulewright reports. */
  z: 1.96,
  /**
   * With a dev split, dev picks the z that ranks rules from these: 1.96 favours pure rules, 3.29
   * (the 99.9% bound) favours well-supported ones, which generalise better when labels are many
   * and overlap.
   */
  zChoices: [1.96, 3.29],
  /** Rules below this score end covering (1 right of 1 scores 0.21 at z = 1.96, so single examples still count). */
  minScore: 0.05,
  /** N-grams (and gapped pairs) must occur in at least this many train texts to be indexed. */
  minNgramDf: 2,
  /** Best single features whose one-condition refinements are tried at each covering step. */
  refineTop: 12,
  /** Texts a refinement's statistics are estimated on before its exact count is taken. */
  refineSample: 400,
  /** Most conditions in one rule (a feature, one more feature or an exception, and one more). */
  maxLiterals: 3,
  /**
   * Covering passes: each later one learns fallbacks from features no earlier rule starts with,
   * which decide only where every earlier rule abstains (unseen wordings of a label). They run
   * when the first pass learned few rules (each pass costs about what the first did, so this keeps
   * learning time bounded); with many rules the first pass already has fallbacks of its own.
   */
  passes: 3,
  /** Most passes cross-validation may choose when there is no dev split. */
  maxPasses: 5,
  /** Extra passes run only when the first pass learned fewer rules than this. */
  passesBelowRules: 200,
  /** Folds of the cross-validation that cuts the list when there is no dev split. */
  folds: 5,
  /** Share of the time budget cross-validation may use. */
  cvBudgetShare: 0.5,
} as const;
