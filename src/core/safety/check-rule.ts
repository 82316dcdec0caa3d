import { collectMatches } from '../engine/collect.js';
import { compileRule, type CompiledRule } from '../engine/compile-rule.js';
import { DEFAULT_RULE_PATTERN, isDefaultRule } from '../engine/default-rule.js';
import { runGuarded } from '../engine/guard.js';
import { IntBuffer } from '../engine/int-buffer.js';
import { RulewrightError } from '../errors.js';
import type { Rule, RuleFlag } from '../schemas/rule.js';
import { BROAD_SHARE, CATCH_ALL_PROBES } from './probes.js';
import { screenRedos, screenRedosStatic, type RedosEffort, type RedosVerdict } from './redos.js';
import type { ProblemCode, RuleProblem } from './rule-problem.js';

// Callers that check rules read the problems from here, beside checkRule.
export type { RuleProblem } from './rule-problem.js';

/**
 * Where a rule comes from. Every mode rejects an exponential (catastrophic) pattern; `import` with
 * `allowFlagged` keeps it, flagged, to run under the time budget (for a user who accepts the cost).
 */
export type CheckMode = 'add' | 'learn' | 'import';

export interface RuleCheck {
  /** False when any problem rejects the rule. */
  ok: boolean;
  problems: RuleProblem[];
  /**
   * The rule with the outcome applied: a rejected rule gets status `rejected` and `rejection`;
   * flags are added to `flagged` (replacing earlier flags with the same codes).
   */
  rule: Rule;
}

export interface CheckOptions {
  mode?: CheckMode;
  /** ReDoS screening effort; default `quick` for imports, `thorough` otherwise; `off` skips it. */
  redos?: RedosEffort | 'off';
  /** Overrides recheck's checking limit per rule (ms). */
  redosTimeoutMs?: number;
  /** Per-probe time limit for the catch-all probe runs (ms, default 100). */
  probeBudgetMs?: number;
  /** Import mode: keep an exponential pattern active with a flag instead of rejecting it. */
  allowFlagged?: boolean;
}

/**
 * Checks a rule before it is added, imported or learned: it must compile (a non-empty pattern or
 * term list, and its output group must exist), it must not be a catch-all (yield a span on every
 * one of `CATCH_ALL_PROBES`), and it is screened for ReDoS (`screenRedos`: the static screen with
 * a step-counted attack, recheck on the compiled regex when that cannot decide). Exponential
 * backtracking rejects, in every mode (an import keeps the rule, `rejected`, with the reason;
 * `allowFlagged` keeps it active and flagged instead). Polynomial backtracking is flagged, with
 * the input length that costs 100 ms, only when that attack fits in a realistic document: learned
 * patterns such as `\bcard\b.*\bpending\b` need some 20,000 characters of "card card …" on one
 * line, and the per-document budget bounds them. recheck's `unknown` only flags.
 */
export async function checkRule(rule: Rule, options: CheckOptions = {}): Promise<RuleCheck> {
  const { problems, compiled, effort } = precheck(rule, options);
  if (compiled && rule.format === 'regex' && effort !== 'off') {
    const re = compiled.matcher.regex;
    const verdict = await screenRedos(re.source, re.flags, {
      effort,
      ...(options.redosTimeoutMs ? { timeoutMs: options.redosTimeoutMs } : {}),
      pattern: { source: rule.pattern, flags: rule.flags, dialect: rule.dialect },
    });
    problems.push(...verdictProblems(verdict, options));
  }
  return { ok: !problems.some((p) => p.severity === 'reject'), problems, rule: applyProblems(rule, problems) };
}

/**
 * `checkRule` with the static ReDoS screen only (no recheck, so no waiting): what a synchronous
 * import uses. A pattern the static screen cannot decide is flagged `redos_unknown`.
 */
