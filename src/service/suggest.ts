import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { evaluateRuleset } from '../core/eval/evaluate-ruleset.js';
import { checkRule } from '../core/safety/check-rule.js';
import type { Rule } from '../core/schemas/rule.js';
import { type CaughtText } from '../learn/induce/covering/correction-rules.js';
import { candidateId, toRule } from '../learn/induce/rule-factory.js';
import { suggestConditions } from '../learn/induce/suggest.js';
import { goldOf } from '../learn/induce/train-index.js';
import type { SelectedSpan } from '../learn/induce/spans/suggest-span.js';
import { TUNING } from '../learn/induce/tuning.js';
import type { Candidate } from '../learn/induce/types.js';
import { wilsonLower } from '../core/ratio.js';
import { isSpanTask, type Task } from '../core/schemas/task.js';
import type { Example } from '../core/schemas/example.js';
import type { DatasetContext } from './dataset-context.js';
import { round } from './round.js';
import { addRule, type RuleResult } from './rules.js';
import { classesOf, spansOnTrain } from './rules-on-train.js';
import { trainIndexFor } from './shared-index.js';
import { splitRows, type SplitRows } from './split-predictions.js';
import { devF1WithRules } from './suggest-dev.js';
import type { SpanDocOnTrain } from '../learn/induce/spans/span-gain.js';
import { spanRules, spanRuleGain } from './span-rules.js';
import { resolveRef } from './resolve-id.js';

export interface SuggestRequest {
  exampleId: string;
  /** The label the rule should give; the example's own label when absent. */
  label?: string;
  /** Most suggestions (default 8). */
  limit?: number;
  /** Span tasks: the selected span, character offsets into the example's text. */
  span?: { start: number; end: number };
}

/** One suggested rule: what it says, how it does on train, and what it would change on dev. */
export interface Suggestion {
  /** 1-based: `suggest --accept N` adds this one. */
  rank: number;
  name: string;
  pattern: string;
  flags: string;
  label: string;
  /**
   * `gain`: train answers it would set right, less those it would set wrong (right or unanswered
   * before), placed above the active rules. Span suggestions are ranked by it (precision breaks
   * ties); classification ones by their precision bound.
   */
  train: { fires: number; right: number; precision: number | null; coverage: number | null; gain: number };
  /** Train texts of other labels it fires on: placed above the rules, it would take them over. */
  catches: CaughtText[];
  /** Micro F1 of the active rules on dev, and with this rule added above them (null without dev). */
  dev: { before: number | null; after: number | null } | null;
  /** The rule `--accept` adds (status active, provenance human, `origin.suggested_from`). */
  rule: Rule;
}

export interface SuggestResult {
  dataset: string;
  example_id: string;
  text: string;
  label: string;
  suggestions: Suggestion[];
  notes: string[];
  elapsed_ms: number;
}

const DEFAULT_LIMIT = 8;

/** A suggestion before it is screened and measured on dev: its candidate and its train figures. */
interface Drafted {
  candidate: Candidate;
  fires: number;
  right: number;
  catches: CaughtText[];
  bound: number;
  coverage: number | null;
  gain: number;
}

/** Most gain first; at equal gain, the higher precision bound (the order the drafts came in). */
const byGain = (drafts: Drafted[], limit: number): Drafted[] => drafts.sort((x, y) => y.gain - x.gain || y.bound - x.bound).slice(0, limit);

/**
 * Classification: conditions on the example's own features, counted from the train index, the
 * most precise first (by the Wilson bound of their train precision): a rule placed above all the
 * others should be right where it fires. Their gain beside the active rules is shown, counted
 * against the active rules' train answers (kept per ruleset, see `activePredictions`).
 */
