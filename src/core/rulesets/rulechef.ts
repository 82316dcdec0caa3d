import { RulewrightError } from '../errors.js';
import { canonicalJson, sha256 } from '../hash.js';
import { Rule, type RuleFlag, type RuleInput } from '../schemas/rule.js';
import type { TaskType } from '../schemas/task.js';

/** Where in a RuleChef file the rule list was found. */
export type RulechefShape = 'list' | 'rules' | 'result.rules' | 'meta.rulechef.rules' | `path:${string}`;

export interface RulechefParseOptions {
  /** Dotted path of the rule list, for files that hold it somewhere else (e.g. `cells.X.rules`). */
  path?: string;
  /** Label for rules with no `output_template` (default `_NONE`, RuleChef's class for untyped output). */
  defaultLabel?: string;
}

export interface ParsedRulechef {
  rules: Rule[];
  shape: RulechefShape;
  /** The task type the rules' `output_key`s point to, when they agree. */
  taskType: TaskType | undefined;
  notes: string[];
}

/** RuleChef's label for output that has no type. */
export const NO_TEMPLATE_LABEL = '_NONE';

const isRuleList = (v: unknown): v is unknown[] =>
  Array.isArray(v) && v.every((x) => !!x && typeof x === 'object' && !Array.isArray(x) && 'content' in x);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Finds the rule list in one of RuleChef's four container shapes: a bare list, `{rules}`,
 * `{result: {rules}}` (benchmark checkpoints), `{meta: {rulechef: {rules}}}` (results files).
 * Failing those, a file holding exactly one rule list anywhere (e.g. an ablation cell) loads from
 * there; several lists need `path`.
 */
export function findRulechefRules(data: unknown, path?: string): { list: unknown[]; shape: RulechefShape } {
  if (path) {
    let v: unknown = data;
    for (const key of path.split('.')) v = isObject(v) ? v[key] : Array.isArray(v) ? v[Number(key)] : undefined;
    if (!Array.isArray(v)) throw new RulewrightError('BAD_INPUT', `no rule list at "${path}" in the ruleset file`);
    return { list: v, shape: `path:${path}` };
  }
  if (Array.isArray(data)) return { list: data, shape: 'list' };
  if (isObject(data)) {
    if (Array.isArray(data.rules)) return { list: data.rules, shape: 'rules' };
    if (isObject(data.result) && Array.isArray(data.result.rules)) return { list: data.result.rules, shape: 'result.rules' };
    if (isObject(data.meta) && isObject(data.meta.rulechef) && Array.isArray(data.meta.rulechef.rules))
      return { list: data.meta.rulechef.rules, shape: 'meta.rulechef.rules' };
  }
  const found: string[] = [];
  const walk = (v: unknown, at: string[]) => {
    if (isRuleList(v) && v.length) found.push(at.join('.'));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
  };
  walk(data, []);
  if (found.length === 1) return findRulechefRules(data, found[0]);
  throw new RulewrightError(
    'BAD_INPUT',
    found.length
      ? `the file holds several rule lists (${found.join(', ')}): choose one with the path option`
      : 'no rules found: expected a list of rules, {rules}, {result: {rules}} or {meta: {rulechef: {rules}}}',
  );
}

/** Parses a RuleChef ruleset (any of its shapes) into rules: `python` dialect, `imported`. */
export function parseRulechef(data: unknown, options: RulechefParseOptions = {}): ParsedRulechef {
  const { list, shape } = findRulechefRules(data, options.path);
  const notes: string[] = [];
  const used = new Map<string, number>();
  const keys = new Set<string>();
  const rules = list.map((item, i) => {
    if (!isObject(item)) throw new RulewrightError('BAD_INPUT', `rule ${i + 1}: expected an object, got ${JSON.stringify(item)}`);
    const rule = fromRulechefDict(item, i, options, notes);
    const n = (used.get(rule.id) ?? 0) + 1;
    used.set(rule.id, n);
    if (n > 1) {
      notes.push(`rule ${i + 1} (${rule.name}) duplicates an earlier rule's ${item.id ? 'id' : 'content'}; its id gets the suffix -${n}`);
      rule.id = `${rule.id}-${n}`;
    }
    const key = typeof item.output_key === 'string' ? item.output_key : '';
    if (key) keys.add(key);
    return rule;
  });
  const types = new Set([...keys].map((k) => (k === 'label' ? 'classification' : k === 'spans' ? 'extraction' : k === 'entities' ? 'ner' : undefined)));
  const taskType = types.size === 1 ? [...types][0] : undefined;
  return { rules, shape, taskType, notes };
}

