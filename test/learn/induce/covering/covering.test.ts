import { describe, expect, test } from 'vitest';
import { predict } from '../../../../src/core/engine/predict.js';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { Coverer } from '../../../../src/learn/induce/covering/cover.js';
import { chooseThreshold, foldsOf } from '../../../../src/learn/induce/covering/cross-validate.js';
import { classIds, firingMaxima, learnDecisionList } from '../../../../src/learn/induce/covering/decision-list.js';
import { buildVocabulary, FeatureIndex, featureKeys, Kind, type FeatureConfig } from '../../../../src/learn/induce/covering/features.js';
import { featureSource, renderRule } from '../../../../src/learn/induce/covering/render.js';
import { induceRules } from '../../../../src/learn/induce/index.js';
import { scoreRules } from '../../../../src/learn/induce/pipeline.js';
import { intents } from '../fixtures.js';
import { screenRedosStatic } from '../../../../src/core/safety/redos.js';
import { TUNING } from '../../../../src/learn/induce/tuning.js';
import { tokenize } from '../../../../src/learn/induce/text.js';
import { mulberry32 } from '../../../../src/core/random.js';

const ALL: FeatureConfig = { stems: true, ngrams: true, gaps: true, positions: true, shapes: true, minNgramDf: 1 };
const opts = { z: 1.96, minSupport: 1, minScore: 0, maxRules: 1000, perClass: 1000, refineTop: 8, refineSample: 400, maxLiterals: 3, deadline: Infinity };

describe('feature index', () => {
  test('indexes words, stems, n-grams, gaps and the first words, each once per text', () => {
    const vocab = buildVocabulary(['withdrawal withdrawing', 'how many cash withdrawals'], ALL);
    const keys = featureKeys('How many cash withdrawals, how many', vocab, ALL);
    expect(keys).toEqual(expect.arrayContaining([`${Kind.Word}:how`, `${Kind.Bigram}:how many`, `${Kind.Trigram}:how many cash`, `${Kind.Gap}:how cash`, `${Kind.First}:how`, `${Kind.First2}:how many`, `${Kind.Stem}:withdraw`]));
    expect(new Set(keys).size).toBe(keys.length);
    // Punctuation between words breaks an n-gram.
    expect(keys).not.toContain(`${Kind.Bigram}:withdrawals how`);
  });

  test('a text of n words has "at most k words" for each listed k from n up, and an empty text none', () => {
    const keys = featureKeys("What's a Jellicle cat?", buildVocabulary([], ALL), ALL).filter((k) => k.startsWith(`${Kind.Short}:`));
    expect(keys).toEqual(TUNING.covering.shortTexts.filter((k) => k >= 4).map((k) => `${Kind.Short}:${k}`));
    expect(featureKeys(' ?! ', buildVocabulary([], ALL), ALL)).toEqual([]);
  });

  test('posting lists give every feature its documents without running a regex', () => {
    const texts = ['a cash limit', 'cash pending', 'pending transfer'];
    const vocab = buildVocabulary(texts, ALL);
    const index = FeatureIndex.build(texts, vocab, { ...ALL, minNgramDf: 2 });
    const cash = index.byKey.get(`${Kind.Word}:cash`)!;
    expect([...index.postings[cash]!]).toEqual([0, 1]);
    // Each document's feature ids are ascending too: membership is a binary search.
    for (const fs of index.docFeatures) expect([...fs]).toEqual([...fs].sort((a, b) => a - b));
    // Bigrams seen in one text only are not indexed at minNgramDf 2.
    expect(index.byKey.has(`${Kind.Bigram}:cash limit`)).toBe(false);
    const seen = [...index.featuresOf('cash again', vocab, ALL)];
    expect(seen).toContain(cash);
    // Words the index never saw ("again") have no id.
    expect(seen.map((f) => index.keys[f])).not.toContain('again');
  });
});

