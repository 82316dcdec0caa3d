import { predict, textOf } from '../core/engine/predict.js';
import { describeIssues, RulewrightError } from '../core/errors.js';
import { Correction } from '../core/schemas/correction.js';
import { Example, type Answer } from '../core/schemas/example.js';
import { isSpanTask, type Task } from '../core/schemas/task.js';
import { z } from 'zod';
import type { Store } from '../store/index.js';
import { CORRECTION_EXAMPLE_PREFIX } from './correction-example-prefix.js';
import { checkCorrectionsNow, producedAnswer } from './correction-holds.js';
import { type CorrectionRulePreview, previewCorrectionRule } from './correction-preview.js';
import type { DatasetContext } from './dataset-context.js';
import { splitCounts } from './split.js';
import type { SplitCounts } from './types.js';
import { resolveRef } from './resolve-id.js';
import { shellWord } from '../core/shell-word.js';

/** A span as a person gives it: offsets, or the text (its first occurrence is used). */
const ExpectedSpan = z.union([
  z.strictObject({ start: z.number().int().min(0), end: z.number().int().min(0), label: z.string().min(1) }),
  z.strictObject({ text: z.string().min(1), label: z.string().min(1), occurrence: z.number().int().min(1).optional() }),
]);

export interface CorrectionRequest {
  /** Correct an existing example … */
  exampleId?: string;
  /** … or a text (span and classification tasks) … */
  text?: string;
  /** … or an input record (transformation tasks). */
  input?: Record<string, unknown>;
  /** Classification: the right label (null: no label). */
  expectedLabel?: string | null;
  /** Span tasks: the right spans (an empty list: nothing should be extracted). */
  expectedSpans?: unknown;
  /** Transformation: the right output record. */
  expectedOutput?: Record<string, unknown>;
  note?: string;
  /**
   * Correcting a dev or test example moves it to train first. Without it such a correction is
   * refused: held-out text never reaches training (or an LLM prompt) unasked.
   */
  moveToTrain?: boolean;
}

export interface CorrectionResult {
  dataset: string;
  correction: Correction;
  /** The training example the correction became (source `correction`, split train). */
  example_id: string;
  /** The rules already produce what is expected. */
  already_right: boolean;
  /** The held-out example moved to train (`moveToTrain`), with the split sizes before and after. */
  moved: { example_id: string; from: 'dev' | 'test'; splits_before: SplitCounts; splits_after: SplitCounts } | null;
  /** Things to look at: an expected output that contradicts the example's gold. */
  warnings: string[];
  /** Classification: the rule learning would make for it and what else it would catch (null: none needed). */
  rule_preview: CorrectionRulePreview | null;
  notes: string[];
}

/** A correction and whether it holds now: the active rules produce what was expected. */
export type CorrectionStatus = Correction & { holds: boolean; produced_now: Answer };

export interface CorrectionList {
  dataset: string;
  total: number;
  /** How many hold under the current active rules. */
  holding: number;
  corrections: CorrectionStatus[];
  notes: string[];
}

// Callers that add or learn from corrections read the prefix from here.
export { CORRECTION_EXAMPLE_PREFIX } from './correction-example-prefix.js';

function nextCorrectionId(store: Store, datasetId: number): string {
  let n = 0;
  for (const c of store.corrections.list(datasetId)) {
    const m = /^c(\d+)$/.exec(c.id);
    if (m) n = Math.max(n, Number(m[1]));
  }
  let id = `c${n + 1}`;
  while (store.examples.get(datasetId, `${CORRECTION_EXAMPLE_PREFIX}${id}`)) id = `c${++n + 1}`;
  return id;
}

function badInput(message: string): RulewrightError {
  return new RulewrightError('BAD_INPUT', message);
}

function checkLabel(task: Task, label: string, what: string): string {
  const labels = task.labels ?? [];
  if (!labels.length || labels.includes(label)) return label;
  const folded = labels.find((l) => l.toLowerCase() === label.trim().toLowerCase());
  if (folded) return folded;
  throw badInput(`${what} "${label}" is not a label of task "${task.name}": use one of ${labels.join(', ')}`);
}