/** A content id: `r-` and the first 10 hex digits of the sha256 of the source dict's canonical JSON. */
export function contentId(dict: Record<string, unknown>): string {
  return `r-${sha256(canonicalJson(dict)).slice(0, 10)}`;
}

function fromRulechefDict(d: Record<string, unknown>, index: number, options: RulechefParseOptions, notes: string[]): Rule {
  const at = `rule ${index + 1}`;
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const flagged: RuleFlag[] = [];
  const id = str(d.id)?.trim() || contentId(d);
  const name = str(d.name)?.trim() || id;
  const format = str(d.format) ?? 'regex';
  const { label, group } = outputOf(d, options, flagged);
  const vp = num(d.validated_precision);
  const vs = num(d.validated_support);
  const input: RuleInput = {
    id,
    name,
    description: str(d.description) ?? '',
    format: 'regex',
    pattern: str(d.content) ?? '',
    flags: '',
    dialect: 'python',
    output: { label, group },
    priority: num(d.priority) ?? 5,
    confidence: clamp01(num(d.confidence) ?? 0.5),
    status: 'active',
    provenance: 'imported',
    validated_precision: vp === undefined ? null : clamp01(vp),
    validated_support: vs === undefined ? 0 : Math.max(0, Math.round(vs)),
    flagged,
    origin: d,
  };
  if (format !== 'regex') {
    input.status = 'rejected';
    input.rejection = `RuleChef ${format} rules are not supported (only regex): kept disabled for export`;
    notes.push(`${at} (${name}): format ${format} is not supported; imported as rejected`);
  }
  const parsed = Rule.safeParse(input);
  if (!parsed.success) throw new RulewrightError('BAD_INPUT', `${at} (${name}): ${parsed.error.issues[0]?.message ?? 'invalid rule'}`);
  return parsed.data;
}

/**
 * The label and span group from RuleChef's `output_template`: `{label}` (classification) spans
 * the whole match; `{text: "$N", type, start: "$start", end: "$end"}` is a span of group N.
 */
function outputOf(d: Record<string, unknown>, options: RulechefParseOptions, flagged: RuleFlag[]): { label: string; group: string } {
  const t = d.output_template;
  const fallback = options.defaultLabel ?? NO_TEMPLATE_LABEL;
  if (!isObject(t)) {
    flagged.push({
      code: 'no_output_template',
      message: `the RuleChef rule has no output_template, so it names no label; labelled "${fallback}" (set the real one with rules edit)`,
    });
    return { label: fallback, group: '$0' };
  }
  const label = [t.label, t.type].find((v): v is string => typeof v === 'string' && v.trim() !== '')?.trim();
  const text = typeof t.text === 'string' ? t.text : '$0';
  const m = /^\$(\d+)$/.exec(text);
  const group = m ? `$${Number(m[1])}` : '$0';
  if (!m && text !== '$0')
    flagged.push({ code: 'template', message: `output text "${text}" is not a single group; the span is the whole match` });
  if (!label) {
    flagged.push({ code: 'no_output_template', message: `the output_template names no label or type; labelled "${fallback}"` });
    return { label: fallback, group };
  }
  if (/\$(\d+|start|end)/.test(label))
    flagged.push({ code: 'template', message: `the label "${label}" is a template; rulewright labels are fixed, so it is kept literally` });
  return { label, group };
}

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));
