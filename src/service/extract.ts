import { existsSync, readFileSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { CompiledRule } from '../core/engine/compile-rule.js';
import { type ExecutionIssue, executeRules } from '../core/engine/executor.js';
import { prepareRules, textOf } from '../core/engine/predict.js';
import { resolveDocument } from '../core/engine/resolve.js';
import { parseChoice, RulewrightError } from '../core/errors.js';
import { parseRuleset } from '../core/rulesets/parse.js';
import { screenRedos } from '../core/safety/redos.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import { clampRuleBudget, RULE_BUDGET_MS, ruleBudgetRange, Task, TaskType } from '../core/schemas/task.js';
import type { DatasetContext } from './dataset-context.js';
import { round } from './round.js';

/**
 * `extract`: runs a ruleset over JSONL with no LLM, streaming.
 *
 * Input, one document a line (`where:LINE` in messages, e.g. `stdin:12`):
 * - a JSON object `{"id"?, "text"}` or `{"id"?, "input": {...}}` (transformation tasks read
 *   `input[task.text_field]`; a `text` is taken as that field). Rows of the native dataset
 *   format are accepted as they are: their gold keys (`spans`, `label`, `output`, `split`, …) are
 *   ignored. Any other key is an error (a typo such as `"txt"` must not pass as an empty text);
 * - a JSON string `"..."`: the text;
 * - any other line that does not start with `{`, `[` or `"`: the line itself is the text, so
 *   `echo 'Mr Smith was born in 1970' | rulewright extract` works. A line that starts like JSON
 *   but does not parse is an error, never silently read as text;
 * - blank lines are skipped (they produce no output line).
 *
 * Output, one line per input document, in order: `{"id"?, "line", ...prediction}` where the
 * prediction is `spans` (each with `rule_id`), `label` + `rule_id` (classification), or `output`
 * + `output_rules` (transformation). `id` is echoed when the input had one.
 *
 * Errors: a malformed line stops extraction with `where:LINE: …` (BAD_INPUT, exit 2) after the
 * output of every line before it has been written: input is streamed, so it is never read twice
 * or held whole. Rules that do not compile are reported once and skipped; a rule that overruns its
 * per-document budget or throws is reported with the line and document id, and the other rules'
 * outputs for that document are still written.
 */

/** A ruleset ready to run: the task it runs as and its compiled rules (execution order). */
export interface ExtractRuleset {
  /** Where the rules came from: the file, or `dataset NAME`. */
  source: string;
  task: Task;
  rules: Rule[];
  compiled: CompiledRule[];
  /** Rules that do not compile (they are left out). */
  invalid: ExecutionIssue[];
  /** What was changed to run the file at all (an out-of-range budget brought into range). */
  warnings?: string[];
}

function prepared(source: string, task: Task, rules: Rule[]): ExtractRuleset {
  const { compiled, issues } = prepareRules(task, rules);
  return { source, task, rules, compiled, invalid: issues };
}

/**
 * A ruleset file (rulewright's format or RuleChef's), with no workspace: nothing is read or
 * written besides the file. The task is the file's own, else one inferred from the rules; `type`
 * overrides its type.
 */
export function rulesetFromFile(path: string, opts: { type?: string } = {}): ExtractRuleset {
  if (!existsSync(path) || !statSync(path).isFile()) throw new RulewrightError('NOT_FOUND', `no ruleset file at ${path}`);
  const parsed = parseRuleset(readFileSync(path, 'utf8'), { where: path });
  let type = parsed.taskType;
  if (opts.type !== undefined) type = parseChoice(TaskType, opts.type, 'task type', 'USAGE');
  const warnings: string[] = [];
  const base = boundedBudget(parsed.task ?? { name: 'ruleset' }, path, warnings);
  const task = Task.safeParse({ ...base, ...(type ? { type } : {}), ...(base.type || type ? {} : { type: 'extraction' }) });
  if (!task.success) throw new RulewrightError('BAD_INPUT', `${path}: the ruleset's task is not valid (${task.error.issues[0]?.message})`);
  return { ...prepared(path, task.data, parsed.rules), warnings };
}

/**
 * A file's budget out of range is clamped with a warning rather than refused: the budget is how
 * long this tool lets a rule run, not part of what the rules match, so the file still runs as
 * its author meant, and the cap can only stop a runaway rule sooner.
 */
function boundedBudget(task: Record<string, unknown>, path: string, warnings: string[]): Record<string, unknown> {
  const matching = task.matching as Record<string, unknown> | undefined;
  const ms = matching?.rule_budget_ms;
  if (typeof ms !== 'number' || (ms >= RULE_BUDGET_MS.min && ms <= RULE_BUDGET_MS.max)) return task;
  const clamped = clampRuleBudget(ms);
  warnings.push(`${path}: rule_budget_ms ${ms} is out of range (${ruleBudgetRange}); running with ${clamped} ms`);
  return { ...task, matching: { ...matching, rule_budget_ms: clamped } };
}

/** A rule of a ruleset file left out because it can backtrack catastrophically. */
export interface SkippedRule {
  id: string;
  name: string;
  /** One sentence for stderr: what was found and how to run it anyway. */
  message: string;
}

/**
 * Screens a file's rules as an import would: a rule the ReDoS screen finds exponential is left
 * out (a workspace stores it `rejected`, a file has no status to say so), unless `allowFlagged`,
 * in which case it runs under the per-document time budget.
 */
export async function screenFileRuleset(ruleset: ExtractRuleset, opts: { allowFlagged?: boolean } = {}): Promise<ExtractRuleset & { skipped: SkippedRule[] }> {
  if (opts.allowFlagged) return { ...ruleset, skipped: [] };
  const kept: CompiledRule[] = [];
  const skipped: SkippedRule[] = [];
  for (const c of ruleset.compiled) {
    if (c.rule.format !== 'regex') {
      kept.push(c);
      continue;
    }
    const re = c.matcher.regex;
    const v = await screenRedos(re.source, re.flags, {
      effort: 'quick',
      pattern: { source: c.rule.pattern, flags: c.rule.flags, dialect: c.rule.dialect },
      exponentialOnly: true,
    });
    if (v.status === 'vulnerable' && v.exponential)
      skipped.push({
        id: c.id,
        name: c.rule.name,
        message: `rule ${c.id} (${c.rule.name}) is skipped: it can backtrack catastrophically (${v.complexity}; attack string: ${v.attack}); rewrite it, or pass --allow-flagged to run it under the time budget`,
      });
    else kept.push(c);
  }
  return { ...ruleset, compiled: kept, skipped };
}

/** The active rules of a workspace dataset, run as its task. */
export function rulesetFromWorkspace(ctx: DatasetContext): ExtractRuleset {
  const { store, dataset: d } = ctx;
  return prepared(`dataset ${d.name}`, d.task, store.rules.list(d.id, { status: 'active' }));
}

/** One input document. */
export interface ExtractDoc {
  line: number;
  id?: string;
  text: string;
  /** The row's `meta` object, which rules with a `when` condition test. */
  meta?: Record<string, unknown>;
}

const GOLD_KEYS = new Set(['spans', 'label', 'output', 'split', 'source', 'annotated', 'truth', 'meta']);

/** Reads one input line (see the top of this file); null for a blank line. */
export function parseExtractLine(raw: string, line: number, task: Pick<Task, 'type' | 'text_field'>, where = 'stdin'): ExtractDoc | null {
  const s = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  const trimmed = s.trimStart();
  if (trimmed === '') return null;
  const bad = (m: string) => new RulewrightError('BAD_INPUT', `${where}:${line}: ${m}`);
  const first = trimmed[0];
  if (first !== '{' && first !== '[' && first !== '"') return { line, text: s };
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch (e) {
    throw bad(`not valid JSON (${(e as Error).message}); a plain-text line must not start with {, [ or "`);
  }
  if (typeof v === 'string') return { line, text: v };
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw bad('expected a JSON object {"id"?, "text"} or {"id"?, "input": {...}}, or a JSON string');
  const o = v as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => k !== 'id' && k !== 'text' && k !== 'input' && !GOLD_KEYS.has(k));
  if (unknown.length) throw bad(`unknown key${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => `"${k}"`).join(', ')}: expected {"id"?, "text"} or {"id"?, "input": {...}}`);
  let id: string | undefined;
  if (o.id !== undefined && o.id !== null) {
    if (typeof o.id !== 'string' && typeof o.id !== 'number') throw bad('"id" must be a string or a number');
    id = String(o.id);
  }
  if (o.text !== undefined && typeof o.text !== 'string') throw bad('"text" must be a string');
  if (o.input !== undefined && (!o.input || typeof o.input !== 'object' || Array.isArray(o.input))) throw bad('"input" must be an object');
  const input = o.input as Record<string, unknown> | undefined;
  let text: string | undefined;
  if (typeof o.text === 'string') text = o.text;
  else if (input) {
    if (task.type === 'transformation') text = textOf(task, { input });
    else if (typeof input[task.text_field] === 'string') text = input[task.text_field] as string;
    else throw bad(`"input" has no string field "${task.text_field}" to read: give the document as {"text": "..."}`);
  }
  if (text === undefined) throw bad('no "text" (or "input") in the row');
  if (o.meta !== undefined && (!o.meta || typeof o.meta !== 'object' || Array.isArray(o.meta))) throw bad('"meta" must be an object');
  const doc: ExtractDoc = id === undefined ? { line, text } : { line, id, text };
  if (o.meta) doc.meta = o.meta as Record<string, unknown>;
  return doc;
}