function classDrafts(ctx: DatasetContext, rows: SplitRows, active: readonly Rule[], example: Example, label: string, limit: number): Drafted[] {
  const train = rows.examples;
  const ti = trainIndexFor(ctx, rows, example.text ?? '');
  const own = new Set(train.flatMap((e, i) => (e.id === example.id && (e.label ?? '').trim() !== label ? [i] : [])));
  const labelled = ti.classes.indexOf(label) >= 0 ? ti.cls.filter((c) => c === ti.classes.indexOf(label)).length : 0;
  const gold = (i: number) => goldOf(ti, i);
  const found = suggestConditions(ti, example.text ?? '', label, limit, own);
  const now = classesOf(ctx, rows, active);
  return found.map((s) => ({
    candidate: s.candidate,
    fires: s.n,
    right: s.right,
    catches: s.wrongDocs.map((i) => ({ id: train[i]!.id, label: train[i]!.label ?? null, text: train[i]!.text ?? '' })),
    bound: s.bound,
    coverage: labelled ? s.right / labelled : null,
    gain: s.rightDocs.filter((i) => now[i] !== label).length - s.wrongDocs.filter((i) => now[i] === null || now[i] === gold(i)).length,
  }));
}

/** Spans: literal, shape and context rules that extract the selected span, each run on train by the engine; `now` is what the active rules extract. */
async function spanDrafts(task: Task, train: readonly Example[], example: Example, span: SelectedSpan, limit: number, now: SpanDocOnTrain[]): Promise<Drafted[]> {
  const gold = train.reduce((n, e) => n + (e.spans ?? []).filter((x) => x.label === span.label).length, 0);
  const out: Drafted[] = [];
  for (const { candidate, rule } of spanRules(task, train, example, span)) {
    const ev = await evaluateRuleset(task, [rule], train, { outcomes: false });
    const { tp, fp } = ev.totals.counts;
    const bound = tp + fp ? wilsonLower(tp / (tp + fp), tp + fp, TUNING.covering.z) : 0;
    out.push({ candidate, fires: tp + fp, right: tp, catches: [], bound, coverage: gold ? tp / gold : null, gain: spanRuleGain(task, ev.predictions, now) });
  }
  return byGain(out.sort((x, y) => y.bound - x.bound || y.right - x.right), limit);
}

/** The label a suggestion gives: the one asked for, else the example's own (its class, or the gold span at the selection). */
function labelFor(example: Example, req: SuggestRequest): string {
  if (req.label !== undefined) return req.label.trim();
  if (!req.span) return (example.label ?? '').trim();
  return (example.spans ?? []).find((s) => s.start === req.span!.start && s.end === req.span!.end)?.label ?? '';
}

/**
 * `suggest --example ID [--span S:E]`: rules that would give the example `label` (classification:
 * from its own words, stems, phrases and their pairs; spans: the selected text as a literal, as
 * the label's shape, and anchored on its neighbouring words), each with its train figures, its
 * gain beside the active rules (answers set right less answers set wrong), the other-label texts
 * it catches, and the dev F1 it would bring. Classification rules are ranked by the Wilson bound
 * of their train precision, span rules by their gain. An example held out in dev or test is refused (its text would become a rule).
 */
export async function suggestRules(ctx: DatasetContext, asked: SuggestRequest): Promise<SuggestResult> {
  const t0 = performance.now();
  const { store, dataset: d } = ctx;
  const { req, example, text, label, spans } = target(ctx, asked);
  const train = splitRows(ctx, 'train');
  const active = store.rules.list(d.id, { status: 'active' });
  const limit = req.limit ?? DEFAULT_LIMIT;
  const drafts = spans
    ? await spanDrafts(d.task, train.examples, example, { text, start: req.span!.start, end: req.span!.end, label }, limit, spansOnTrain(ctx, train, active))
    : classDrafts(ctx, train, active, example, label, limit);
  const kept = await screened(ctx, drafts, active, example.id);
  const dev = splitRows(ctx, 'dev');
  const devF1 = await devF1WithRules(ctx, active, dev);
  const after = await devF1.after(kept.map((k) => k.rule));
  const suggestions: Suggestion[] = kept.map(({ s, rule }, k) => ({
    rank: k + 1,
    name: rule.name,
    pattern: rule.pattern,
    flags: rule.flags,
    label,
    train: { fires: s.fires, right: s.right, precision: s.fires ? s.right / s.fires : null, coverage: s.coverage, gain: s.gain },
    catches: s.catches,
    dev: dev.examples.length ? { before: devF1.before, after: after[k]! } : null,
    rule,
  }));
  const notes = suggestions.length ? [] : [`nothing to suggest for example ${example.id}: ${spans ? 'no literal, shape or context rule extracts that span' : 'no word or phrase of it occurs in train'} (write the rule with \`rulewright rules add\`)`];
  if (!dev.examples.length) notes.push('no dev split: the dev F1 change is not shown (make one with `rulewright split --dev 0.2`)');
  return { dataset: d.name, example_id: example.id, text, label, suggestions, notes, elapsed_ms: round(performance.now() - t0) };
}