describe('rendering', () => {
  test.each([
    [Kind.Word, 'refund', 'I want a refund', 'refunds are slow'],
    [Kind.Stem, 'refund', 'refunded twice', 'a prefund'],
    [Kind.Bigram, 'how many', 'so how  many?', 'how is many'],
    [Kind.Gap, 'how cash', 'how much cash', 'how cash'],
    [Kind.First, 'who', 'Who wrote it', 'and who wrote it'],
    [Kind.First2, 'how many', '  How many days', 'so how many days'],
    [Kind.Short, '4', "What's a Jellicle cat?", 'What is a Jellicle cat?'],
  ])('kind %i "%s" matches what the index means', (kind, key, yes, no) => {
    const s = featureSource(kind, key);
    expect(new RegExp(s.src, 'i').test(yes)).toBe(true);
    expect(new RegExp(s.src, 'i').test(no)).toBe(false);
  });

  // The length rule counts words as the tokenizer does: checked on the edges and on random text,
  // with an accented letter and a typographic apostrophe.
  const wordsIn = (t: string) => tokenize(t).length;
  test.each([["don't stop"], ["'quoted' words"], ["rock'n'roll!"], ['a_b c'], ["it's5 x'"], ['  '], ['one'], ["a''b c"]])('"at most k words" of %j agrees with the tokenizer', (text) => {
    for (const k of [1, 2, 3]) expect(new RegExp(featureSource(Kind.Short, String(k)).src, 'i').test(text), `${k}`).toBe(wordsIn(text) >= 1 && wordsIn(text) <= k);
  });

  test('"at most k words" agrees with the tokenizer on random text', () => {
    const r = mulberry32(11);
    const alphabet = "aZ9' -._\t,\u00e9’\u4e2d";
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: Math.floor(r() * 16) }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
      const k = 1 + Math.floor(r() * 4);
      expect(new RegExp(featureSource(Kind.Short, String(k)).src, 'i').test(text), JSON.stringify(text)).toBe(wordsIn(text) >= 1 && wordsIn(text) <= k);
    }
  });

  test.each([
    ['alone', [{ feature: 0, negated: false }]],
    ['with a word', [{ feature: 1, negated: false }, { feature: 0, negated: false }]],
    ['as an exception', [{ feature: 1, negated: false }, { feature: 0, negated: true }]],
  ])('a length rule %s is screened safe at once, without the slow check', async (_how, literals) => {
    const c = renderRule({ literals, label: 'DESC:def', kindOf: (f) => (f === 0 ? Kind.Short : Kind.First2), keyOf: (f) => (f === 0 ? '20' : 'what is'), tp: 3, n: 4 });
    expect(screenRedosStatic(c.pattern, c.flags)).toMatchObject({ status: 'safe', by: 'static' });
  });

  test('a conjunction with an exception is an order-free lookahead rule with a readable name', () => {
    const keys = ['pending', 'cash', 'transfer'];
    const c = renderRule({
      literals: [
        { feature: 0, negated: false },
        { feature: 1, negated: false },
        { feature: 2, negated: true },
      ],
      label: 'pending_cash',
      kindOf: () => Kind.Word,
      keyOf: (f) => keys[f]!,
      tp: 9,
      n: 10,
    });
    expect(c.name).toBe('pending_cash <- "pending" & "cash" unless "transfer"');
    const re = new RegExp(c.pattern, c.flags);
    expect(re.test('my cash is pending')).toBe(true);
    expect(re.test('pending cash transfer')).toBe(false);
  });
});