export interface ExtractOptions {
  /** Name of the input in messages (default `stdin`). */
  where?: string;
  /**
   * Most documents per guarded execution batch (default 256). Batches start at one document and
   * grow while they finish quickly, so output streams line by line when documents are slow.
   */
  batchDocs?: number;
  /** Characters per batch (default 1,000,000). */
  batchChars?: number;
  /** Per-rule, per-document budget (default the task's). */
  ruleBudgetMs?: number;
  /** Timeouts after which a rule is not run on the rest of the input (default 3, fewer for budgets over 3.3 s, so at most 10 s). */
  maxTimeouts?: number;
  /**
   * Called for every problem: rules that do not compile (once), timeouts and failures with their
   * line, and a rule left out for the rest of the input after `maxTimeouts` timeouts (once).
   */
  onIssue?: (message: string, issue: ExecutionIssue) => void;
  /** Told the number of documents written so far, after each batch. */
  onProgress?: (documents: number) => void;
}

/** What a rule's timeouts may cost in all before it is left out (at least one timeout, at most three). */
const TIMEOUTS_CAP_MS = 10_000;

/** A batch taking longer than this halves the next one; a quicker one doubles it. */
const BATCH_TARGET_MS = 100;

export interface ExtractSummary {
  source: string;
  task_type: string;
  rules: number;
  documents: number;
  /** Spans written (span tasks), labels assigned (classification), or fields filled (transformation). */
  outputs: number;
  issues: number;
  elapsed_ms: number;
}

