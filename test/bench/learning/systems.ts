/**
 * The four systems the learning benchmark compares, each learning from the same labelled
 * examples (train + dev) and scored on test with the task's scorer:
 *
 * - `service`: rulewright as a user runs it, through the service API in-process: a Workspace on a
 *   temporary SQLite file, the examples imported with their splits (one JSONL file), `learn`
 *   offline with the default rounds, then `eval` on split test.
 * - `inducer`: the offline inducer alone, `induceRules(task, train, { dev, seed: 42 })`, its rules
 *   run by the engine on test.
 * - `keyword`: the keyword decision list (keyword-list.ts, span-keywords.ts) on train + dev.
 * - `stat`: TF-IDF + logistic regression (classification) or a BIO token tagger (spans) on train + dev.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Example } from '../../../src/core/schemas/example.js';
import type { Prediction } from '../../../src/core/schemas/prediction.js';
import { rulesPerLabel } from '../../../src/core/metrics/rules-per-label.js';
import { isSpanTask, type Task } from '../../../src/core/schemas/task.js';
import { induceRules } from '../../../src/learn/induce/index.js';
import { Workspace, type LearnResult } from '../../../src/service/index.js';
import { KeywordList } from './keyword-list.js';
import { perLabelScored, scorePredictions, scoreRules } from './score.js';
import { spanBaseline } from './span-baselines.js';
import { TfidfLogReg } from './tfidf-logreg.js';
import type { BenchCase, SystemRun, SystemScore } from './types.js';

export const SYSTEMS = ['keyword', 'stat', 'inducer', 'service', 'capped'] as const;
/** The per-label budget the `capped` system asks `learn` for: a list per label short enough to review at a glance. */
export const CAPPED_RULES_PER_LABEL = 15;
/** The shared intent sets, where `capped` runs: many labels, and lists long enough for the budget to bind. */
export const CAPPED_CASES: readonly string[] = ['b77-77', 'trec6', 'trec50'];
export type SystemName = (typeof SYSTEMS)[number];

const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

type Trained = { predict: (e: Example) => Prediction | null; rules: number | null; ruleLabels?: string[]; notes?: string[] };

/** Rules per label over the task's labels, from the label of each rule (or keyword). */
const perLabelOf = (c: BenchCase, labels: readonly string[] | undefined) => (labels ? rulesPerLabel(c.task.labels ?? [], labels) : null);

/** A baseline trained on `labelled`: the keyword list, or the statistical one (TF-IDF+LR for classes, the token tagger for spans and fields). */
export function trainBaseline(task: Task, labelled: readonly Example[], kind: 'keyword' | 'stat'): Trained {
  if (task.type === 'classification') {
    const rows = labelled.map((e) => ({ text: e.text ?? '', label: e.label ?? '' }));
    if (kind === 'keyword') {
      const list = KeywordList.train(rows);
      return { rules: list.entries.length, ruleLabels: list.entries.map((x) => x.label), predict: (e) => ({ label: list.classify(e.text ?? '') }) };
    }
    const lr = TfidfLogReg.train(rows);
    return { rules: null, predict: (e) => ({ label: lr.classify(e.text ?? '') }) };
  }
  if (isSpanTask(task.type) || task.type === 'transformation') return spanBaseline(task, labelled, kind);
  throw new Error(`no ${kind} baseline for ${task.type} tasks`);
}

async function runBaseline(c: BenchCase, kind: 'keyword' | 'stat'): Promise<Omit<SystemRun, 'examples' | 'case_notes'>> {
  const t0 = performance.now();
  const model = trainBaseline(c.task, [...c.train, ...c.dev], kind);
  const learn_ms = performance.now() - t0;
  const score = scorePredictions(c.task, c.test, c.test.map(model.predict));
  return { case: c.name, system: kind, score, rules: model.rules, rules_per_label: perLabelOf(c, model.ruleLabels), learn_ms, peak_rss_mb: peakRssMb(), notes: model.notes ?? [] };
}

