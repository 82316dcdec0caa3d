import { compileRule } from '../engine/compile-rule.js';
import { orderRules } from '../engine/order.js';
import { RulewrightError } from '../errors.js';
import { lexiconSource } from '../lexicon/compile-lexicon.js';
import { compilePattern } from '../regex/compile.js';
import { groupNumber } from '../regex/match.js';
import type { Rule, RuleWhen } from '../schemas/rule.js';
import type { Task } from '../schemas/task.js';
import { jsToPython } from './js-to-python.js';

/** Version of the Python runtime's file format; the runtime refuses any other. */
const PYTHON_RULESET_VERSION = 1;

/**
 * How matches are iterated after an empty match: `python` is `finditer` (a non-empty match may
 * still start there), `js` is JavaScript's `exec` loop (the search moves on by one character).
 */
export type PythonIteration = 'python' | 'js';

/** One rule as the Python runtime runs it: a Python `regex` pattern and the group that is the span. */
export interface PythonRule {
  id: string;
  name: string;
  label: string;
  pattern: string;
  /** Python `regex` flags among `imsx` (applied at compile time). */
  flags: string;
  group: number;
  iteration: PythonIteration;
  when?: RuleWhen;
}

/** A rule the export left out, with why (the runtime can never run it the same way). */
export interface RefusedRule {
  id: string;
  name: string;
  reason: string;
}

/** What `rules export --for python` writes: the runtime's whole input. */
export interface PythonRuleset {
  rulewright_python: typeof PYTHON_RULESET_VERSION;
  task: {
    name: string;
    type: Task['type'];
    conflict_policy: Task['matching']['conflict_policy'];
    /** `plain_matchers`: labels compare with plain equality (no custom matcher is named), as the runtime's counts do. */
    matching: Pick<Task['matching'], 'mode' | 'iou_threshold'> & { plain_matchers: boolean };
  };
  /** In execution order (priority, Wilson lower bound, confidence, name, id), active rules only. */
  rules: PythonRule[];
  refused: RefusedRule[];
}

/** The Python spelling of one rule, or a RulewrightError saying why there is none. */
function toPythonRule(rule: Rule): PythonRule {
  // A rule rulewright itself cannot compile never runs there, so it must not run in Python either.
  compileRule(rule);
  const base = { id: rule.id, name: rule.name, label: rule.output.label, ...(rule.when ? { when: rule.when } : {}) };
  if (rule.format === 'lexicon') {
    const opts = { caseSensitive: rule.lexicon?.case_sensitive ?? false, wordBoundary: rule.lexicon?.word_boundary ?? true };
    // The trie regex only uses syntax both engines read alike (Unicode properties, lookbehind,
    // explicit case-variant classes), so it is the lexicon's meaning in Python too.
    return { ...base, pattern: lexiconSource(rule.terms ?? [], opts), flags: '', group: 0, iteration: 'python' };
  }
  const group = groupNumber(compilePattern(rule.pattern, rule.flags, rule.dialect), rule.output.group);
  if (rule.dialect === 'python') return { ...base, pattern: rule.pattern, flags: rule.flags.replace(/u/g, ''), group, iteration: 'python' };
  return { ...base, pattern: jsToPython(rule.pattern, rule.flags), flags: '', group, iteration: 'js' };
}

/**
 * The active rules of a span or classification task in the Python runtime's format, in execution
 * order, with the task's conflict policy and matching mode. A rule without a faithful Python
 * spelling is refused by id, name and reason, and left out (as rulewright leaves out a rule that
 * does not compile). Transformation tasks are refused whole.
 */
export function toPythonRuleset(rules: readonly Rule[], task: Task): PythonRuleset {
  if (task.type === 'transformation')
    throw new RulewrightError('BAD_INPUT', `task "${task.name}" is a transformation task; --for python runs extraction, ner and classification tasks only`);
  const out: PythonRuleset = {
    rulewright_python: PYTHON_RULESET_VERSION,
    task: {
      name: task.name,
      type: task.type,
      conflict_policy: task.matching.conflict_policy,
      matching: {
        mode: task.matching.mode,
        iou_threshold: task.matching.iou_threshold,
        plain_matchers: Object.keys(task.matching.matchers).length === 0 && task.matching.default_matcher === 'exact',
      },
    },
    rules: [],
    refused: [],
  };
  for (const rule of orderRules(rules.filter((r) => r.status === 'active'), task.matching.wilson_z)) {
    try {
      out.rules.push(toPythonRule(rule));
    } catch (e) {
      if (!(e instanceof RulewrightError)) throw e;
      out.refused.push({ id: rule.id, name: rule.name, reason: e.message });
    }
  }
  return out;
}