export function checkRuleStatic(rule: Rule, options: CheckOptions = {}): RuleCheck {
  const { problems, compiled, effort } = precheck(rule, options);
  if (compiled && rule.format === 'regex' && effort !== 'off') {
    const re = compiled.matcher.regex;
    problems.push(...verdictProblems(screenRedosStatic(re.source, re.flags, { source: rule.pattern, flags: rule.flags, dialect: rule.dialect }), options));
  }
  return { ok: !problems.some((p) => p.severity === 'reject'), problems, rule: applyProblems(rule, problems) };
}

/** Compiles the rule and runs the catch-all probes: the checks before the ReDoS screen. */
function precheck(rule: Rule, options: CheckOptions): { problems: RuleProblem[]; compiled: CompiledRule | undefined; effort: RedosEffort | 'off' } {
  const mode = options.mode ?? 'add';
  const problems: RuleProblem[] = [];
  let compiled: CompiledRule | undefined;
  try {
    compiled = compileRule(rule);
  } catch (e) {
    const reason = RulewrightError.is(e, 'INVALID_RULE') && e.details && 'reason' in e.details ? e.details.reason : undefined;
    const code: ProblemCode = reason === 'empty' ? 'empty_pattern' : reason === 'group' ? 'missing_group' : reason === 'limit' ? 'too_large' : 'invalid';
    problems.push({ code, severity: 'reject', message: (e as Error).message });
  }
  // A default rule matches every text by design; it is spelled one way so a mistaken catch-all is still caught.
  if (compiled && !isDefaultRule(rule)) problems.push(...probeProblems(compiled, options.probeBudgetMs ?? 100));
  return { problems, compiled, effort: options.redos ?? (mode === 'import' ? 'quick' : 'thorough') };
}

function verdictProblems(verdict: RedosVerdict, options: CheckOptions): RuleProblem[] {
  if (verdict.status === 'vulnerable') {
    const importing = (options.mode ?? 'add') === 'import';
    const problem = redosProblem(verdict, importing && !!options.allowFlagged, importing);
    return problem ? [problem] : [];
  }
  if (verdict.status === 'unknown')
    return [{ code: 'redos_unknown', severity: 'flag', message: `ReDoS screening was inconclusive (${verdict.reason}); it runs under the time budget` }];
  return [];
}

/** What a vulnerable verdict means for the rule: a rejection, a flag, or nothing (an attack no real document holds). */
function redosProblem(verdict: Extract<RedosVerdict, { status: 'vulnerable' }>, keepExponential: boolean, importing: boolean): RuleProblem | undefined {
  const cost = verdict.length100ms ? `; about ${verdict.length100ms.toLocaleString('en-US')} characters of it cost 100 ms` : '';
  if (verdict.exponential) {
    return {
      code: 'redos',
      severity: keepExponential ? 'flag' : 'reject',
      message:
        `the pattern can backtrack catastrophically (${verdict.complexity}); attack string: ${verdict.attack}${cost}` +
        (keepExponential
          ? '; kept because of --allow-flagged, it runs under the per-document time budget'
          : `; rewrite it without nested or overlapping repetition${importing ? ' (rules import --allow-flagged keeps it active under the time budget)' : ''}`),
    };
  }
  if (verdict.realistic === false) return undefined;
  return {
    code: 'redos',
    severity: 'flag',
    message: `the pattern can backtrack polynomially (${verdict.complexity})${cost}; attack string: ${verdict.attack}; it runs under the per-document time budget`,
  };
}

/**
 * Runs the rule on the probes and judges how broad it is. The probes run in one guarded call (a
 * guarded call starts a watchdog thread, which costs more than the probes); when the budget runs
 * out, the probe that was running counts as no match and the rest go on under a fresh budget.
 */
