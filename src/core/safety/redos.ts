import type { Diagnostics, Parameters } from 'recheck';
import { patternLimitIssue } from './pattern-limits.js';
import { screenStatic, type StaticVerdict } from './redos-proxy.js';
import { remember } from '../remember.js';

/**
 * Result of screening one native regex for catastrophic backtracking. `by`: which screen decided
 * (`static`: the structure analysis of `screenStatic`, `recheck`: recheck on the compiled regex);
 * `proxy`: the screening proxy the static screen analysed.
 */
export type RedosVerdict =
  | { status: 'safe'; complexity: string; by?: 'static' | 'recheck'; proxy?: string }
  | {
      status: 'vulnerable';
      complexity: string;
      exponential: boolean;
      degree: number | null;
      attack: string;
      by?: 'static' | 'recheck';
      proxy?: string;
      /** Static screen: the attack's parts (prefix + pump repeated + suffix). */
      witness?: { prefix: string; pump: string; suffix: string };
      /**
       * Characters of the attack that cost a backtracking search about 100 ms, counted in steps
       * (deterministic); null when no length does, undefined when it was not measured.
       */
      length100ms?: number | null;
      /** Whether the attack fits in a realistic document (see REALISTIC_ATTACK_LENGTH): only then is the rule flagged. */
      realistic?: boolean;
    }
  | { status: 'unknown'; reason: string; by?: 'static' | 'recheck'; proxy?: string };

/**
 * How hard recheck looks at a pattern the static screen cannot decide. `thorough` (adding or
 * learning one rule): recheck's default fuzzing, capped at 5 s; `quick` (bulk imports): a small
 * fuzzing effort, capped at 3 s (see DETERMINISTIC). Either way the run-time budget is the real guarantee;
 * screening names the risky rules.
 */
export type RedosEffort = 'thorough' | 'quick';

/**
 * The longest attack text that counts as fitting in a realistic document. A polynomial pattern
 * that costs 100 ms only on a longer run of one repeated token (`\d+\s*mg` needs about 8,000
 * digits in a row, RuleChef's `\bcard\b.*\bpending\b` rules some 20,000 characters of
 * "card card …" on one line) is no risk a real document poses, and the per-document time budget
 * bounds it anyway; it is not flagged.
 */
export const REALISTIC_ATTACK_LENGTH = 5000;

export interface RedosOptions {
  effort?: RedosEffort;
  /** Overrides the effort's checking limit (ms). */
  timeoutMs?: number;
  /**
   * The rule's own pattern, flags and dialect, which the static screen reads (a Python pattern's
   * faithful translation is far harder to read than the pattern). Without it the static screen
   * reads `source` as a JS pattern.
   */
  pattern?: { source: string; flags: string; dialect: 'js' | 'python' };
  /**
   * The caller reads only whether the verdict is exponential (extract skips those rules): a
   * polynomial verdict of the static screen then skips measuring its attack, so it has no
   * `length100ms` and counts as realistic.
   */
  exponentialOnly?: boolean;
}

/**
 * recheck on the patterns the static screen cannot read, with a fixed seed and no clock inside a
 * check (its fuzzer's attack, seeding and incubation runs stop on step limits, not timeouts), so a
 * check that finishes always gives the same verdict. Only the whole check has a time cap, because
 * recheck is unbounded on large patterns (70 s for an alternation of 700 words, even fuzzing
 * little; its automaton checker did not finish in 10 minutes): a check past the cap is `unknown`,
 * which only flags and is asked again next time.
 */
const DETERMINISTIC: Parameters = { attackTimeout: null, incubationTimeout: null, seedingTimeout: null, recallTimeout: -1, randomSeed: 0 };

const PARAMS: Record<RedosEffort, Parameters> = {
  thorough: { ...DETERMINISTIC, timeout: 5000 },
  quick: {
    ...DETERMINISTIC,
    timeout: 3000,
    maxIteration: 2,
    maxInitialGenerationSize: 20,
    maxGenerationSize: 20,
    crossoverSize: 10,
    mutationSize: 10,
    attackLimit: 100_000_000,
    incubationLimit: 25_000,
  },
};

