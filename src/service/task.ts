import { parseChoice, RulewrightError } from '../core/errors.js';
import { clip, screenFixedPatterns, screenPattern } from '../core/matchers/pattern-screen.js';
import { MatcherRegistry } from '../core/matchers/registry.js';
import { ConflictPolicy, MatcherRef, MatchMode, Task } from '../core/schemas/task.js';
import type { DatasetContext } from './dataset-context.js';

/**
 * `task show|set`: the dataset's task and its matching config, which every evaluation reads
 * (eval, metrics, rank, prune, learn). Matchers are named by string (or `{name, options}`) per
 * label or field, so the choice travels with the data.
 */

export interface TaskChange {
  description?: string;
  labels?: string[];
  text_field?: string;
  list_fields?: string[];
  mode?: string;
  iou_threshold?: number;
  conflict_policy?: string;
  /** label/field → matcher reference: a name, or JSON `{"name", "options"}`. */
  matchers?: Record<string, string | MatcherRef>;
  /** Labels/fields whose matcher goes back to the default. */
  unset_matchers?: string[];
  default_matcher?: string | MatcherRef;
  rule_budget_ms?: number;
  wilson_z?: number;
}

export interface TaskResult {
  dataset: string;
  task: Task;
  /** Dotted paths of what changed (empty for `show`). */
  changed: string[];
  warnings: string[];
}

/** The dataset's task. */
export function showTask(ctx: DatasetContext): TaskResult {
  const d = ctx.dataset;
  return { dataset: d.name, task: d.task, changed: [], warnings: [] };
}

/** A matcher reference from the command line: a name, or JSON `{"name": ..., "options": {...}}`. */
function parseMatcherRef(value: string | MatcherRef, where: string): MatcherRef {
  let v: unknown = value;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      v = JSON.parse(value);
    } catch (e) {
      throw new RulewrightError('BAD_INPUT', `${where}: not valid JSON (${(e as Error).message})`);
    }
  }
  const r = MatcherRef.safeParse(typeof v === 'string' ? v.trim() : v);
  if (!r.success) {
    // Options written beside the name (`{"name": "regex", "pattern": …}`) is the likely slip: show where they go.
    const o = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
    const { name, options, ...stray } = o ?? {};
    const keys = Object.keys(stray);
    if (typeof name === 'string' && options === undefined && keys.length)
      throw new RulewrightError(
        'BAD_INPUT',
        `${where}: ${keys.map((k) => JSON.stringify(k)).join(', ')} ${keys.length === 1 ? 'is not a key' : 'are not keys'} of a matcher reference; ` +
          `a matcher's options go under "options": '${clip(JSON.stringify({ name, options: stray }), 200)}'`,
      );
    throw new RulewrightError('BAD_INPUT', `${where}: expected a matcher name or {"name": ..., "options": {...}}`);
  }
  return r.data;
}

/** The matcher references a change sets: where the option is named (parsing), and the entry (checks). */
function changedRefs(change: TaskChange): { option: string; where: string; value: string | MatcherRef }[] {
  return [
    ...Object.entries(change.matchers ?? {}).map(([key, value]) => ({ option: `--matcher ${key}`, where: `matcher for "${key}"`, value })),
    ...(change.default_matcher !== undefined ? [{ option: '--default-matcher', where: 'default matcher', value: change.default_matcher }] : []),
  ];
}

const refusedPattern = (where: string, source: string, reason: string) =>
  new RulewrightError('BAD_INPUT', `${where}: the pattern /${clip(source, 200)}/ is refused: ${reason}; nothing was changed`);

/**
 * The full ReDoS screen (recheck included, up to a few seconds a pattern) on the patterns a
 * change's built-in matchers fix in their options: `updateTask` screens them too, but only with
 * the screen's static part, which leaves some patterns undecided. A caller that can wait (the
 * CLI) runs this first, so such a pattern is refused when set rather than when scored.
 */
