import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { evaluateRuleset } from '../core/eval/evaluate-ruleset.js';
import { checkRule } from '../core/safety/check-rule.js';
import type { Rule } from '../core/schemas/rule.js';
import { type CaughtText } from '../learn/induce/covering/correction-rules.js';
import { candidateId, toRule } from '../learn/induce/rule-factory.js';
import { suggestConditions } from '../learn/induce/suggest.js';
import { buildTrainIndex } from '../learn/induce/train-index.js';
import { spanSuggestionCandidates, type SelectedSpan } from '../learn/induce/spans/suggest-span.js';
import { TUNING } from '../learn/induce/tuning.js';
import type { Candidate } from '../learn/induce/types.js';
import { predict } from '../core/engine/predict.js';
import { wilsonLower } from '../core/ratio.js';
import { isSpanTask, type Task } from '../core/schemas/task.js';
import type { Example } from '../core/schemas/example.js';
import type { DatasetContext } from './dataset-context.js';
import { round } from './round.js';
import { addRule, type RuleResult } from './rules.js';
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
  train: { fires: number; right: number; precision: number | null; coverage: number | null };
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
}

/** Classification: conditions on the example's own features, counted from the train index. */
function classDrafts(train: readonly Example[], example: Example, label: string, limit: number): Drafted[] {
  const ti = buildTrainIndex(train, example.text ?? '');
  const own = new Set(train.flatMap((e, i) => (e.id === example.id && (e.label ?? '').trim() !== label ? [i] : [])));
  const labelled = ti.classes.indexOf(label) >= 0 ? ti.cls.filter((c) => c === ti.classes.indexOf(label)).length : 0;
  return suggestConditions(ti, example.text ?? '', label, limit, own).map((s) => ({
    candidate: s.candidate,
    fires: s.n,
    right: s.right,
    catches: s.wrongDocs.map((i) => ({ id: train[i]!.id, label: train[i]!.label ?? null, text: train[i]!.text ?? '' })),
    bound: s.bound,
    coverage: labelled ? s.right / labelled : null,
  }));
}

/** Spans: literal, shape and context rules that extract the selected span, each run on train by the engine. */
async function spanDrafts(task: Task, train: readonly Example[], example: Example, span: SelectedSpan, limit: number): Promise<Drafted[]> {
  const gold = train.reduce((n, e) => n + (e.spans ?? []).filter((x) => x.label === span.label).length, 0);
  const out: Drafted[] = [];
  for (const c of spanSuggestionCandidates(train, span)) {
    const rule = toRule(c, { id: candidateId(c, 'sug-'), priority: 0, confidence: 0.5, status: 'active' });
    const made = predict(task, [rule], [example]).predictions[0]?.spans ?? [];
    if (!made.some((x) => x.start === span.start && x.end === span.end && x.label === span.label)) continue;
    const { tp, fp } = (await evaluateRuleset(task, [rule], train, { outcomes: false })).totals.counts;
    out.push({ candidate: c, fires: tp + fp, right: tp, catches: [], bound: tp + fp ? wilsonLower(tp / (tp + fp), tp + fp, TUNING.covering.z) : 0, coverage: gold ? tp / gold : null });
  }
  return out.sort((x, y) => y.bound - x.bound || y.right - x.right).slice(0, limit);
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
 * the label's shape, and anchored on its neighbouring words), ranked by the Wilson bound of their
 * train precision, each with its train figures, the other-label texts it catches, and the dev F1
 * it would bring. An example held out in dev or test is refused (its text would become a rule).
 */
export async function suggestRules(ctx: DatasetContext, asked: SuggestRequest): Promise<SuggestResult> {
  const t0 = performance.now();
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
  const train = store.examples.list(d.id, { split: 'train' });
  const limit = req.limit ?? DEFAULT_LIMIT;
  const drafts = spans ? await spanDrafts(d.task, train, example, { text, start: req.span!.start, end: req.span!.end, label }, limit) : classDrafts(train, example, label, limit);
  const active = store.rules.list(d.id, { status: 'active' });
  const top = Math.max(0, ...active.map((r) => r.priority)) + 1;
  const dev = store.examples.list(d.id, { split: 'dev' });
  const devF1 = async (rules: readonly Rule[]) => (dev.length ? (await evaluateRuleset(d.task, rules, dev, { outcomes: false })).totals.microF1() : null);
  const before = await devF1(active);
  const suggestions: Suggestion[] = [];
  for (const s of drafts) {
    const made = toRule(s.candidate, { id: candidateId(s.candidate, 'sug-'), priority: top, confidence: s.bound, status: 'active' });
    // The same condition already stands as a rule (its id is the condition's hash): it changes nothing.
    if (store.rules.get(d.id, made.id)) continue;
    const rule: Rule = { ...made, provenance: 'human', origin: { suggested_from: example.id } };
    // Screened as \`rules add\` screens it: a suggestion that would be rejected is not offered.
    if ((await checkRule(rule, { mode: 'add', redos: 'quick' })).problems.some((p) => p.severity === 'reject')) continue;
    suggestions.push({
      rank: suggestions.length + 1,
      name: rule.name,
      pattern: rule.pattern,
      flags: rule.flags,
      label,
      train: { fires: s.fires, right: s.right, precision: s.fires ? s.right / s.fires : null, coverage: s.coverage },
      catches: s.catches,
      dev: dev.length ? { before, after: await devF1([...active, rule]) } : null,
      rule,
    });
  }
  const notes = suggestions.length ? [] : [`nothing to suggest for example ${example.id}: ${spans ? 'no literal, shape or context rule extracts that span' : 'no word or phrase of it occurs in train'} (write the rule with \`rulewright rules add\`)`];
  if (!dev.length) notes.push('no dev split: the dev F1 change is not shown (make one with `rulewright split --dev 0.2`)');
  return { dataset: d.name, example_id: example.id, text, label, suggestions, notes, elapsed_ms: round(performance.now() - t0) };
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