function countOutputs(p: Prediction): number {
  if (p.spans) return p.spans.length;
  if (p.output) return Object.keys(p.output).length;
  return p.label ? 1 : 0;
}

/** An issue with its input location: `stdin:12 (doc-7): …`. */
function describe(i: ExecutionIssue, doc: ExtractDoc | undefined, where: string, budget: number): string {
  if (!doc) return `rule ${i.rule_id} is skipped: ${i.message}`;
  const at = `${where}:${doc.line}${doc.id !== undefined ? ` (${doc.id})` : ''}`;
  if (i.kind === 'timeout')
    return `${at}: rule ${i.rule_id} exceeded its ${budget} ms budget and was stopped after ${Math.round(i.elapsed_ms ?? budget)} ms; its matches in this document were dropped`;
  return `${at}: rule ${i.rule_id} failed (${i.message}); its matches in this document were dropped`;
}

/**
 * Streams documents through the ruleset: reads `lines`, runs each batch through the guarded
 * executor, and writes one JSON line per document to `write` (awaited, for back-pressure).
 * A rule that runs out of its budget `maxTimeouts` times is left out for the rest of the input,
 * so a runaway rule costs at most that many budgets however long the input is.
 */
export async function extractStream(
  ruleset: ExtractRuleset,
  lines: AsyncIterable<string> | Iterable<string>,
  write: (chunk: string) => void | Promise<void>,
  opts: ExtractOptions = {},
): Promise<ExtractSummary> {
  const t0 = performance.now();
  const where = opts.where ?? 'stdin';
  const maxDocs = opts.batchDocs ?? 256;
  const maxChars = opts.batchChars ?? 1_000_000;
  const budget = opts.ruleBudgetMs ?? ruleset.task.matching.rule_budget_ms;
  const maxTimeouts = opts.maxTimeouts ?? Math.max(1, Math.min(3, Math.floor(TIMEOUTS_CAP_MS / budget)));
  const timeoutsLeft = new Int32Array(ruleset.compiled.length).fill(maxTimeouts);
  let issues = 0;
  const report = (message: string, i: ExecutionIssue) => {
    issues++;
    opts.onIssue?.(message, i);
  };
  for (const i of ruleset.invalid) report(describe(i, undefined, where, budget), i);
  let documents = 0;
  let outputs = 0;
  let batch: ExtractDoc[] = [];
  let chars = 0;
  let size = 1;

  const flush = async () => {
    if (!batch.length) return;
    const docs = batch;
    batch = [];
    chars = 0;
    const started = performance.now();
    const run = executeRules(ruleset.task, ruleset.compiled, docs.map((d) => d.text), {
      ids: docs.map((d) => d.id ?? `line ${d.line}`),
      meta: docs.map((d) => d.meta),
      docOffset: documents,
      ruleBudgetMs: budget,
      timeoutsLeft,
    });
    size = performance.now() - started < BATCH_TARGET_MS ? Math.min(maxDocs, size * 2) : Math.max(1, size >> 1);
    const docOf = (i: ExecutionIssue) => (i.doc_index === null ? undefined : docs[i.doc_index - documents]);
    const lastTimeout = new Map<number, ExecutionIssue>();
    for (const i of run.issues) {
      report(describe(i, docOf(i), where, budget), i);
      if (i.kind === 'timeout' && i.rule_position !== null) lastTimeout.set(i.rule_position, i);
    }
    // A rule out of timeouts never runs again, so this is said once, in the batch that used the last.
    for (const [r, i] of lastTimeout)
      if (timeoutsLeft[r]! <= 0) report(leftOut(ruleset.compiled[r]!, maxTimeouts, budget, docOf(i), where), { ...i, doc_index: null, doc_id: null });
    const out: string[] = new Array(docs.length);
    for (let d = 0; d < docs.length; d++) {
      const p = resolveDocument(run, d);
      outputs += countOutputs(p);
      const doc = docs[d]!;
      out[d] = JSON.stringify(doc.id === undefined ? { line: doc.line, ...p } : { id: doc.id, line: doc.line, ...p });
    }
    documents += docs.length;
    await write(`${out.join('\n')}\n`);
    opts.onProgress?.(documents);
  };

  let n = 0;
  try {
    for await (const raw of flushingWhenIdle(lines, () => (batch.length ? flush() : undefined))) {
      n++;
      const doc = parseExtractLine(raw, n, ruleset.task, where);
      if (!doc) continue;
      batch.push(doc);
      chars += doc.text.length;
      if (batch.length >= size || chars >= maxChars) await flush();
    }
  } catch (e) {
    // What came before the bad line is written first, so the output is a clean prefix.
    await flush();
    throw e;
  }
  await flush();
  return {
    source: ruleset.source,
    task_type: ruleset.task.type,
    rules: ruleset.compiled.length,
    documents,
    outputs,
    issues,
    elapsed_ms: round(performance.now() - t0),
  };
}