/** The example a request names, checked: a train example of a classification or span task, with a label for the rule and, on span tasks, a span of its text. */
function target(ctx: DatasetContext, asked: SuggestRequest): { req: SuggestRequest; example: Example; text: string; label: string; spans: boolean } {
  const { store, dataset: d } = ctx;
  const req = { ...asked, exampleId: resolveRef(ctx, 'examples', asked.exampleId) };
  const example = store.examples.get(d.id, req.exampleId);
  if (!example) throw new RulewrightError('NOT_FOUND', `no example "${req.exampleId}" in dataset "${d.name}": see \`rulewright examples list\` for the ids`);
  if (example.split !== 'train')
    throw new RulewrightError(
      'BAD_INPUT',
      `example ${example.id} is in ${example.split}, held out from training: a rule made from its words would be fitted to it. Move it to train with \`rulewright correct --example ${example.id} --expected-label LABEL --move-to-train\`, or pick a train example`,
    );
  const spans = isSpanTask(d.task.type);
  if (!spans && d.task.type !== 'classification')
    throw new RulewrightError('BAD_INPUT', `suggest makes classification and span rules; dataset "${d.name}" is ${d.task.type}: write its rule with \`rulewright rules add\``);
  const text = example.text ?? '';
  if (spans && (!req.span || req.span.start < 0 || req.span.end > text.length || req.span.start >= req.span.end))
    throw new RulewrightError('BAD_INPUT', `say which span of example ${example.id} to extract with --span START:END (0 <= START < END <= ${text.length})`);
  const label = labelFor(example, req);
  if (!label) throw new RulewrightError('BAD_INPUT', `example ${example.id} has no label${spans ? ' at that span' : ''}: say which label the rule should give with --label L`);
  return { req, example, text, label, spans };
}

/** The drafts as human rules placed above the active ones, less those that already stand and those \`rules add\` would reject. */
async function screened(ctx: DatasetContext, drafts: readonly Drafted[], active: readonly Rule[], exampleId: string): Promise<{ s: Drafted; rule: Rule }[]> {
  const top = Math.max(0, ...active.map((r) => r.priority)) + 1;
  const kept: { s: Drafted; rule: Rule }[] = [];
  for (const s of drafts) {
    const made = toRule(s.candidate, { id: candidateId(s.candidate, 'sug-'), priority: top, confidence: s.bound, status: 'active' });
    // The same condition already stands as a rule (its id is the condition's hash): it changes nothing.
    if (ctx.store.rules.get(ctx.dataset.id, made.id)) continue;
    const rule: Rule = { ...made, provenance: 'human', origin: { suggested_from: exampleId } };
    if ((await checkRule(rule, { mode: 'add', redos: 'quick' })).problems.some((p) => p.severity === 'reject')) continue;
    kept.push({ s, rule });
  }
  return kept;
}

/** `suggest --accept N`: adds the N-th suggestion as an active human rule above the others. */
export async function acceptSuggestion(ctx: DatasetContext, asked: SuggestRequest & { rank: number }): Promise<RuleResult & { suggestion: Suggestion }> {
  const req = { ...asked, exampleId: resolveRef(ctx, 'examples', asked.exampleId) };
  const found = await suggestRules(ctx, { ...req, limit: Math.max(req.limit ?? DEFAULT_LIMIT, req.rank) });
  const s = found.suggestions.find((x) => x.rank === req.rank);
  if (!s) throw new RulewrightError('BAD_INPUT', `there are ${found.suggestions.length} suggestions for example ${req.exampleId}, not ${req.rank}: see \`rulewright suggest --example ${req.exampleId}\``);
  const added = await addRule(ctx, { json: s.rule as unknown as Record<string, unknown> });
  return { ...added, suggestion: s };
}