export async function screenTaskChange(change: TaskChange): Promise<void> {
  const registry = new MatcherRegistry();
  for (const { option, where, value } of changedRefs(change)) {
    const ref = parseMatcherRef(value, option);
    if (!registry.has(typeof ref === 'string' ? ref : ref.name)) continue;
    for (const p of registry.resolve(ref, where).fixedPatterns) {
      const v = await screenPattern(p.source, p.flags);
      if (v.refused) throw refusedPattern(where, p.source, v.reason);
    }
  }
}

/**
 * Changes the task. Built-in matcher references are validated now (name and options, and the
 * patterns their options fix through the ReDoS screen's static part; see `screenTaskChange`); a
 * name that is not built in is kept with a warning, for a user module passed at eval time with
 * `--matchers`.
 */
export function updateTask(ctx: DatasetContext, change: TaskChange): TaskResult {
  const { store, dataset: d } = ctx;
  const before = d.task;
  const m = { ...before.matching, matchers: { ...before.matching.matchers } };
  const warnings: string[] = [];
  const registry = new MatcherRegistry();
  const checkRef = (ref: MatcherRef, where: string) => {
    const name = typeof ref === 'string' ? ref : ref.name;
    if (!registry.has(name)) {
      warnings.push(`${where}: "${name}" is not a built-in matcher; pass the module that defines it with \`rulewright eval --matchers FILE\``);
      return;
    }
    // A pattern fixed in the options is screened now, as `rules add` screens a rule's pattern.
    for (const p of screenFixedPatterns(registry.resolve(ref, where))) {
      if (p.refused) throw refusedPattern(where, p.source, p.reason);
      if (p.flagged) warnings.push(`${where}: the pattern /${clip(p.source, 200)}/ has ${p.reason}`);
    }
  };
  if (change.mode !== undefined) m.mode = parseChoice(MatchMode, change.mode, 'matching mode');
  if (change.conflict_policy !== undefined) m.conflict_policy = parseChoice(ConflictPolicy, change.conflict_policy, 'conflict policy');
  if (change.iou_threshold !== undefined) m.iou_threshold = change.iou_threshold;
  if (change.rule_budget_ms !== undefined) m.rule_budget_ms = change.rule_budget_ms;
  if (change.wilson_z !== undefined) m.wilson_z = change.wilson_z;
  for (const key of change.unset_matchers ?? []) {
    if (!(key in m.matchers)) warnings.push(`no matcher was set for "${key}"`);
    delete m.matchers[key];
  }
  for (const [key, value] of Object.entries(change.matchers ?? {})) {
    const ref = parseMatcherRef(value, `--matcher ${key}`);
    checkRef(ref, `matcher for "${key}"`);
    m.matchers[key] = ref;
  }
  if (change.default_matcher !== undefined) {
    const ref = parseMatcherRef(change.default_matcher, '--default-matcher');
    checkRef(ref, 'default matcher');
    m.default_matcher = ref;
  }
  const next = Task.safeParse({
    ...before,
    ...(change.description !== undefined ? { description: change.description } : {}),
    ...(change.labels !== undefined ? { labels: [...new Set(change.labels)] } : {}),
    ...(change.text_field !== undefined ? { text_field: change.text_field } : {}),
    ...(change.list_fields !== undefined ? { list_fields: [...new Set(change.list_fields)] } : {}),
    matching: m,
  });
  if (!next.success) {
    const i = next.error.issues[0];
    throw new RulewrightError('BAD_INPUT', `task: ${i?.path.join('.')}: ${i?.message}`);
  }
  const known = new Set(next.data.labels ?? []);
  if (known.size) for (const key of Object.keys(change.matchers ?? {})) if (!known.has(key)) warnings.push(`"${key}" is not one of the task's labels (${[...known].join(', ')})`);
  const changed = diffPaths(before, next.data);
  if (changed.length) store.transaction(() => store.datasets.updateTask(d.id, next.data));
  return { dataset: d.name, task: next.data, changed, warnings };
}

function diffPaths(a: unknown, b: unknown, at = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(a) || !isObj(b)) return [at || '(task)'];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((k) => diffPaths(a[k], b[k], at ? `${at}.${k}` : k));
}