const CACHE_LIMIT = 2000;
const cache = new Map<string, RedosVerdict>();

/**
 * Screens the JS regex a rule compiles to for catastrophic backtracking. `unknown` covers what
 * cannot be decided (recheck's timeout, syntax it does not read such as the `v` flag's set
 * operations, an agent that does not answer) and is never a rejection.
 *
 * First the static screen (`screenStatic`): it reads the rule's pattern (`options.pattern`) or
 * else `source`, and decides typical rules in a few ms (RuleChef's 126 Banking77 and 22 TAB rules:
 * a few seconds in all, against ~45 s for recheck at `quick`). Its attack is then run on a
 * step-counting backtracking matcher (`attackCost`): that confirms an exponential verdict, says
 * how long an input costs 100 ms, and so whether the attack fits in a realistic document. Steps,
 * not a clock, so a verdict never depends on how busy the machine is. A pattern the static screen
 * cannot decide (it does not parse there, or exceeds its budget) goes to recheck on `source` at
 * the chosen effort, with a fixed seed and step limits instead of clocks inside a check (only a
 * cap on the whole check, see DETERMINISTIC), its agent answering one request at a
 * time (checks are queued here, so concurrent callers are harmless). recheck's safe and
 * vulnerable verdicts are cached by (source, flags, effort); static ones by screening proxy.
 */
export async function screenRedos(source: string, flags: string, options: RedosOptions = {}): Promise<RedosVerdict> {
  const tooLarge = beyondLimits(source, flags, options.pattern);
  if (tooLarge) return tooLarge;
  const fromStatic = staticVerdict(source, flags, options.pattern, options.exponentialOnly);
  if (fromStatic) return fromStatic;
  return screenWithRecheck(source, flags, options);
}

/**
 * The static screen alone, for callers that cannot wait for recheck (a synchronous import): a
 * pattern it cannot decide is `unknown`, which only flags.
 */
export function screenRedosStatic(source: string, flags: string, pattern?: RedosOptions['pattern']): RedosVerdict {
  const tooLarge = beyondLimits(source, flags, pattern);
  if (tooLarge) return tooLarge;
  return staticVerdict(source, flags, pattern) ?? { status: 'unknown', reason: 'the static screen cannot decide it', by: 'static' };
}

/**
 * Callers refuse a pattern past PATTERN_LIMITS before screening it; one that gets here anyway is
 * not analysed (every analyser recurses on its nesting) and is `unknown`, which flags it.
 */
function beyondLimits(source: string, flags: string, pattern: RedosOptions['pattern']): RedosVerdict | undefined {
  // A Python rule's translation is far longer than the rule (Unicode classes spelled out): the rule is what is bounded.
  const reason = pattern ? patternLimitIssue(pattern.source, pattern.flags, pattern.dialect) : patternLimitIssue(source, flags);
  return reason ? { status: 'unknown', reason: `not analysed: ${reason}` } : undefined;
}

/** The static screen's verdict as a RedosVerdict, or undefined when recheck must decide. */
function staticVerdict(source: string, flags: string, pattern: RedosOptions['pattern'], exponentialOnly = false): RedosVerdict | undefined {
  let v: StaticVerdict;
  try {
    // A regex the engine itself refuses (a bad flag, say) is for recheck to report.
    new RegExp(source, flags);
    const opts = { exponentialOnly };
    v = pattern ? screenStatic(pattern.source, pattern.flags, pattern.dialect, opts) : screenStatic(source, flags.replace(/[^imsx]/g, ''), 'js', opts);
  } catch {
    return undefined;
  }
  if (v.status === 'undecided') return undefined;
  if (v.status === 'safe') return { status: 'safe', complexity: v.note ?? 'linear', by: 'static', proxy: v.proxy };
  const { prefix, pump, suffix } = v.witness;
  const length = v.cost?.length100ms ?? null;
  const pumpLength = Math.max(1, pump.length);
  const times = Math.max(2, Math.ceil((v.exponential ? 30 * pumpLength : (length ?? 20_000)) / pumpLength));
  return {
    status: 'vulnerable',
    complexity: v.complexity,
    exponential: v.exponential,
    degree: v.degree,
    attack: summarizeAttack(`${quote(prefix)} + ${quote(pump)}.repeat(${times}) + ${quote(suffix)}`),
    by: 'static',
    proxy: v.proxy,
    witness: v.witness,
    length100ms: v.cost ? length : undefined,
    realistic: isRealistic(v.exponential, v.cost ? length : undefined),
  };
}

