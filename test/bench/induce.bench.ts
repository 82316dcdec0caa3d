/**
 * The offline inducer's acceptance experiments (issue 6, point 4), beside RuleChef's published
 * numbers and in-process baselines:
 *
 * 1. Banking77 on RuleChef's five classes, scored on its 200 test queries:
 *    (a) 5 train examples per class (seeded), the rest of those classes' train rows as dev;
 *    (b) the full train split with a stratified 20% dev carved from it.
 *    Beside it: the plain word-and-bigram keyword baseline on the same train examples.
 *    Targets: accuracy >= 0.80 at precision >= 0.95 (a), accuracy >= 0.96 at precision >= 0.95 (b).
 * 2. TAB, CODE / DATETIME / QUANTITY only, the 127 documents split by document 60/20/20 (seeded):
 *    our rules against RuleChef's 22 LLM-learned rules on the same test documents, `text` mode,
 *    per type. Target: at least RuleChef's micro F1.
 *
 * Learning sees only train (+ dev); test is scored afterwards. `learn_ms` is induceRules' wall
 * time (candidate generation, engine runs, selection and the ReDoS screening of emitted rules).
 * Seeds: BENCH_SEEDS=1,2,3,4,5 (default), BENCH_FULL_SEEDS=1,2,3, BENCH_TAB_SEEDS=1,2,3,4,5.
 */
import { induceRules } from '../../src/learn/induce/index.js';
import {
  b77Split,
  b77Task,
  keywordBaseline,
  loadB77Test,
  loadB77Train,
  loadRulechefTabRules,
  loadTab,
  RULECHEF,
  scoreClassifier,
  scoreWith,
  TAB_LABELS,
  tabSplit,
  tabTask,
} from '../learn/induce/datasets.js';
import { sharedMissing } from '../helpers/shared.js';
import type { BenchResult } from './run-all.js';

type Row = Record<string, string | number>;

const seedsOf = (name: string, fallback: string): number[] => (process.env[name] ?? fallback).split(',').map(Number);
const r3 = (x: number | null | undefined): string => (x === null || x === undefined ? '-' : x.toFixed(3));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function banking(rows: Row[], notes: string[]): Promise<void> {
  const task = b77Task();
  const all = loadB77Train();
  const test = loadB77Test();
  for (const mode of ['few', 'full'] as const) {
    const seeds = mode === 'few' ? seedsOf('BENCH_SEEDS', '1,2,3,4,5') : seedsOf('BENCH_FULL_SEEDS', '1,2,3');
    const ours: { acc: number; p: number; ms: number }[] = [];
    const base: { acc: number; p: number }[] = [];
    const label = mode === 'few' ? 'b77 5/class' : 'b77 full';
    for (const seed of seeds) {
      const { train, dev } = b77Split(all, mode, seed);
      const t0 = performance.now();
      const res = await induceRules(task, train, { dev, seed });
      const ms = performance.now() - t0;
      const s = scoreWith(task, res.rules, test);
      ours.push({ acc: s.accuracy, p: s.precision ?? 0, ms });
      rows.push({ case: label, seed, system: 'rulewright', train: train.length, dev: dev.length, rules: res.rules.length, learn_ms: Math.round(ms), accuracy: r3(s.accuracy), precision: r3(s.precision), f1: r3(s.f1) });
      const kw = scoreClassifier(keywordBaseline(train), test);
      base.push({ acc: kw.accuracy, p: kw.precision ?? 0 });
      rows.push({ case: label, seed, system: 'keyword baseline', train: train.length, dev: '-', rules: '-', learn_ms: '-', accuracy: r3(kw.accuracy), precision: r3(kw.precision), f1: '-' });
    }
    const target = mode === 'few' ? 0.8 : 0.96;
    const accs = ours.map((o) => o.acc);
    const ps = ours.map((o) => o.p);
    rows.push({ case: label, seed: 'mean', system: 'rulewright', accuracy: r3(mean(accs)), precision: r3(mean(ps)), learn_ms: Math.round(mean(ours.map((o) => o.ms))) });
    rows.push({ case: label, seed: 'min', system: 'rulewright', accuracy: r3(Math.min(...accs)), precision: r3(Math.min(...ps)) });
    rows.push({ case: label, seed: 'mean', system: 'keyword baseline', accuracy: r3(mean(base.map((b) => b.acc))), precision: r3(mean(base.map((b) => b.p))) });
    notes.push(
      `${label}: target accuracy >= ${target} at precision >= 0.95; mean accuracy ${r3(mean(accs))} (min ${r3(Math.min(...accs))}), mean precision ${r3(mean(ps))} (min ${r3(Math.min(...ps))}) over seeds ${seeds.join(',')}: ${mean(accs) >= target && mean(ps) >= 0.95 ? 'met' : 'NOT met'}; learning took at most ${Math.round(Math.max(...ours.map((o) => o.ms)))} ms`,
    );
  }
  rows.push({ case: 'b77 5/class', seed: 'published', system: 'RuleChef (LLM)', accuracy: r3(RULECHEF.b77.accuracy), precision: r3(RULECHEF.b77.precision) });
  rows.push({ case: 'b77 5/class', seed: 'published', system: 'keyword baseline', accuracy: r3(RULECHEF.b77Keyword5.accuracy), precision: r3(RULECHEF.b77Keyword5.precision) });
  rows.push({ case: 'b77 full', seed: 'published', system: 'keyword baseline', accuracy: r3(RULECHEF.b77KeywordFull.accuracy) });
}

