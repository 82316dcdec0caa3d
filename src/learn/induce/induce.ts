import { mulberry32 } from '../../core/random.js';
import type { Example } from '../../core/schemas/example.js';
import type { Task } from '../../core/schemas/task.js';
import { classificationCandidates } from './classify.js';
import { fieldCandidates } from './fields.js';
import { resolveOptions, type ResolvedOptions } from './options.js';
import { induceClasses } from './covering/induce-classes.js';
import { induceWindows } from './windows/induce-windows.js';
import { finalizeRules, scoreRules, selectCandidates, type Figures } from './pipeline.js';
import { newReport } from './report.js';
import { spanCandidates, spanDocs } from './spans/index.js';
import type { Candidate, InduceOptions, InduceReport, InduceResult } from './types.js';
import type { Rule } from '../../core/schemas/rule.js';

/** A seeded sample of `n` examples, in their original order. */
export function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  if (items.length <= n) return [...items];
  const rnd = mulberry32(seed);
  const idx = items.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

/** Candidates for any task type, from the train examples. */
export function generateCandidates(task: Task, train: readonly Example[], opts: ResolvedOptions): Candidate[] {
  if (task.type === 'classification') return classificationCandidates(task, train, opts);
  if (task.type === 'transformation') return fieldCandidates(task, train, opts);
  return spanCandidates(task, train, opts);
}

/** Texts and characters (train and dev together) below which the candidate-selection learner is cheap enough to run as well. */
const SELECTION_AFFORDABLE = { texts: 3000, chars: 500_000 };

/** Whether running every candidate through the engine (candidate selection, generic patches) is cheap enough here. */
export function selectionAffordable(train: readonly Example[], dev: readonly Example[] | null): boolean {
  let chars = 0;
  for (const e of [...train, ...(dev ?? [])]) chars += (e.text ?? JSON.stringify(e.input ?? '')).length;
  return train.length + (dev?.length ?? 0) <= SELECTION_AFFORDABLE.texts && chars <= SELECTION_AFFORDABLE.chars;
}

/**
 * Classification: the covering learner always runs. With a dev split and little text, the
 * candidate-selection learner (every candidate run through the engine, a decision list kept by
 * its gains on train and dev) runs as well, and the ruleset with the higher dev F1 is kept: dev
 * decides between two models, as it decides where to cut one.
 */
async function bestOfTwo(
  task: Task,
  train: readonly Example[],
  opts: ResolvedOptions,
  report: InduceReport,
  started: number,
): Promise<{ rules: Rule[]; report: InduceReport; finalized: boolean; figures: Figures | null }> {
  const learned = induceClasses({ task, train, opts, report, started });
  const covering = learned.rules;
  const dev = opts.dev;
  // A default the user named is built by covering alone.
  if (!dev || opts.defaultLabel !== null || !selectionAffordable(train, dev)) return { rules: covering, report, finalized: false, figures: learned.figures };
  const alt = newReport(task, train.length, dev.length);
  const altOpts: ResolvedOptions = { ...opts, maxRules: Math.min(opts.maxRules, 100), budgetMs: Math.max(0, opts.budgetMs - (performance.now() - started)) };
  const selection = await selectCandidates({ task, train, candidates: generateCandidates(task, train, altOpts), opts: altOpts, report: alt, started: performance.now(), merge: true });
  const a = scoreRules(task, covering, dev).f1 ?? 0;
  const b = scoreRules(task, selection, dev).f1 ?? 0;
  const note = `two learners were compared on dev: sequential covering F1 ${a.toFixed(3)} (${covering.length} rules), candidate selection F1 ${b.toFixed(3)} (${selection.length} rules); kept ${b > a ? 'candidate selection' : 'sequential covering'}`;
  const winner = b > a ? { rules: selection, report: alt, finalized: true, figures: null } : { rules: covering, report, finalized: false, figures: learned.figures };
  winner.report.notes.push(note);
  if (winner.report === alt && report.default?.added) alt.notes.push(`default: none (candidate selection's list was kept, and it has none; covering's list ended with the default ${report.default.label})`);
  const small = report.notes.find((n) => n.startsWith('dev has '));
  if (winner.report === alt && small) alt.notes.push(`${small} (for sequential covering; candidate selection's list, kept, has dev F1 ${b.toFixed(3)} and was chosen on dev as well)`);
  return winner;
}

/**
 * Spans: the token-window learner runs beside the candidate pipeline, and of the two rulesets and
 * their union the one with the best F1 on dev (train without dev) is kept.
 */
async function withWindows(task: Task, train: readonly Example[], opts: ResolvedOptions, report: InduceReport, started: number, pipeline: Rule[]): Promise<Rule[]> {
  const win = induceWindows({ task, train, docs: spanDocs(train), opts, report, started });
  if (!win.length) return pipeline;
  const judge = opts.dev ?? train;
  const shifted = pipeline.map((r) => ({ ...r, priority: r.priority + win.length }));
  const options = [
    { name: 'the candidate pipeline', rules: pipeline },
    { name: 'token-window templates', rules: win },
    { name: 'both together', rules: [...shifted, ...win] },
  ].map((o) => ({ ...o, f1: scoreRules(task, o.rules, judge).f1 ?? 0 }));
  const best = options.reduce((a, b) => (b.f1 > a.f1 + 1e-12 ? b : a));
  report.notes.push(`span learners compared on ${opts.dev ? 'dev' : 'train'}: ${options.map((o) => `${o.name} F1 ${o.f1.toFixed(3)} (${o.rules.length} rules)`).join(', ')}; kept ${best.name}`);
  if (best.rules === pipeline) return pipeline;
  const kept = best.rules === win ? [] : shifted;
  const fresh = await finalizeRules({ task, train, opts, report, started }, win, kept);
  return [...kept, ...fresh];
}

/** `induceRules`: candidates from train, then the shared selection pipeline. */
export async function induce(task: Task, trainIn: readonly Example[], options: InduceOptions): Promise<InduceResult> {
  const started = performance.now();
  const opts = resolveOptions(task, options);
  const train = sample(trainIn, opts.maxTrainExamples, opts.seed);
  const report = newReport(task, train.length, opts.dev?.length ?? 0);
  if (train.length < trainIn.length) report.notes.push(`train sampled to ${train.length} of ${trainIn.length} examples (seed ${opts.seed})`);
  if (!train.length) {
    report.notes.push('no train examples: nothing to learn from');
    report.elapsed_ms = Math.round(performance.now() - started);
    return { rules: [], remove: [], report };
  }
  if (task.type === 'classification') {
    const chosen = await bestOfTwo(task, train, opts, report, started);
    const rules = chosen.finalized ? chosen.rules : await finalizeRules({ task, train, opts, report: chosen.report, started }, chosen.rules, [], chosen.figures);
    chosen.report.emitted = rules.length;
    chosen.report.elapsed_ms = Math.round(performance.now() - started);
    return { rules, remove: [], report: chosen.report };
  }
  const candidates = generateCandidates(task, train, opts);
  let rules = await selectCandidates({ task, train, candidates, opts, report, started, merge: false });
  if (task.type !== 'transformation') rules = await withWindows(task, train, opts, report, started, rules);
  report.emitted = rules.length;
  report.elapsed_ms = Math.round(performance.now() - started);
  return { rules, remove: [], report };
}