const IDLE = Symbol('idle');
const NOT_YET: Promise<typeof IDLE> = Promise.resolve(IDLE);

/**
 * The lines, calling `onIdle` whenever the next one has not been read yet: a document typed or
 * piped in slowly gets its output line before the reader waits for more, whatever the batch
 * size. A line already read comes from a settled promise, which wins the race against NOT_YET
 * (listed second), so a file read in chunks pays no wait: only one check per line.
 */
async function* flushingWhenIdle(lines: AsyncIterable<string> | Iterable<string>, onIdle: () => void | Promise<void>): AsyncGenerator<string> {
  if (!(Symbol.asyncIterator in lines)) return yield* lines;
  const it = lines[Symbol.asyncIterator]();
  for (;;) {
    const next = it.next();
    let r = await Promise.race([next, NOT_YET]);
    if (r === IDLE) {
      await onIdle();
      r = await next;
    }
    if (r.done) return;
    yield r.value;
  }
}

/** The one message saying a rule is left out for the rest of the input, and why. */
function leftOut(c: CompiledRule, maxTimeouts: number, budget: number, doc: ExtractDoc | undefined, where: string): string {
  const last = doc ? ` (the last at ${where}:${doc.line})` : '';
  return (
    `rule ${c.id} (${c.rule.name}) ran out of its ${budget} ms budget on ${maxTimeouts} documents${last}, so it is left out ` +
    'for the rest of the input; its pattern can backtrack catastrophically: rewrite it'
  );
}