async function tab(rows: Row[], notes: string[]): Promise<void> {
  const task = tabTask();
  const docs = loadTab();
  const rc = loadRulechefTabRules();
  const seeds = seedsOf('BENCH_TAB_SEEDS', '1,2,3,4,5');
  const oursF1: number[] = [];
  const rcF1: number[] = [];
  const times: number[] = [];
  const perType = (s: ReturnType<typeof scoreWith>) => Object.fromEntries(TAB_LABELS.map((l) => [`${l}_f1`, r3(s.per_class[l]?.f1 ?? 0)]));
  for (const seed of seeds) {
    const { train, dev, test } = tabSplit(docs, seed);
    const t0 = performance.now();
    const res = await induceRules(task, train, { dev, seed });
    const ms = performance.now() - t0;
    times.push(ms);
    const ours = scoreWith(task, res.rules, test, TAB_LABELS);
    const theirs = scoreWith(task, rc, test, TAB_LABELS);
    oursF1.push(ours.f1 ?? 0);
    rcF1.push(theirs.f1 ?? 0);
    const docsCol = `${train.length}/${dev.length}/${test.length}`;
    rows.push({ case: 'tab format', seed, system: 'rulewright', train: docsCol, rules: res.rules.length, learn_ms: Math.round(ms), precision: r3(ours.precision), recall: r3(ours.recall), f1: r3(ours.f1), ...perType(ours) });
    rows.push({ case: 'tab format', seed, system: 'RuleChef 22 rules', train: docsCol, rules: rc.length, learn_ms: '-', precision: r3(theirs.precision), recall: r3(theirs.recall), f1: r3(theirs.f1), ...perType(theirs) });
  }
  rows.push({ case: 'tab format', seed: 'mean', system: 'rulewright', f1: r3(mean(oursF1)), learn_ms: Math.round(mean(times)) });
  rows.push({ case: 'tab format', seed: 'min', system: 'rulewright', f1: r3(Math.min(...oursF1)) });
  rows.push({ case: 'tab format', seed: 'mean', system: 'RuleChef 22 rules', f1: r3(mean(rcF1)) });
  const all = scoreWith(task, rc, docs, TAB_LABELS);
  rows.push({ case: 'tab format', seed: 'all 127 docs', system: 'RuleChef 22 rules', precision: r3(all.precision), recall: r3(all.recall), f1: r3(all.f1), ...perType(all) });
  rows.push({ case: 'tab format', seed: 'published', system: 'RuleChef (its scorer)', f1: r3(RULECHEF.tabAllDocsF1) });
  const wins = oursF1.filter((f, i) => f >= rcF1[i]!).length;
  notes.push(
    `tab format: target F1 >= RuleChef's on the same test documents; ours ${r3(mean(oursF1))} vs ${r3(mean(rcF1))} on average, at least as good on ${wins} of ${seeds.length} seeds (split 60/20/20 by document, seeds ${seeds.join(',')}); learning took at most ${Math.round(Math.max(...times))} ms`,
  );
  notes.push(
    "tab format, all 127 docs: RuleChef's 22 rules score higher through our engine than RuleChef's own 0.74 because the engine emits no span where a `$1` group did not take part, where RuleChef emits 173 empty-text CODE spans that all count as false positives (CODE F1 0.40 there); spans of the other five labels still take part in conflict resolution but are not scored",
  );
}

export async function run(): Promise<BenchResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  if (sharedMissing) return { name: 'offline inducer (acceptance)', rows: [{ skipped: sharedMissing }], notes: [] };
  await banking(rows, notes);
  await tab(rows, notes);
  notes.push(`machine: Node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
  return { name: 'offline inducer: Banking77 (5 classes) and TAB format types, against RuleChef and a keyword baseline', rows, notes };
}
