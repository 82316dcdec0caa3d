import { predict, textOf } from '../core/engine/predict.js';
import { describeIssues, RulewrightError } from '../core/errors.js';
import { Correction } from '../core/schemas/correction.js';
import { Example, type Answer } from '../core/schemas/example.js';
import type { Prediction } from '../core/schemas/prediction.js';
import { isSpanTask, type Task } from '../core/schemas/task.js';
import { z } from 'zod';
import type { Store } from '../store/index.js';
import { resolveDataset } from './datasets.js';

/** A span as a person gives it: offsets, or the text (its first occurrence is used). */
export const ExpectedSpan = z.union([
  z.strictObject({ start: z.number().int().min(0), end: z.number().int().min(0), label: z.string().min(1) }),
  z.strictObject({ text: z.string().min(1), label: z.string().min(1), occurrence: z.number().int().min(1).optional() }),
]);
export type ExpectedSpan = z.infer<typeof ExpectedSpan>;

export interface CorrectionRequest {
  dataset?: string;
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
}

export interface CorrectionResult {
  dataset: string;
  correction: Correction;
  /** The training example the correction became (source `correction`, split train). */
  example_id: string;
  /** The rules already produce what is expected. */
  already_right: boolean;
  notes: string[];
}

export interface CorrectionList {
  dataset: string;
  total: number;
  corrections: Correction[];
}

/** The prefix of the training example a correction becomes. */
export const CORRECTION_EXAMPLE_PREFIX = 'correction-';

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

/** What the rules produced, as an answer (spans without their rule ids). */
function producedAnswer(task: Task, p: Prediction): Answer {
  if (task.type === 'classification') return { label: p.label ?? null };
  if (task.type === 'transformation') return { output: p.output ?? {} };
  return { spans: (p.spans ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label, text: s.text })) };
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
 * first. A corrected example stays where it is; its corrected copy trains.
 */
export function addCorrection(store: Store, req: CorrectionRequest): CorrectionResult {
  const d = resolveDataset(store, req.dataset);
  const task = d.task;
  const given = [req.exampleId !== undefined, req.text !== undefined, req.input !== undefined].filter(Boolean).length;
  if (given !== 1) throw new RulewrightError('USAGE', 'say what to correct: --example ID, or --text "…" (one of them)');
  const notes: string[] = [];
  let source: Pick<Example, 'id' | 'text' | 'input' | 'annotated' | 'split'> | undefined;
  if (req.exampleId !== undefined) {
    const e = store.examples.get(d.id, req.exampleId);
    if (!e) throw new RulewrightError('NOT_FOUND', `no example "${req.exampleId}" in dataset "${d.name}": list ids with \`rulewright examples list\``);
    source = e;
    if (e.split !== 'train') notes.push(`example ${e.id} stays in ${e.split}; its corrected copy joins train`);
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

  return store.transaction(() => {
    const id = nextCorrectionId(store, d.id);
    const correction = Correction.parse({
      id,
      example_id: req.exampleId ?? null,
      ...(source.text !== undefined ? { text: source.text } : {}),
      ...(source.input !== undefined ? { input: source.input } : {}),
      produced,
      expected,
      note: req.note?.trim() ?? '',
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
    return { dataset: d.name, correction, example_id: exampleId, already_right: alreadyRight, notes };
  });
}

/** Corrections of a dataset, oldest first. */
export function listCorrections(store: Store, dataset?: string): CorrectionList {
  const d = resolveDataset(store, dataset);
  const corrections = store.corrections.list(d.id);
  return { dataset: d.name, total: corrections.length, corrections };
}
