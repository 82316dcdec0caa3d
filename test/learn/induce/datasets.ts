/**
 * The acceptance data of the offline inducer, shared by its real-data tests and
 * test/bench/induce.bench.ts: Banking77 on RuleChef's five classes (train from banking77/train.csv,
 * test = the 200 RuleChef queries), TAB restricted to CODE, DATETIME and QUANTITY split by
 * document, RuleChef's rules for both, a plain keyword baseline, and scoring helpers. Learning only
 * ever sees train (and dev); test is scored afterwards.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { predict } from '../../../src/core/engine/predict.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { EvalTotals } from '../../../src/core/eval/totals.js';
import { mulberry32, shuffle as shuffleInPlace } from '../../../src/core/random.js';
import { prf } from '../../../src/core/ratio.js';
import { Example } from '../../../src/core/schemas/example.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';
import type { SplitScore } from '../../../src/learn/induce/types.js';
import { readSharedRules, RULECHEF_FILES } from '../../helpers/rulechef.js';
import { shared } from '../../helpers/shared.js';

const B77_CLASSES = ['beneficiary_not_allowed', 'disposable_card_limits', 'exchange_rate', 'pending_card_payment', 'pending_cash_withdrawal'];
export const TAB_LABELS = ['CODE', 'DATETIME', 'QUANTITY'];

/** RuleChef's published figures these benchmarks compare against. */
export const RULECHEF = {
  b77: { accuracy: 0.61, precision: 0.976 },
  b77Keyword5: { accuracy: 0.75, precision: 0.91 },
  b77KeywordFull: { accuracy: 0.955 },
  /** Micro F1 of the 22 TAB rules on all 127 documents, CODE + DATETIME + QUANTITY, RuleChef's scorer. */
  tabAllDocsF1: 0.74,
};

export const b77Task = (): Task => Task.parse({ name: 'banking77-5', type: 'classification', labels: B77_CLASSES });
export const tabTask = (): Task => Task.parse({ name: 'tab-format', type: 'ner', labels: TAB_LABELS });

/** A seeded Fisher–Yates shuffle of a copy (the input is left as it is). */
function shuffle<T>(xs: readonly T[], seed: number): T[] {
  return shuffleInPlace([...xs], mulberry32(seed));
}

/** Banking77 train rows of the five classes, as examples. */
export function loadB77Train(): Example[] {
  const rows = parse(readFileSync(shared('banking77/train.csv')!), { columns: true }) as { text: string; category: string }[];
  return rows
    .filter((r) => B77_CLASSES.includes(r.category))
    .map((r, i) => Example.parse({ id: `b77-train-${i}`, text: r.text, label: r.category, split: 'train' }));
}

/** The 200 RuleChef test queries (= sample_traffic_banking77.jsonl). */
export function loadB77Test(): Example[] {
  return readFileSync(shared('rulechef-benchmarks/reference/banking77_gold.jsonl')!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => Example.parse({ ...JSON.parse(l), split: 'test' }));
}

/**
 * `few`: n examples per class (seeded) for train, the rest of those classes' train rows as dev
 * (as RuleChef did). `full`: a stratified dev of `devShare` per class, the rest train.
 */
export function b77Split(all: readonly Example[], mode: 'few' | 'full', seed: number, n = 5, devShare = 0.2): { train: Example[]; dev: Example[] } {
  const train: Example[] = [];
  const dev: Example[] = [];
  for (const c of B77_CLASSES) {
    const xs = shuffle(
      all.filter((e) => e.label === c),
      seed,
    );
    const cut = mode === 'few' ? n : xs.length - Math.round(xs.length * devShare);
    train.push(...xs.slice(0, cut).map((e) => ({ ...e, split: 'train' as const })));
    dev.push(...xs.slice(cut).map((e) => ({ ...e, split: 'dev' as const })));
  }
  return { train, dev };
}

/** TAB's 127 documents with only CODE, DATETIME and QUANTITY as gold. */
export function loadTab(): Example[] {
  return readFileSync(shared('rulechef-benchmarks/reference/tab_gold.jsonl')!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => {
      const e = JSON.parse(l) as { spans: { label: string }[] };
      return Example.parse({ ...e, spans: e.spans.filter((s) => TAB_LABELS.includes(s.label)) });
    });
}