async function runInducer(c: BenchCase): Promise<Omit<SystemRun, 'examples' | 'case_notes'>> {
  const t0 = performance.now();
  const res = await induceRules(c.task, c.train, { dev: c.dev, seed: 42 });
  const learn_ms = performance.now() - t0;
  const score = scoreRules(c.task, res.rules, c.test);
  const notes = ((res as { report?: { notes?: string[] } }).report?.notes ?? []);
  const rules_per_label = perLabelOf(c, res.rules.map((r) => r.output.label));
  return { case: c.name, system: 'inducer', score, rules: res.rules.length, rules_per_label, learn_ms, peak_rss_mb: peakRssMb(), notes };
}

/** The F1 `learn` expects on new text: the first synthesis report's cross-validated estimate, else the last stage's dev F1. */
function estimateOf(learned: LearnResult): number | null {
  for (const d of learned.decisions) {
    const cv = (d.report as { cross_validation?: { f1?: unknown } } | undefined)?.cross_validation?.f1;
    if (typeof cv === 'number') return cv;
  }
  return learned.split.judged_on === 'dev' ? (learned.stages.at(-1)?.f1 ?? null) : null;
}

async function runService(c: BenchCase, maxRulesPerLabel?: number): Promise<Omit<SystemRun, 'examples' | 'case_notes'>> {
  const dir = mkdtempSync(join(tmpdir(), 'rulewright-learning-bench-'));
  try {
    const file = join(dir, `${c.name}.jsonl`);
    writeFileSync(file, [...c.train, ...c.dev, ...c.test].map((e) => JSON.stringify(e)).join('\n'));
    const ws = Workspace.open({ db: join(dir, 'w.db'), create: true });
    try {
      ws.importFile(file, {
        format: 'jsonl',
        create: { name: c.name, type: c.task.type, labels: c.task.labels ?? [], mode: c.task.matching.mode, ...(c.task.type === 'transformation' ? { text_field: c.task.text_field } : {}) },
      });
      const t0 = performance.now();
      const learned = await ws.dataset(undefined, { env: {} }).learn({ offline: true, seed: 42, ...(maxRulesPerLabel === undefined ? {} : { maxRulesPerLabel }) });
      const learn_ms = performance.now() - t0;
      const ev = await ws.dataset(undefined, { env: {} }).evaluate({ split: 'test' });
      const m = ev.micro;
      const score: SystemScore = { n: ev.n, precision: m.precision, recall: m.recall, f1: m.f1, accuracy: ev.exact_match, coverage: ev.coverage };
      if (perLabelScored(c.task)) score.per_label = Object.fromEntries(Object.keys(ev.per_class).sort().map((l) => [l, ev.per_class[l]!.f1]));
      const notes = [
        `learn judged on ${learned.split.judged_on} (train ${learned.split.train}, dev ${learned.split.dev}${learned.split.created ? ', dev made by learn' : ''}), ${learned.rounds_run} round(s)`,
        ...learned.notes,
      ];
      return { case: c.name, system: maxRulesPerLabel === undefined ? 'service' : 'capped', score, rules: learned.rules.active, rules_per_label: learned.rules_per_label, estimate: estimateOf(learned), learn_ms, peak_rss_mb: peakRssMb(), notes };
    } finally {
      ws.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runSystem(c: BenchCase, system: SystemName): Promise<SystemRun> {
  const run =
    system === 'inducer' ? await runInducer(c) : system === 'service' ? await runService(c) : system === 'capped' ? await runService(c, CAPPED_RULES_PER_LABEL) : await runBaseline(c, system);
  const perLabel = run.score?.per_label;
  if (c.positive) run.positive_f1 = perLabel?.[c.positive] ?? null;
  if (perLabel) run.notes.unshift(`test F1 per label: ${Object.entries(perLabel).map(([l, f]) => `${l} ${f === null ? '-' : f.toFixed(3)}`).join(', ')}`);
  return { ...run, examples: `${c.train.length}/${c.dev.length}/${c.test.length}`, case_notes: c.notes };
}
