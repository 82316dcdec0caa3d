import { RulewrightError } from '../errors.js';
import { lexiconSource } from '../lexicon/compile-lexicon.js';
import { compilePattern } from '../regex/compile.js';
import type { Rule } from '../schemas/rule.js';
import type { TaskType } from '../schemas/task.js';
import { describeWhen } from '../engine/when.js';
import { jsToPython } from './js-to-python.js';
import { NO_TEMPLATE_LABEL } from './rulechef.js';

/**
 * A rule as a RuleChef rule dict. An imported rule starts from its original dict (`origin`), so an
 * unchanged rule round-trips key for key; edited fields overwrite it. A lexicon rule becomes the
 * regex it compiles to (Python's `regex` module reads it; ignoring case is spelled out in character classes).
 * What a rule matches is kept: its flags become inline flags, a JS-dialect pattern is rewritten
 * for Python (`jsToPython`; constructs with no faithful spelling are refused, naming the rule), and
 * a named output group becomes `$N`, its number.
 */
export function toRulechefRule(rule: Rule, taskType?: TaskType): Record<string, unknown> {
  if (rule.when)
    throw new RulewrightError(
      'BAD_INPUT',
      `rule ${rule.id} (${rule.name}) applies only when ${describeWhen(rule.when)}, a condition RuleChef's rules cannot state; export in rulewright's format (--format rulewright) or disable the rule (\`rulewright rules disable ${rule.id}\`)`,
    );
  const d: Record<string, unknown> = { ...(rule.origin ?? {}) };
  if (!rule.origin && !rule.id.startsWith('r-')) d.id = rule.id;
  d.name = rule.name;
  if (rule.description || 'description' in d) d.description = rule.description;
  d.format = 'regex';
  d.content = rule.format === 'lexicon' ? lexiconPattern(rule) : pythonContent(rule);
  d.priority = rule.priority;
  if ('confidence' in d || rule.confidence !== 0.5) d.confidence = rule.confidence;
  if ('validated_precision' in d || rule.validated_precision !== null) d.validated_precision = rule.validated_precision;
  if ('validated_support' in d || rule.validated_support !== 0) d.validated_support = rule.validated_support;
  const template = templateOf(rule, d, taskType);
  if (template) {
    d.output_template = template.template;
    d.output_key = template.key;
  }
  return d;
}

/** A ruleset in RuleChef's `{rules}` shape. */
export function toRulechefRuleset(rules: readonly Rule[], taskType?: TaskType): { rules: Record<string, unknown>[] } {
  return { rules: rules.map((r) => toRulechefRule(r, taskType)) };
}

const LEADING_FLAGS = /^\(\?([imsxnA]+)\)/;

/** The rule's pattern in Python `regex` syntax, with its flags inline. */
function pythonContent(rule: Rule): string {
  if (rule.dialect === 'python') {
    const inline = [...new Set(rule.flags.replace(/[^imsx]/g, ''))].join('');
    return inline ? `(?${inline})${rule.pattern}` : rule.pattern;
  }
  const lead = LEADING_FLAGS.exec(rule.pattern);
  try {
    return jsToPython(lead ? rule.pattern.slice(lead[0].length) : rule.pattern, rule.flags + (lead?.[1] ?? ''));
  } catch (e) {
    if (e instanceof RulewrightError)
      throw new RulewrightError(
        e.code,
        `rule ${rule.id} (${rule.name}): ${e.message}; rewrite its pattern (\`rulewright rules edit ${rule.id} --pattern ...\`) or export in rulewright's format (--format rulewright)`,
      );
    throw e;
  }
}

/** The output group as RuleChef's `$N`: a named group becomes its number. */
function groupRef(rule: Rule): string {
  const g = rule.output.group;
  if (/^\$\d+$/.test(g) || rule.format !== 'regex') return /^\$\d+$/.test(g) ? g : '$0';
  const n = compilePattern(rule.pattern, rule.flags, rule.dialect).groupNames.indexOf(g);
  if (n < 1) throw new RulewrightError('BAD_INPUT', `rule ${rule.id} (${rule.name}): its output group "${g}" is not a group of its pattern`);
  return `$${n}`;
}

function lexiconPattern(rule: Rule): string {
  const opts = { caseSensitive: rule.lexicon?.case_sensitive ?? false, wordBoundary: rule.lexicon?.word_boundary ?? true };
  return lexiconSource(rule.terms ?? [], opts);
}

function templateOf(
  rule: Rule,
  d: Record<string, unknown>,
  taskType: TaskType | undefined,
): { template: Record<string, unknown>; key: string } | undefined {
  const old = d.output_template;
  const oldKey = typeof d.output_key === 'string' ? d.output_key : undefined;
  if (old && typeof old === 'object' && !Array.isArray(old)) {
    const t = old as Record<string, unknown>;
    if ('label' in t && typeof t.label === 'string' && !('type' in t)) {
      if (t.label === rule.output.label && rule.output.group === '$0') return { template: t, key: oldKey ?? 'label' };
      return { template: { ...t, label: rule.output.label }, key: oldKey ?? 'label' };
    }
    return { template: { ...t, text: groupRef(rule), type: rule.output.label }, key: oldKey ?? 'entities' };
  }
  // An imported rule that never had a template, still without a real label, stays without one.
  if (rule.origin && !old && rule.output.label === NO_TEMPLATE_LABEL) return undefined;
  if (oldKey === 'label' || taskType === 'classification') return { template: { label: rule.output.label }, key: 'label' };
  const group = groupRef(rule);
  const key = oldKey ?? (taskType === 'extraction' ? 'spans' : taskType === 'transformation' ? rule.output.label : 'entities');
  return { template: { text: group, start: '$start', end: '$end', type: rule.output.label }, key };
}