/**
 * Whether an attack fits in a realistic document: an exponential one always does; a polynomial
 * one when a text of at most REALISTIC_ATTACK_LENGTH characters of it costs 100 ms, or when it
 * could not be measured (then the screen stays cautious).
 */
function isRealistic(exponential: boolean, length100ms: number | null | undefined): boolean {
  if (exponential || length100ms === undefined) return true;
  return length100ms !== null && length100ms <= REALISTIC_ATTACK_LENGTH;
}

/** A string as a single-quoted JS literal, non-printable characters escaped. */
function quote(s: string): string {
  return `'${[...s]
    .map((c) => {
      const cp = c.codePointAt(0)!;
      if (c === "'" || c === '\\') return `\\${c}`;
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return `\\x${cp.toString(16).padStart(2, '0')}`;
      return c;
    })
    .join('')}'`;
}

async function screenWithRecheck(source: string, flags: string, options: RedosOptions): Promise<RedosVerdict> {
  const effort = options.effort ?? 'thorough';
  let f = flags.replace(/[gyd]/g, '');
  // recheck 4.5 reads `u` but not `v`; most `v` patterns read the same under `u`.
  if (f.includes('v')) f = f.replace('v', 'u');
  const params = { ...PARAMS[effort], ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}) };
  const key = `${effort}\u0000${params.timeout}\u0000${f}\u0000${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let diag: Diagnostics;
  try {
    // Loaded on first use: recheck costs ~0.5 s to load and the static screen decides most rules.
    const { check } = await import('recheck');
    diag = await inTurn(() => withDeadline((signal) => check(source, f, { ...params, signal }), (params.timeout ?? 3000) + 5000));
  } catch (e) {
    return { status: 'unknown', reason: `recheck failed: ${(e as Error).message}`, by: 'recheck' };
  }
  const verdict = toVerdict(diag);
  // An unknown verdict is often a timeout on a busy machine: worth asking again next time.
  if (verdict.status !== 'unknown') remember(cache, key, verdict, CACHE_LIMIT);
  return verdict;
}

function toVerdict(diag: Diagnostics): RedosVerdict {
  if (diag.status === 'safe') return { status: 'safe', complexity: diag.complexity.summary, by: 'recheck' };
  if (diag.status === 'vulnerable') {
    const c = diag.complexity;
    return {
      status: 'vulnerable',
      complexity: c.summary,
      exponential: c.type === 'exponential',
      degree: c.type === 'polynomial' ? c.degree : null,
      attack: summarizeAttack(diag.attack.pattern),
      by: 'recheck',
    };
  }
  const err = diag.error;
  return { status: 'unknown', reason: err.kind === 'timeout' || err.kind === 'cancel' ? `recheck ${err.kind}` : `recheck: ${err.message}`, by: 'recheck' };
}

/** recheck's attack pattern (`'a' + 'a'.repeat(31) + '\x00'`), shortened for a message. */
function summarizeAttack(pattern: string): string {
  return pattern.length > 120 ? `${pattern.slice(0, 117)}...` : pattern;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs checks one at a time: recheck's agent answers requests in order anyway, and a deadline
 * must only count a check's own time, not its wait behind callers' concurrent checks.
 */
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * A check with a deadline. Past it the check is cancelled, not just abandoned: recheck's agent
 * process stays referenced (keeping this process alive) until it answers a request, and a check
 * whose thread died (a stack overflow inside recheck) answers only a cancel.
 */
function withDeadline<T>(start: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
    timer.unref();
  });
  return Promise.race([start(abort.signal), deadline]).finally(() => clearTimeout(timer));
}
