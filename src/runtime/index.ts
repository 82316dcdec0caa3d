/**
 * `rulewright/runtime`: run an exported ruleset inside another program, with no workspace, no
 * store and no LLM.
 *
 * ```ts
 * import { loadRuleset } from 'rulewright/runtime';
 * const ruleset = loadRuleset(readFileSync('rules/pii.json', 'utf8'));
 * ruleset.extract('Mr John Smith was born on 3 March 1970.'); // [{start, end, label, text, rule_id}]
 * ```
 *
 * Every call runs each rule under its per-document time budget (the task's `rule_budget_ms`); a
 * rule that overruns or throws is left out of that document and reported in `issues` by `run`.
 * A guarded batch costs ~70 µs of fixed overhead, so prefer `run` over many single-text calls.
 */
import { executeRules, type ExecutionIssue } from '../core/engine/executor.js';
import { prepareRules, textOf } from '../core/engine/predict.js';
import { resolveDocument } from '../core/engine/resolve.js';
import { RulewrightError } from '../core/errors.js';
import { parseRuleset } from '../core/rulesets/parse.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule, RuleStatus } from '../core/schemas/rule.js';
import type { OutputSpan } from '../core/schemas/span.js';
import { Task, type TaskInput, type TaskType } from '../core/schemas/task.js';

export type { ExecutionIssue } from '../core/engine/executor.js';
export type { Prediction } from '../core/schemas/prediction.js';
export type { Rule } from '../core/schemas/rule.js';
export type { OutputSpan } from '../core/schemas/span.js';
export type { Task } from '../core/schemas/task.js';

/** An input for `run`: a text, or an example-like object (`input` for transformation tasks). */
/** One input: its text, or an object with the text (or a transformation's `input`) and the `meta` that conditional rules test. */
export type RuntimeInput = string | { id?: string; text?: string; input?: Record<string, unknown>; meta?: Record<string, unknown> };

export interface LoadOptions {
  /** The task to run as; default the file's own task, else one inferred from the rules. */
  task?: TaskInput;
  /** Rule statuses that run (default only `active`). */
  statuses?: readonly RuleStatus[];
}

/** A loaded, compiled ruleset. */
export interface Ruleset {
  readonly task: Task;
  /** Every rule in the file, in execution order first for those that run. */
  readonly rules: readonly Rule[];
  /** Rules that could not be compiled (left out of every run). */
  readonly issues: readonly ExecutionIssue[];
  /** Spans in `text` (sorted by position), under the task's conflict policy. */
  extract(text: string): OutputSpan[];
  /** The label of the first rule (in execution order) that fires, or null. */
  classify(text: string): { label: string | null; rule_id: string | null };
  /** Runs on many inputs at once as the task's type; returns one prediction per input and every problem. */
  run(inputs: readonly RuntimeInput[]): { predictions: Prediction[]; issues: ExecutionIssue[] };
}

/**
 * Loads a ruleset from JSON text or a parsed object: rulewright's export format
 * (`{rulewright: 1, task?, rules}`) or any of RuleChef's ruleset shapes. Throws BAD_INPUT on a
 * malformed file.
 */
export function loadRuleset(json: string | object, options: LoadOptions = {}): Ruleset {
  const parsed = parseRuleset(json);
  const task = resolveTask(options.task ?? parsed.task, parsed.taskType);
  const { compiled, issues } = prepareRules(task, parsed.rules, options.statuses ? { statuses: options.statuses } : {});
  const ran = new Set(compiled.map((c) => c.id));
  const rules = [...compiled.map((c) => c.rule), ...parsed.rules.filter((r) => !ran.has(r.id))];
  const asType = (type: TaskType) => ({ ...task, type });
  const runAs = (type: TaskType, texts: string[], ids?: (string | undefined)[], meta?: (Record<string, unknown> | undefined)[]) =>
    executeRules(asType(type), compiled, texts, { ...(ids ? { ids } : {}), ...(meta ? { meta } : {}) });

  return {
    task,
    rules,
    issues,
    extract(text) {
      const type = task.type === 'ner' ? 'ner' : 'extraction';
      return resolveDocument(runAs(type, [text]), 0).spans ?? [];
    },
    classify(text) {
      const p = resolveDocument(runAs('classification', [text]), 0);
      return { label: p.label ?? null, rule_id: p.rule_id ?? null };
    },
    run(inputs) {
      const examples = inputs.map((x) => (typeof x === 'string' ? { text: x } : x));
      const texts = examples.map((e) => textOf(task, e));
      const outputs = runAs(
        task.type,
        texts,
        examples.map((e) => e.id),
        examples.map((e) => e.meta),
      );
      return { predictions: texts.map((_, d) => resolveDocument(outputs, d)), issues: [...issues, ...outputs.issues] };
    },
  };
}

function resolveTask(given: unknown, inferred: TaskType | undefined): Task {
  if (given !== undefined) {
    const r = Task.safeParse(given);
    if (!r.success) throw new RulewrightError('BAD_INPUT', `ruleset task: ${r.error.issues[0]?.message ?? 'invalid'}`);
    return r.data;
  }
  return Task.parse({ name: 'ruleset', type: inferred ?? 'extraction' });
}