/** Turns the expected spans a person gave into checked spans with their text. */
function expectedSpans(task: Task, text: string, raw: unknown): NonNullable<Answer['spans']> {
  const parsed = z.array(ExpectedSpan).safeParse(raw);
  if (!parsed.success)
    throw badInput(
      `--expected-spans must be a JSON list of {"start", "end", "label"} or {"text", "label"}: ${describeIssues(parsed.error)}`,
    );
  return parsed.data
    .map((s) => {
      const label = checkLabel(task, s.label, 'span label');
      if ('text' in s) {
        let at = -1;
        for (let k = 0; k < (s.occurrence ?? 1); k++) {
          at = text.indexOf(s.text, at + 1);
          if (at < 0) break;
        }
        if (at < 0) throw badInput(`span text ${JSON.stringify(s.text)} does not occur in the text${s.occurrence ? ` ${s.occurrence} times` : ''}`);
        return { start: at, end: at + s.text.length, label, text: s.text };
      }
      if (s.end <= s.start || s.end > text.length)
        throw badInput(`span ${s.start}-${s.end} is outside the text (length ${text.length}) or empty: end must be greater than start`);
      return { start: s.start, end: s.end, label, text: text.slice(s.start, s.end) };
    })
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

function sameAnswer(task: Task, a: Answer, b: Answer): boolean {
  if (task.type === 'classification') return (a.label ?? '').trim().toLowerCase() === (b.label ?? '').trim().toLowerCase();
  if (task.type === 'transformation') return JSON.stringify(a.output ?? {}) === JSON.stringify(b.output ?? {});
  const key = (x: Answer) => JSON.stringify((x.spans ?? []).map((s) => [s.start, s.end, s.label]).sort());
  return key(a) === key(b);
}

/**
 * Records a correction: by example id or by text, runs the current active rules to record what
 * they produce, and stores what was expected with the note. The correction also becomes a
 * training example (source `correction`, always in train, never held out), so learning uses it
 * first. A dev or test example is corrected only with `moveToTrain` (it then moves to train,
 * said in `moved` and the notes); an expected output that contradicts the example's gold is
 * flagged on the correction and warned about.
 */
export function addCorrection(ctx: DatasetContext, asked: CorrectionRequest): CorrectionResult {
  const { store, dataset: d } = ctx;
  const req = asked.exampleId === undefined ? asked : { ...asked, exampleId: resolveRef(ctx, 'examples', asked.exampleId) };
  const task = d.task;
  const given = [req.exampleId !== undefined, req.text !== undefined, req.input !== undefined].filter(Boolean).length;
  if (given !== 1) throw new RulewrightError('USAGE', 'say what to correct: --example ID, or --text "…" (one of them)');
  const notes: string[] = [];
  let source: Pick<Example, 'id' | 'text' | 'input' | 'annotated' | 'split'> | undefined;
  let corrected: Example | undefined;
  if (req.exampleId !== undefined) {
    const e = store.examples.get(d.id, req.exampleId);
    if (!e) throw new RulewrightError('NOT_FOUND', `no example "${req.exampleId}" in dataset "${d.name}": list ids with \`rulewright examples list\``);
    source = corrected = e;
    if (e.split !== 'train' && !req.moveToTrain) throw heldOut(d.name, store.datasets.names().length > 1, e.id, e.split, req);
  } else if (req.input !== undefined) {
    if (task.type !== 'transformation') throw new RulewrightError('USAGE', `an input record is for transformation tasks; task "${task.name}" is ${task.type}: use --text`);
    source = { id: '(input)', input: req.input, split: 'train' };
  } else {
    if (task.type === 'transformation') throw new RulewrightError('USAGE', `task "${task.name}" reads input.${task.text_field}: correct by --example ID`);
    if (!req.text?.trim()) throw new RulewrightError('USAGE', '--text is empty: give the text the rules got wrong');
    source = { id: '(text)', text: req.text, split: 'train' };
  }
  const text = textOf(task, source);

  let expected: Answer;
  if (task.type === 'classification') {
    if (req.expectedLabel === undefined) throw new RulewrightError('USAGE', `task "${task.name}" is a classification: pass --expected-label LABEL`);
    expected = { label: req.expectedLabel === null || req.expectedLabel.trim() === '' ? null : checkLabel(task, req.expectedLabel.trim(), 'expected label') };
  } else if (isSpanTask(task.type)) {
    if (req.expectedSpans === undefined) throw new RulewrightError('USAGE', `task "${task.name}" extracts spans: pass --expected-spans JSON (e.g. '[{"text":"Ann","label":"PER"}]', or '[]' for none)`);
    expected = { spans: expectedSpans(task, text, req.expectedSpans) };
  } else {
    if (req.expectedOutput === undefined) throw new RulewrightError('USAGE', `task "${task.name}" is a transformation: pass --expected-output JSON`);
    expected = { output: req.expectedOutput };
  }

  const active = store.rules.list(d.id, { status: 'active' });
  const prediction = predict(task, active, [{ id: source.id, ...(source.text !== undefined ? { text: source.text } : {}), ...(source.input ? { input: source.input } : {}) }]).predictions[0]!;
  const produced = producedAnswer(task, prediction);
  const alreadyRight = sameAnswer(task, produced, expected);
  if (alreadyRight) notes.push('the current rules already produce the expected output');
  const warnings: string[] = [];
  const gold = corrected ? goldAnswer(task, corrected) : null;
  const contradicts = gold !== null && !sameAnswer(task, gold, expected);
  if (contradicts)
    warnings.push(
      `the expected output contradicts the gold of example ${req.exampleId} (${JSON.stringify(gold)}): the correction trains on what you expect ` +
        'while the example keeps its gold; if the gold is wrong, fix it in the source file and import it again',
    );
  const from = source.split === 'dev' || source.split === 'test' ? source.split : null;

  const result = store.transaction(() => {
    let moved: CorrectionResult['moved'] = null;
    if (from !== null) {
      const before = splitCounts(store.examples.countsBy(d.id, 'split'));
      store.examples.setSplits(d.id, new Map([[req.exampleId!, 'train']]));
      // The corrected copy joins train too (inserted below).
      const now = splitCounts(store.examples.countsBy(d.id, 'split'));
      const after = { ...now, train: now.train + 1 };
      moved = { example_id: req.exampleId!, from, splits_before: before, splits_after: after };
      notes.push(
        `moved example ${req.exampleId} from ${from} to train: ${from} ${before[from]} → ${after[from]}, train ${before.train} → ${after.train} (with the corrected copy)`,
      );
    }
    const id = nextCorrectionId(store, d.id);
    const correction = Correction.parse({
      id,
      example_id: req.exampleId ?? null,
      ...(source.text !== undefined ? { text: source.text } : {}),
      ...(source.input !== undefined ? { input: source.input } : {}),
      produced,
      expected,
      note: req.note?.trim() ?? '',
      moved_from: from,
      contradicts_gold: contradicts,
      created_at: new Date().toISOString(),
    });
    store.corrections.insert(d.id, correction);
    const exampleId = `${CORRECTION_EXAMPLE_PREFIX}${id}`;
    const candidate = {
      id: exampleId,
      ...(source.text !== undefined ? { text: source.text } : {}),
      ...(source.input !== undefined ? { input: source.input } : {}),
      ...(expected.spans !== undefined ? { spans: expected.spans } : {}),
      ...(expected.label !== undefined ? { label: expected.label } : {}),
      ...(expected.output !== undefined ? { output: expected.output } : {}),
      ...(source.annotated ? { annotated: source.annotated } : {}),
      split: 'train',
      source: 'correction',
      meta: { correction_id: id, ...(req.exampleId !== undefined ? { corrects: req.exampleId } : {}) },
    };
    const parsed = Example.safeParse(candidate);
    if (!parsed.success) throw badInput(`the corrected example is not valid: ${describeIssues(parsed.error)}`);
    store.examples.insertMany(d.id, [parsed.data]);
    return { dataset: d.name, correction, example_id: exampleId, already_right: alreadyRight, moved, warnings, rule_preview: null, notes };
  });
  // Before any learning run keeps a rule for it, the person sees what else that rule would catch.
  const preview = alreadyRight ? null : previewCorrectionRule(ctx, result.example_id);
  if (preview) notes.push(preview.note);
  return { ...result, rule_preview: preview };
}

/** The example's gold as an answer; null when it has none to compare with (observed traffic without truth). */
function goldAnswer(task: Task, e: Example): Answer | null {
  if (e.source === 'observed') return e.truth ?? null;
  if (task.type === 'classification') return { label: e.label ?? null };
  if (task.type === 'transformation') return { output: e.output ?? {} };
  return { spans: e.spans ?? [] };
}

/** The refusal of a held-out example's correction, with the command that moves it (it works when pasted). */
function heldOut(dataset: string, nameIt: boolean, id: string, split: string, req: CorrectionRequest): RulewrightError {
  const args = ['rulewright', 'correct', '--example', shellWord(id)];
  // The dataset is named when the workspace has others, so the pasted command picks this one.
  if (nameIt) args.push('--dataset', shellWord(dataset));
  if (req.expectedLabel !== undefined) args.push('--expected-label', shellWord(req.expectedLabel ?? ''));
  if (req.expectedSpans !== undefined) args.push('--expected-spans', shellWord(JSON.stringify(req.expectedSpans)));
  if (req.expectedOutput !== undefined) args.push('--expected-output', shellWord(JSON.stringify(req.expectedOutput)));
  if (req.note?.trim()) args.push('--note', shellWord(req.note.trim()));
  args.push('--move-to-train');
  return new RulewrightError(
    'BAD_INPUT',
    `example ${id} is in ${split}, held out from training in dataset "${dataset}": correcting it would put its text in train and in LLM prompts. ` +
      `To move it to train (${split} shrinks by one) and record the correction, pass --move-to-train: \`${args.join(' ')}\`; ` +
      'or correct a text of your own with --text',
  );
}

/**
 * Corrections of a dataset, oldest first, each with whether it holds now: the active rules run
 * on its input and their output is compared with what was expected under the task's matching.
 */
export function listCorrections(ctx: DatasetContext): CorrectionList {
  const { store, dataset: d } = ctx;
  return withStatus(store, d.id, d.name, d.task, store.corrections.list(d.id));
}

function withStatus(store: Store, datasetId: number, name: string, task: Task, corrections: Correction[]): CorrectionList {
  const annotated = (c: Correction) => store.examples.get(datasetId, `${CORRECTION_EXAMPLE_PREFIX}${c.id}`)?.annotated;
  const { checks, approximate } = checkCorrectionsNow(task, store.rules.list(datasetId, { status: 'active' }), corrections, annotated);
  const out = corrections.map((c, i): CorrectionStatus => ({ ...c, holds: checks[i]!.holds, produced_now: checks[i]!.produced }));
  const notes = approximate.length
    ? [`${approximate.join(', ')} compared the default way here (their matchers need a module or an LLM judge); \`rulewright eval\` scores them fully`]
    : [];
  return { dataset: name, total: out.length, holding: out.filter((c) => c.holds).length, corrections: out, notes };
}

function findCorrection(store: Store, datasetId: number, datasetName: string, id: string): Correction {
  const c = store.corrections.get(datasetId, id);
  if (!c) throw new RulewrightError('NOT_FOUND', `no correction "${id}" in dataset "${datasetName}": see \`rulewright corrections list\``);
  return c;
}

/** One correction, with whether it holds now. */
export function showCorrection(ctx: DatasetContext, ref: string): { dataset: string; correction: CorrectionStatus; notes: string[] } {
  const { store, dataset: d } = ctx;
  const id = resolveRef(ctx, 'corrections', ref);
  const r = withStatus(store, d.id, d.name, d.task, [findCorrection(store, d.id, d.name, id)]);
  return { dataset: d.name, correction: r.corrections[0]!, notes: r.notes };
}

export interface DeletedCorrection {
  dataset: string;
  deleted: string;
  /** The training example it had become, deleted with it. */
  example_id: string;
  notes: string[];
}

/**
 * Deletes a correction and the training example it became. An example it moved out of a held-out
 * split stays in train: its text has been trained on.
 */
export function deleteCorrection(ctx: DatasetContext, ref: string): DeletedCorrection {
  const { store, dataset: d } = ctx;
  const id = resolveRef(ctx, 'corrections', ref);
  const c = findCorrection(store, d.id, d.name, id);
  const exampleId = `${CORRECTION_EXAMPLE_PREFIX}${c.id}`;
  store.transaction(() => {
    store.corrections.delete(d.id, c.id);
    store.examples.delete(d.id, exampleId);
  });
  const notes = c.moved_from ? [`example ${c.example_id} stays in train, where this correction moved it from ${c.moved_from}: its text has been trained on`] : [];
  return { dataset: d.name, deleted: c.id, example_id: exampleId, notes };
}
