/**
 * Every constant of the offline inducer, in one table. These are general defaults chosen for short
 * and long texts, few and many labels, classification and spans; none is fitted to a particular
 * dataset. Where the data can decide (where to cut a list, which learner to keep, how many passes
 * to make, which broad template to admit), it does: a dev split, or cross-validation on train.
 */
export const TUNING = {
  /** Defaults of the options a caller may set (`InduceOptions`). */
  defaults: {
    /**
     * Most rules learned: a classification list needs one or more per label and wording, and a
     * globally ordered list keeps each train text's first three firing rules (Banking77's 77
     * intents: about 6,000 before merging); the cap is a guard, not a choice the data makes.
     */
    maxRulesClassification: 10000,
    maxRulesOther: 1000,
    maxRulesPerLabel: 200,
    /** Fewest train examples a rule must get right: one with a dev split to judge it, two without. */
    minSupportWithDev: 1,
    minSupportNoDev: 2,
    /** Lowest train precision of a pipeline candidate. */
    minPrecision: 0.6,
    /** Lowest precision of what a rule adds when the pipeline accepts it on train. */
    minGainPrecisionClassification: 0.9,
    minGainPrecisionOther: 0.75,
    /** Recall a precision-raising change may cost. */
    recallTolerance: 0.002,
    /** Most candidates the pipeline runs through the engine. */
    maxCandidates: 6000,
    /** Train examples beyond this are sampled (seeded). */
    maxTrainExamples: 20000,
    /** Wall-clock budget of one call, ms (`learn --budget`). */
    learnBudgetMs: 90000,
  },
  /** Sequential covering for classification (covering/). */
  covering: {
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
    /** Fewest train texts a covering rule must get right. */
    minSupport: 1,
    /** N-grams (and gapped pairs) must occur in at least this many train texts to be indexed. */
    minNgramDf: 2,
    /** Best single features whose one-condition refinements are tried at each covering step. */
    refineTop: 12,
    /** Texts a refinement's statistics are estimated on before its exact count is taken. */
    refineSample: 400,
    /**
     * Rules grown bottom-up from pairs of texts (pair-seeds.ts): for this many texts of each class,
     * the conjunction of what it shares with the most alike text of its class among `partners`
     * spread over that class. A handful per class suffices: texts of a class that share a
     * conjunction mostly pair up to the same one. At each covering step the `refineTop` best of
     * them are grown further (an exception, one more condition) beside the best single features.
     */
    pairSeeds: { perClass: 8, partners: 64 },
    /** Most conditions in one rule (a feature, one more feature or an exception, and one more). */
    maxLiterals: 3,
    /**
     * Covering passes with a dev split: each later one learns fallbacks from features no earlier
     * rule starts with, which decide only where every earlier rule abstains (unseen wordings of a
     * label); dev judges each pass where it decides and keeps it only if it raises dev F1. One
     * fallback pass: a second costs as much again as the first for a smaller gain.
     */
    passes: 2,
    /** Most passes cross-validation may choose when there is no dev split. */
    maxPasses: 5,
    /** Without dev, extra passes run only when the first pass learned fewer rules than this (each costs about what the first did). */
    passesBelowRules: 200,
    /**
     * Texts whose feature keys are kept between indexes (text-keys.ts), and the most distinct keys
     * kept (about 100 bytes each): every fold of a cross-validation indexes a subset of the same
     * texts. Past either, what is kept is emptied and made again.
     */
    keptKeys: { texts: 50_000, keys: 2_000_000 },
    /** Folds of the cross-validation that cuts the list when there is no dev split. */
    folds: 5,
    /**
     * Share of the budget after which cross-validation starts no new point of its grid (a point
     * once started finishes), counted in work (see work.ts) at `workPerMs` steps a millisecond, so
     * the points judged do not depend on the machine's load.
     */
    cvBudgetShare: 0.5,
    /**
     * Steps of covering's work (work.ts) done in a millisecond on two cores, measured over every
     * point of cross-validation's grid on 2,000 to 7,500 texts of 77 labels and on long documents:
     * 45,000 to 137,000 a point, 80,000 over a whole grid.
     */
    workPerMs: 80_000,
    /**
     * Share of the budget after which the wall clock stops cross-validation's grid whatever work
     * is left: on a machine well under `workPerMs`, later than the work share would, so the work
     * budget stops it wherever the machine is within half again of the one measured.
     */
    cvClockShare: 0.75,
    /** Most words in the all-words conjunction of a correction's text. */
    correctionMaxWords: 6,
    /** Shortest shared prefix that counts as a stem of two observed words. */
    minStemPrefix: 5,
    /**
     * A text's length is a feature: "at most k words" for each k here at or above its word count.
     * Short texts differ in kind from long ones (a definition question, a greeting), and with
     * another condition length tells them apart where no word does. Steps widen with k, as a
     * word more matters less in a longer text.
     */
    shortTexts: [2, 3, 4, 5, 6, 8, 10, 12, 16, 20] as readonly number[],
    /**
     * The globally ordered list (global-order.ts) pairs up each text's most predictive words and
     * stems, at most this many per text, so pairs grow with the number of texts, not their length.
     */
    pairFeatures: 24,
    /** Fewest train texts a word or stem is in to be paired in the global order (a pair of a once-seen word is that text alone). */
    pairMinTexts: 2,
    /**
     * z of the Wilson bound that orders the global list; dev chooses (without dev, cross-validation
     * on train, each fold's list ordered as dev's would be). Lower than covering's: each rule here is
     * measured on all of train, not on a remainder.
     */
    globalZChoices: [1, 1.96],
    /** The global list keeps each train text's first three firing rules: the one that decides it and two runners-up. */
    globalDepth: 3,
    /**
     * The global order replaces covering's only when dev texts (without dev, held-out fold texts)
     * it alone gets right outnumber those covering alone gets right beyond chance (McNemar's z at
     * the 95% level), and F1 rises by more than a tie (`arbiter.equalF1`: the global list is the
     * longer one): dev is a sample, and on long texts the two can trade places from train to new text.
     */
    reorderMinGain: 1.96,
    /**
     * z of the Wilson bound on train and dev precision that orders a list's merged rules once dev
     * has cut it (evidence-order.ts): the global order's lower choice, as each rule is measured on
     * every labelled text it fires on. On held-out train rows of Banking77, TREC-6 and TREC-50 (eight
     * draws) z 1 gained .009 accuracy on average, z 1.96 less.
     */
    evidenceZ: 1,
    /**
     * A default class (a last rule labelling every text no rule does) is added only when it raises
     * held-out F1 by more than one standard error of the paired difference (McNemar's z >= 1, the
     * one-standard-error rule): a tie, or a gain no larger than the churn beneath it (3 texts won
     * and 2 lost), is noise, while a 5-point gain on 80 dev texts is not. Looser than `reorderMinGain`: abstaining is rarely better than guessing
     * a class that holds most texts. `learn --default-label` adds it regardless.
     */
    defaultMinGain: 1,
  },
  /** Near-duplicate texts (near-duplicates.ts), which count as one piece of evidence in dev and in folds. */
  nearDuplicates: {
    /** Words in a shingle: a run this long shared by two texts is rarely chance, while a stock phrase is shorter. */
    shingle: 8,
    /**
     * Fewest words of a text that is grouped. A short text that recurs (a question, a request, a
     * two-line message) recurs because people write it so, which is the task's own distribution;
     * what is copied from one source is long: windows of a document, a mail's body. Grouping
     * TREC-50's repeated questions moved its folds and nothing else (held-out accuracy at 5 per
     * label .401 to .389 over five draws, within a draw's noise).
     */
    minWords: 32,
    /** Hashes in a text's sketch (bottom-k MinHash): the share of them two texts hold in common estimates how much text they share. */
    sketch: 64,
    /** Two texts are one when they share at least this share of the smaller sketch: windows half overlapping, a message re-sent with a new number. */
    share: 0.5,
    /** Fewest shared hashes that join two texts, however few of their hashes are not stock phrases. */
    minShared: 2,
    /** A hash more texts hold than this is a stock phrase, not shared text, and joins nothing. */
    maxTextsPerHash: 64,
    /** Texts whose signatures are kept between calls (about 25 MB at most): the folds of one cross-validation group subsets of the same texts. */
    cached: 50_000,
  },
  /** Small data (classification): a dev split too small to judge on its own. */
  smallDev: {
    /**
     * Examples up to which `learn --offline` makes no dev split too small to judge (`devTooSmall`),
     * learning from all of them and choosing by cross-validation. Past it the five folds of
     * covering's first setting and its global order take the cross-validation's whole share of the
     * default budget on two cores (10,003 texts of 77 labels: 82 s of learning), so a larger set
     * keeps the dev split, on which a choice costs one run.
     */
    crossValidateUpTo: 10_000,
    /**
     * A dev split judges on its own when its F1's 95 % interval (z = 1.96) is at most this wide on
     * either side at the widest (F1 near 0.5): 97 texts. Below that, k-fold cross-validation over
     * train and dev estimates what the chosen way of learning scores on new text, and the summary
     * prints it beside dev F1: on 30 dev texts one text is 3 points, and a list cut there fits them.
     */
    z: 1.96,
    halfWidth: 0.1,
    /**
     * A dev split also leaves the choice to cross-validation when a label with train examples has
     * fewer dev texts than this: a rare class's F1 on 10 dev texts moves .1 with each one, and on
     * a skewed set a list judged there is judged on its majority alone.
     */
    rarestLabel: 30,
  },
  /** Words and stems (text.ts). */
  text: {
    /** Fewest characters a stem keeps once a suffix is cut: shorter stems ("ru" of "run") join unrelated words. */
    minStem: 4,
  },
  /** Classification candidates (classify.ts). */
  classify: {
    /** Shortest shared prefix of two words that becomes a stem, and the share of the shorter word it must cover. */
    minPrefix: 5,
    prefixShare: 0.7,
    /** Most conjunctions per class, and the features per class they are built from: pairs grow with the square of the second. */
    maxConjPerClass: 150,
    conjUnits: 30,
    /** Fewest train texts of its class a word or stem needs to be a conjunction's part. */
    conjUnitSupport: 2,
    /** A conjunction must beat the better of its parts' precision by this much: otherwise the part alone reads better. */
    conjLift: 0.05,
  },
  /** Merging rules of one label into alternations (merge.ts). */
  merge: {
    /** Most alternatives in one merged rule: longer alternations stop being readable. */
    maxAlternatives: 12,
    /**
     * A rule joins an earlier rule of its label across rules of other labels only when none of them
     * fires on any of its train and dev texts, and those are enough that the share of its new texts
     * they would have taken is below this at 95 % confidence (none of n seen: 1 - 0.05^(1/n)). On a
     * few texts "never together" is no evidence, and a rule moved up wins where a better one did.
     */
    crossShare: 0.5,
  },
  /** Correction rules (covering/correction-rules.ts). */
  corrections: {
    /** Singles tried in pairs, and pairs' singles tried in triples, when narrowing a rule that catches other labels. */
    narrowPairs: 12,
    narrowTriples: 8,
    /** Suggestions (suggest.ts): the best singles combined in pairs, and the first of them in triples. */
    suggestPairs: 10,
    suggestTriples: 5,
    /**
     * `next`: suggestions per error whose gain ranks it (the most precise first, as `suggest`
     * ranks them): one, so the gain a row names is what accepting its top suggestion mends.
     */
    nextConditions: 1,
    /** `next`: a right answer whose winning rule's train precision is bounded below this is shown as weak. */
    weakBound: 0.5,
    /** `next` on span tasks: the longest run of tokens (a span's text or shape) counted as one key. */
    spanNextWindow: 4,
    /** `next` on span tasks: the first rows of the queue whose best suggestion is run on train to rank them. */
    nextSpanMeasured: 10,
    /**
     * Train splits of at most this many characters keep their feature index in the workspace for
     * `suggest` (Banking77's train is 0.5 M; ~5 bytes of index per character); longer ones index
     * the one text's features each time.
     */
    keptIndexMaxChars: 5_000_000,
  },
  /** Function words learned from the train texts (function-words.ts). */
  functionWords: {
    /** Share of the labels in whose texts a word must occur to say nothing about them. */
    classShare: 0.6,
    /** Fewest train texts a function word occurs in. */
    minTexts: 3,
    /** Fewest labels a task needs for function words to be learned: with two, "in most labels' texts" is one label. */
    minLabels: 3,
    /** Fewest labels a function word must occur with, whatever `classShare` gives: one label's own word says something about it. */
    minClasses: 2,
  },
  /** The classification arbiter (arbiter.ts): which learners run, and how their lists are compared. */
  arbiter: {
    /** Texts and characters (train and dev together) below which candidate selection, which runs every candidate through the engine, runs beside covering. */
    selectionAffordable: { texts: 3000, chars: 500_000 },
    /** Most rules candidate selection keeps. */
    selectionMaxRules: 100,
    /** Lists whose F1 is within this of the best are a tie, and the one with fewer rules wins: a shorter list is one a person can review. */
    equalF1: 0.005,
    /**
     * Smallest share of train the majority label must hold for candidate selection to also learn
     * a list for it as the default: below it, guessing it on every unlabelled text rarely pays.
     */
    defaultLearnerShare: 0.3,
    /**
     * Texts (train and dev together) up to which cross-validation over all of them chooses the
     * learner even when dev is large enough: every text is held out once instead of dev's 20 %,
     * and the kept covering list then learns from all of them. Past it, five folds of every
     * learner cost more than the learning budget allows on two cores.
     */
    crossValidateTexts: 1500,
    /** Share of train above which one label holds most texts, and lists are judged by macro F1 rather than micro (arbiter.ts `judgeOf`). */
    macroAboveShare: 0.5,
    /**
     * Share of the learning budget cross-validation over train and dev may spend before dev alone
     * chooses. The clock is a guard, not a setting: what the folds learn does not depend on it, so
     * the share leaves room for a large comparison (1,925 texts of 77 labels: about 45 s on two
     * cores) to finish on a loaded machine, and for the refinement rounds after it.
     */
    cvBudgetShare: 0.75,
  },
  /** Token-window templates for spans (windows/). */
  windows: {
    /** Longest span template, in tokens (longer gold spans are left to the other span generators). */
    maxTokens: 8,
    /** Fewest gold spans a context must be seen around. */
    minContextSupport: 2,
    /**
     * Most tokens of a template's optional continuation ("7:30" [pm], "May 9" [, 2018]), taken
     * only from continuations gold spans of the label show.
     */
    optionalTokens: 2,
    /**
     * Fewest more gold spans a template with continuations must find than the template alone to
     * be a candidate. Each is a list as long as the template's, and most find none more (a
     * capitalised word followed by any word), so this keeps the index to what can help; at five
     * examples a label one more span is all a continuation can show.
     */
    continuationMinGain: 1,
    /**
     * Most exceptions of a chosen template's first, capitalised, word: the common words it was
     * wrong on most often ("On" of "On Monday" read as a first name), so its name stays readable.
     */
    mostExceptions: 20,
    /** z of the Wilson bound that ranks templates. */
    z: 1.96,
    /** Broad shape templates tried on dev after selection, and the fewest train gold spans one needs. */
    generalTried: 200,
    generalMinGold: 3,
    /** Metadata fields: most distinct values of a categorical field, and the longest value. */
    metaMaxValues: 50,
    metaMaxValueLength: 40,
  },
  /** The candidate pipeline (pipeline.ts): candidates run through the engine and kept greedily. */
  selection: {
    /**
     * Lowest Wilson bound of the precision of what a rule adds to the train decision list. With a
     * dev split, whatever hurts dev is pruned later, so one right addition is enough (1 of 1 =
     * 0.21); without one, train is the only evidence, so 4 of 4 right is the least (3 of 3 = 0.44 fails).
     */
    trainGainWilsonDev: 0.2,
    trainGainWilsonNoDev: 0.5,
    /** Without dev: lowest Wilson bound of a rule's own train precision to keep it when it adds nothing on train. */
    strongWilson: 0.8,
    /** Characters of text all candidates together may scan: keeps a run near a few seconds. */
    scanBudget: 2e8,
    /** Fewest candidates run whatever the scan budget, and per label: a long-text set still gets a few per label. */
    minCandidates: 200,
    minCandidatesPerLabel: 10,
    /** Over the rule cap, pruning drops this share of the excess per pass (then re-scores), rather than one rule at a time. */
    pruneBatchShare: 0.25,
    /** Most rules selection accepts before it stops adding, as a multiple of the rule cap (pruning brings the list to the cap after). */
    activeRulesPerCap: 4,
    /**
     * Passes of acceptance over the candidates (the pipeline's dev acceptance, an incremental patch):
     * a second pass takes what became worth adding once the first pass's rules were in; a third
     * rarely adds any.
     */
    addPasses: 2,
  },
  /** The span candidate generators (spans/). */
  spans: {
    /** Precision bands of lexicon candidates: a form joins the highest band its smoothed precision reaches. */
    lexiconBands: [0.9, 0.75, 0.6],
    /** Most punctuation characters between an anchor word and the span. */
    maxSeparators: 4,
    /** Most anchor words mined per base rule. */
    maxAnchors: 20,
    /** Most base rules whose contexts are mined (the best supported first). */
    maxContextBases: 120,
    /** Most runs a generalised span may have; longer spans are left to the lexicon. */
    maxSlots: 11,
    /** Most distinct words a slot lists before it is generalised to a letter-case class. */
    maxInventory: 40,
    /** Times a string must occur among the gold spans to be listed (in a lexicon or a slot's words): once is memorising. */
    minRecurrence: 2,
    /** Spans that must agree on one digit count before a shape fixes it (years, codes); fewer say nothing about the count. */
    fixedDigitsSupport: 4,
    /** Distinct digit counts from which a slot's count is open-ended (`\d{1,}`) rather than a range. */
    openDigitCounts: 3,
    /** Fewest true matches any span rule, anchor or shape group needs, whatever `minSupport` says: one match is an anecdote. */
    minSupport: 2,
    /** Smoothed precision an anchor word's matches need to anchor a base rule, and at most which a word's matches make it an exclusion. */
    anchorPrecision: 0.85,
    exclusionPrecision: 0.35,
    /** Fewest false matches a word must precede (or follow) to become an exclusion, or to mark a refinement's base as bad. */
    exclusionFp: 2,
    /** A context variant must beat its base rule's smoothed precision by this much to be worth a rule of its own. */
    contextLift: 0.05,
    /** A refined rule whose smoothed precision after a context is below this is bad there (spans/refine.ts). */
    refineBadPrecision: 0.5,
    /** Most word characters an anchor word may have (a run longer than this is not a word to anchor on). */
    maxAnchorChars: 40,
    /** Distinct skeletons a merged number group must span, so one skeleton is never "merged". */
    minMergedSkeletons: 2,
    /**
     * A fixed-length digit slot of at least `minDigits` digits keeps the leading `chars` digits its
     * values share (`(?:10|11)\d{4}`, codes and ids) when they have at most `maxPrefixes` such
     * prefixes, each seen at least `perPrefix` times; otherwise it says only the digit count.
     */
    digitPrefix: { minDigits: 3, chars: 2, maxPrefixes: 3, perPrefix: 3 },
  },
  /** Open-class fillers (spans/filler.ts): a bounded run of tokens between learned contexts. */
  fillers: {
    /** Most tokens a filler's run may take. */
    maxTokens: 6,
    /** Fewest gold spans a pair of contexts must be seen around. */
    minSupport: 2,
    /** Spans that must agree on one token count before a run is held to it (one-word names); fewer allow one token more. */
    fixedLengthSupport: 4,
    /** Most filler candidates per label (the best supported first). */
    maxPerLabel: 40,
    /** Characters either side of a span searched for its context word: a word and the gap before it, never a sentence. */
    contextChars: 40,
    /** Most characters of punctuation or space between a span and the text's start or end for that edge to be its context. */
    edgeChars: 4,
  },
} as const;