/** A split by document: 60% train, 20% dev, 20% test, seeded. */
export function tabSplit(docs: readonly Example[], seed: number): { train: Example[]; dev: Example[]; test: Example[] } {
  const xs = shuffle(docs, seed);
  const nTrain = Math.round(xs.length * 0.6);
  const nDev = Math.round(xs.length * 0.2);
  const as = (es: Example[], split: 'train' | 'dev' | 'test') => es.map((e) => ({ ...e, split }));
  return { train: as(xs.slice(0, nTrain), 'train'), dev: as(xs.slice(nTrain, nTrain + nDev), 'dev'), test: as(xs.slice(nTrain + nDev), 'test') };
}

/** RuleChef's 22 LLM-learned TAB rules (all labels; scoring restricts them to the three). */
export function loadRulechefTabRules(): Rule[] {
  return readSharedRules(RULECHEF_FILES.tab.rules);
}

/** The inducer's own split scores (without the example count), plus accuracy and per-class figures. */
export interface Scores extends Omit<SplitScore, 'n'> {
  /** Classification: correct / all (an abstention is wrong). */
  accuracy: number;
  per_class: Record<string, { precision: number | null; recall: number | null; f1: number | null }>;
}

/**
 * Runs rules (active and proposed) on examples through the engine and scores them with the task's
 * scorer. `universe` restricts span scoring to those labels on both sides (RuleChef's rules for
 * other labels then neither count nor compete).
 */
export function scoreWith(task: Task, rules: readonly Rule[], examples: readonly Example[], universe?: readonly string[]): Scores {
  const docs = universe ? examples.map((e) => ({ ...e, annotated: [...universe] })) : examples;
  const scorer = compileScorer(task, { outcomes: false });
  const { predictions } = predict(task, rules, docs, { statuses: ['active', 'proposed'] });
  const t = new EvalTotals();
  docs.forEach((e, i) => t.add(scorer.score(e, predictions[i])));
  const per_class: Scores['per_class'] = {};
  for (const c of t.classes()) per_class[c] = prf(t.per_class.get(c)!);
  return { ...prf(t.counts), tp: t.counts.tp, fp: t.counts.fp, fn: t.counts.fn, accuracy: t.n ? t.exact / t.n : 0, per_class };
}

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const grams = (text: string): string[] => {
  const toks = (text.toLowerCase().match(TOKEN) ?? []) as string[];
  return [...toks, ...toks.slice(1).map((t, i) => `${toks[i]} ${t}`)];
};

/**
 * The plain word-and-bigram keyword baseline: a class's keywords are the words and bigrams of its
 * train texts that no other class's train texts contain; a text gets the class with the most
 * keyword hits, and abstains on a tie or no hit. No rules, no engine.
 */
export function keywordBaseline(train: readonly Example[]): (text: string) => string | null {
  const byGram = new Map<string, Set<string>>();
  for (const e of train) for (const g of new Set(grams(e.text ?? ''))) {
    let s = byGram.get(g);
    if (!s) byGram.set(g, (s = new Set()));
    s.add(e.label ?? '');
  }
  const keyword = new Map<string, string>();
  for (const [g, labels] of byGram) if (labels.size === 1) keyword.set(g, [...labels][0]!);
  return (text) => {
    const votes = new Map<string, number>();
    for (const g of new Set(grams(text))) {
      const c = keyword.get(g);
      if (c) votes.set(c, (votes.get(c) ?? 0) + 1);
    }
    const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
    if (!ranked.length || (ranked[1] && ranked[1][1] === ranked[0]![1])) return null;
    return ranked[0]![0];
  };
}

/** Accuracy and precision of a plain classifier on labelled examples (an abstention counts as wrong). */
export function scoreClassifier(classify: (text: string) => string | null, examples: readonly Example[]): { accuracy: number; precision: number | null; coverage: number } {
  let right = 0;
  let answered = 0;
  for (const e of examples) {
    const p = classify(e.text ?? '');
    if (p === null) continue;
    answered++;
    if (p === e.label) right++;
  }
  return { accuracy: right / examples.length, precision: answered ? right / answered : null, coverage: answered / examples.length };
}