function probeProblems(compiled: CompiledRule, probeBudgetMs: number): RuleProblem[] {
  const buf = new IntBuffer(16);
  let hits = 0;
  let next = 0;
  while (next < CATCH_ALL_PROBES.length) {
    const outcome = runGuarded(() => {
      for (; next < CATCH_ALL_PROBES.length; next++) {
        buf.length = 0;
        if (collectMatches(compiled.matcher, CATCH_ALL_PROBES[next]!, buf, true) > 0) hits++;
      }
      return true;
    }, probeBudgetMs);
    if (outcome === 'timeout') next++;
  }
  const total = CATCH_ALL_PROBES.length;
  if (hits === total)
    return [
      {
        code: 'catch_all',
        severity: 'reject',
        message: `the rule matches every one of ${total} unrelated probe texts (punctuation, numbers, prose, URLs, other scripts, whitespace), so it matches anything; make it specific to what it extracts (for classification, a default class for whatever no other rule labels is the pattern ${DEFAULT_RULE_PATTERN} at the lowest priority)`,
      },
    ];
  if (hits / total >= BROAD_SHARE)
    return [{ code: 'broad', severity: 'flag', message: `the rule matches ${hits} of ${total} unrelated probe texts; check that it is specific enough` }];
  return [];
}

function applyProblems(rule: Rule, problems: RuleProblem[]): Rule {
  const flags: RuleFlag[] = problems.filter((p) => p.severity === 'flag').map((p) => ({ code: p.code, message: p.message }));
  const codes = new Set(flags.map((f) => f.code));
  const flagged = [...rule.flagged.filter((f) => !codes.has(f.code)), ...flags];
  const rejection = problems.find((p) => p.severity === 'reject');
  const out: Rule = { ...rule, flagged };
  if (rejection) {
    out.status = 'rejected';
    out.rejection = rejection.message;
  }
  return out;
}

/** What screening a set of rules found, rule by rule. */
export interface ScreenReport {
  rules: Rule[];
  rejected: { id: string; name: string; problems: RuleProblem[] }[];
  flagged: { id: string; name: string; problems: RuleProblem[] }[];
}

/**
 * Checks many rules, one after another (recheck's agent answers one request at a time, so
 * concurrency buys nothing). Rejected rules come back with status `rejected`, flagged ones with
 * their flags; nothing is dropped, so an import can report and keep everything for export.
 */
export async function screenRules(
  rules: readonly Rule[],
  options: CheckOptions & { onProgress?: (done: number, total: number) => void } = {},
): Promise<ScreenReport> {
  const out: Rule[] = new Array(rules.length);
  const rejected: ScreenReport['rejected'] = [];
  const flagged: ScreenReport['flagged'] = [];
  const checks: (RuleCheck | undefined)[] = new Array(rules.length);
  for (let i = 0; i < rules.length; i++) {
    checks[i] = rules[i]!.status === 'rejected' ? undefined : await checkRule(rules[i]!, options);
    options.onProgress?.(i + 1, rules.length);
  }
  rules.forEach((rule, i) => {
    const c = checks[i];
    if (!c) {
      out[i] = rule;
      rejected.push({ id: rule.id, name: rule.name, problems: [{ code: 'invalid', severity: 'reject', message: rule.rejection ?? 'rejected' }] });
      return;
    }
    out[i] = c.rule;
    const rej = c.problems.filter((p) => p.severity === 'reject');
    const flg = [...c.problems.filter((p) => p.severity === 'flag'), ...preexistingFlags(rule, c)];
    if (rej.length) rejected.push({ id: rule.id, name: rule.name, problems: rej });
    else if (flg.length) flagged.push({ id: rule.id, name: rule.name, problems: flg });
  });
  return { rules: out, rejected, flagged };
}

/** Flags a rule already carried (e.g. set by the importer) that the check did not replace. */
function preexistingFlags(rule: Rule, c: RuleCheck): RuleProblem[] {
  const codes = new Set(c.problems.map((p) => p.code));
  return rule.flagged.filter((f) => !codes.has(f.code)).map((f) => ({ code: f.code, severity: 'flag' as const, message: f.message }));
}