describe('sequential covering', () => {
  test('covers every label, removing what each rule covers, and finds the conjunction an ambiguous word needs', () => {
    const train = intents(1, 8, 'train');
    const texts = train.map((e) => e.text!);
    const labels = train.map((e) => e.label!);
    const classes = [...new Set(labels)].sort();
    const list = learnDecisionList(texts, labels, classes, ALL, opts);
    expect(list.stop).toBe('covered');
    expect(list.uncovered).toBe(0);
    expect(new Set(list.rules.map((r) => classes[r.cls]))).toEqual(new Set(classes));
    // Scores are Wilson bounds of what each rule covered when it was chosen.
    for (const r of list.rules) expect(r.score).toBeLessThanOrEqual(r.tp / r.n);
    const [top] = firingMaxima(list, 'why is my cash withdrawal still pending');
    expect(classes[top!.cls]).toBe('pending_cash');
  });

  test('says when more passes would learn the same list, so a search over passes can stop', () => {
    // One word per text: its word, first-word and stem features each start one pass, then nothing is left.
    const texts = ['refund', 'refund', 'card', 'card'];
    const labels = ['money', 'money', 'plastic', 'plastic'];
    const classes = ['money', 'plastic'];
    const passes = (n: number) => learnDecisionList(texts, labels, classes, ALL, opts, n);
    expect(passes(1).saturated).toBe(false);
    expect(passes(3).saturated).toBe(false);
    expect(passes(5).saturated).toBe(true);
    expect(passes(5).rules).toEqual(passes(3).rules);
    expect(chooseThreshold(texts, labels, classes, ALL, opts, 2, 1, 5).saturated).toBe(true);
    expect(chooseThreshold(texts, labels, classes, ALL, opts, 2, 1, 1).saturated).toBe(false);
    // With words to fall back on, a second pass learns more and a third may too.
    const train = intents(1, 8, 'train');
    const rich = learnDecisionList(train.map((e) => e.text!), train.map((e) => e.label!), [...new Set(train.map((e) => e.label!))].sort(), ALL, opts, 2);
    expect(rich.rules.some((r) => r.pass === 1)).toBe(true);
    expect(rich.saturated).toBe(false);
  });

  test('a length narrows a rule where no word tells the labels apart, and never starts one', () => {
    // "what is X ?" asks for a definition; longer "what is" questions ask for something else.
    const short = ['atom', 'autism', 'epilepsy', 'a urologist', 'an isthmus', 'radiation'].map((x) => `What is ${x} ?`);
    const long = ['Paris famous for among tourists', 'Everest made of mostly', 'Mars orbit length exactly in days', 'Tokyo population growth rate now', 'Lincoln remembered most widely today', 'Brazil main export product currently'].map((x) => `What is ${x} ?`);
    const texts = [...short, ...long];
    const labels = [...short.map(() => 'definition'), ...long.map(() => 'fact')];
    const list = learnDecisionList(texts, labels, ['definition', 'fact'], ALL, opts, 3);
    const name = (r: (typeof list.rules)[number]) => r.literals.map((l) => `${l.negated ? '!' : ''}${list.index.keys[l.feature]}`).join(' & ');
    expect(list.rules.some((r) => r.literals.some((l) => list.index.kinds[l.feature] === Kind.Short)), list.rules.map(name).join(' | ')).toBe(true);
    expect(list.rules.every((r) => list.index.kinds[r.literals[0]!.feature] !== Kind.Short)).toBe(true);
  });

  test('without function-word triggers no pass starts a rule with one, learned from the texts it is given', () => {
    // Three labels whose texts share "the" and "my"; "the" alone tells "lost" apart in these texts.
    const texts = ['the card is lost my friend', 'the card is lost', 'lost the card again', 'my refund is late', 'refund my money', 'my refund please', 'top up my account', 'top up the wallet', 'top up my card'];
    const labels = ['lost', 'lost', 'lost', 'refund', 'refund', 'refund', 'topup', 'topup', 'topup'];
    const classes = ['lost', 'refund', 'topup'];
    const starts = (list: ReturnType<typeof learnDecisionList>) => list.rules.map((r) => list.index.keys[r.literals[0]!.feature]!);
    const weak = (key: string) => key.split(' ').every((w) => ['the', 'my', 'is'].includes(w));
    const free = learnDecisionList(texts, labels, classes, ALL, { ...opts, minScore: 0 }, 3);
    const without = learnDecisionList(texts, labels, classes, ALL, { ...opts, minScore: 0, avoidFunctionWords: true }, 3);
    expect(starts(free).some(weak), starts(free).join(' | ')).toBe(true);
    expect(starts(without).some(weak), starts(without).join(' | ')).toBe(false);
    expect(without.rules.some((r) => r.pass > 0)).toBe(true);
    // A fold learns them from its own texts: without "top up my card", "card" is in the texts of one label only.
    const banned = (list: ReturnType<typeof learnDecisionList>, key: string) => [...list.starts].some((f) => list.index.keys[f] === key && list.index.kinds[f] === Kind.Word);
    const fold = learnDecisionList(texts.slice(0, -1), labels.slice(0, -1), classes, ALL, { ...opts, minScore: 0, avoidFunctionWords: true }, 1);
    expect(banned(without, 'card')).toBe(true);
    expect(banned(fold, 'card')).toBe(false);
  });

  test('stops at the rule cap and at the deadline, and says which', () => {
    const train = intents(1, 8, 'train');
    const texts = train.map((e) => e.text!);
    const labels = train.map((e) => e.label!);
    const classes = [...new Set(labels)].sort();
    const vocab = buildVocabulary(texts, ALL);
    const index = FeatureIndex.build(texts, vocab, ALL);
    expect(new Coverer(index, classIds(labels, classes), classes.length, { ...opts, maxRules: 2 }).run()).toMatchObject({ stop: 'max_rules', rules: { length: 2 } });
    expect(new Coverer(index, classIds(labels, classes), classes.length, { ...opts, deadline: 0 }).run()).toMatchObject({ stop: 'budget', rules: [] });
  });

  test('folds are stratified and cross-validation picks a threshold from the rules it saw', () => {
    const labels = ['a', 'a', 'a', 'b', 'b', 'b'];
    const folds = foldsOf(labels, 3, 1);
    for (let f = 0; f < 3; f++) expect(labels.filter((_, i) => folds[i] === f).sort()).toEqual(['a', 'b']);
    const train = intents(1, 5, 'train');
    const t = chooseThreshold(
      train.map((e) => e.text!),
      train.map((e) => e.label!),
      [...new Set(train.map((e) => e.label!))].sort(),
      ALL,
      opts,
      5,
      1,
    );
    expect(t.f1).toBeGreaterThan(0.5);
    expect(Number.isFinite(t.threshold)).toBe(true);
  });
});

describe('induceRules with covering', () => {
  const task = Task.parse({ name: 'intents', type: 'classification', labels: ['cash_limit', 'pending_cash', 'pending_transfer', 'refund_request'] });

  test('with no dev split, cross-validation on train cuts the list and the report says so', async () => {
    const res = await induceRules(task, intents(1, 5, 'train'));
    expect(res.report.notes.join('\n')).toMatch(/5-fold cross-validation on train chose/);
    expect(res.report.covering).toMatchObject({ stop: 'covered', uncovered_train: 0 });
    const test_ = intents(3, 10, 'test');
    const { predictions } = predict(task, res.rules, test_, { statuses: ['proposed'] });
    const right = test_.filter((e, i) => predictions[i]!.label === e.label).length;
    expect(right / test_.length).toBeGreaterThanOrEqual(0.8);
  });

  test('reports its progress as train examples covered, ending at all of them', async () => {
    const seen: [number, number][] = [];
    await induceRules(task, intents(1, 5, 'train'), { onProgress: (d, t) => seen.push([d, t]) });
    expect(seen.length).toBeGreaterThan(1);
    // 20 examples and one label-name text per label.
    expect(seen.at(-1)).toEqual([24, 24]);
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).toBeGreaterThanOrEqual(seen[i - 1]![0]);
  });

  test('a budget that runs out is reported, never silent', async () => {
    const res = await induceRules(task, intents(1, 5, 'train'), { learnBudgetMs: 0 });
    expect(res.report.budget_exhausted).toBe(true);
    expect(res.report.notes.join('\n')).toMatch(/budget ran out/);
    // Cross-validation judged its first setting and says it judged no more.
    expect(res.report.notes.join('\n')).toMatch(/cross-validation ran out of its share of the budget \(50 % of --budget, counted in work so that every run judges the same settings\) before it had judged every setting/);
  });

  test('with dev, a budget that runs out before every setting is judged says which were not', async () => {
    // Over 3,000 texts, so covering runs alone (no candidate-selection learner beside it).
    const res = await induceRules(task, intents(1, 760, 'train'), { dev: intents(2, 30, 'dev'), learnBudgetMs: 0 });
    expect(res.report.budget_exhausted).toBe(true);
    expect(res.report.notes.join('\n')).toContain(
      'the 0 s budget ran out before dev had judged every setting (not judged: Wilson z 3.29, fallback passes, the global order at Wilson z 1, the global order at Wilson z 1.96, ' +
        'a list learned for cash_limit as the default): the choice rests on those it judged, and a run with more time may choose otherwise (learn --budget SECONDS to judge them all)',
    );
  });

  test('with dev, the globally ordered list is judged against covering on dev, and the final figures are the returned rules\' own', async () => {
    // Over 3,000 texts, so covering runs alone (no candidate-selection learner beside it).
    const train = intents(1, 700, 'train');
    const dev = intents(2, 100, 'dev');
    const res = await induceRules(task, train, { dev, seed: 1 });
    const notes = res.report.notes.join('\n');
    expect(notes).toMatch(/ordered by each rule's precision on all of train \(Wilson z 1, with pairs of words\): dev F1 \d\.\d{3} against covering's \d\.\d{3}, paired gain z -?\d+\.\d{2}/);
    // Then its merged rules are ordered by train and dev precision together, and the summary says how many moved.
    expect(res.report.stages.map((s) => s.stage)).toEqual(['dev_cut', 'dev_prune', 'evidence_order', 'final']);
    expect(notes).toMatch(/\d+ of \d+ rules moved when ordered by their precision on train and dev together over their label.s base rate \(Wilson z 1\)/);
    // Merged rules decide as the reordered list did, so the final stage reuses its figures: they must be exact.
    const final = res.report.stages.at(-1)!;
    expect(final.train).toEqual(scoreRules(task, res.rules, train));
    expect(final.dev).toEqual(scoreRules(task, res.rules, dev));
  });

  test('labels with no learnable signal are listed with the reason', async () => {
    const t = Task.parse({ name: 't', type: 'classification', labels: ['a', 'b'] });
    const train = [
      Example.parse({ id: '1', text: 'alpha beta', label: 'a', split: 'train' }),
      Example.parse({ id: '2', text: 'alpha beta', label: 'b', split: 'train' }),
      Example.parse({ id: '3', text: 'alpha beta', label: 'a', split: 'train' }),
    ];
    const res = await induceRules(t, train);
    expect(res.report.labels_without_rules?.map((l) => l.label)).toContain('b');
  });
});
