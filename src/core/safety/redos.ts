import type { Diagnostics, Parameters } from 'recheck';
import { runGuarded } from '../engine/guard.js';
import { screenStatic, type StaticVerdict } from './redos-proxy.js';

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
    }
  | { status: 'unknown'; reason: string; by?: 'static' | 'recheck'; proxy?: string };

/**
 * How hard to look. `thorough` (adding or learning one rule): recheck's defaults with a 3 s cap.
 * `quick` (bulk imports): a small fuzzing effort with a 1 s cap. On RuleChef's 126 Banking77
 * rules: 30 s in all (median 0.19 s, max 0.85 s) against 50 s for a medium effort and ~0.9 s per
 * rule at `thorough`, with about the same verdicts (104 safe, 22 polynomial). Either way the
 * run-time budget is the real guarantee; screening names the risky rules.
 */
export type RedosEffort = 'thorough' | 'quick';

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
}

const PARAMS: Record<RedosEffort, Parameters> = {
  thorough: { timeout: 3000 },
  quick: {
    timeout: 1000,
    maxIteration: 2,
    maxInitialGenerationSize: 20,
    maxGenerationSize: 20,
    crossoverSize: 10,
    mutationSize: 10,
    attackTimeout: 100,
    incubationTimeout: 25,
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
 * ~0.5 s in all, against ~45 s for recheck at `quick`). An exponential verdict is confirmed by
 * running the compiled regex on the static screen's attack under a hard time limit (~100 ms at
 * most); an unconfirmed one, and a pattern the static screen cannot decide (it does not parse
 * there, or exceeds its budget), go to recheck on `source` at the chosen effort, as before:
 * fuzzing at ~0.24 s (`quick`) to ~0.9 s (`thorough`) per rule, its agent answering one request
 * at a time (checks are queued here, so concurrent callers are harmless). recheck's safe and
 * vulnerable verdicts are cached by (source, flags, effort); static ones by screening proxy.
 */
export async function screenRedos(source: string, flags: string, options: RedosOptions = {}): Promise<RedosVerdict> {
  const fromStatic = staticVerdict(source, flags, options.pattern);
  if (fromStatic) return fromStatic;
  return screenWithRecheck(source, flags, options);
}

/** The static screen's verdict as a RedosVerdict, or undefined when recheck must decide. */
function staticVerdict(source: string, flags: string, pattern: RedosOptions['pattern']): RedosVerdict | undefined {
  let v: StaticVerdict;
  try {
    // A regex the engine itself refuses (a bad flag, say) is for recheck to report.
    new RegExp(source, flags);
    v = pattern ? screenStatic(pattern.source, pattern.flags, pattern.dialect) : screenStatic(source, flags.replace(/[^imsx]/g, ''), 'js');
  } catch {
    return undefined;
  }
  if (v.status === 'undecided') return undefined;
  if (v.status === 'safe') return { status: 'safe', complexity: 'linear', by: 'static', proxy: v.proxy };
  const provenByRun = v.degree === null;
  if (provenByRun && !blowsUp(source, flags, v.witness)) return undefined;
  const { prefix, pump, suffix } = v.witness;
  const times = v.degree === null ? 30 : Math.max(2, Math.ceil(20_000 / Math.max(1, pump.length)));
  return {
    status: 'vulnerable',
    complexity: v.complexity,
    exponential: v.exponential,
    degree: v.degree,
    attack: summarizeAttack(`${quote(prefix)} + ${quote(pump)}.repeat(${times}) + ${quote(suffix)}`),
    by: 'static',
    proxy: v.proxy,
    witness: v.witness,
  };
}

/**
 * Whether the compiled regex really blows up on the static attack: the pump is repeated 2, 4, …
 * up to 40 times (texts of a few hundred characters, which a linear or low-degree pattern scans in
 * microseconds) until one run takes over 20 ms or hits its 100 ms hard limit.
 */
function blowsUp(source: string, flags: string, w: { prefix: string; pump: string; suffix: string }): boolean {
  let re: RegExp;
  try {
    re = new RegExp(source, `${flags.replace(/[gy]/g, '')}g`);
  } catch {
    return false;
  }
  for (let n = 2; n <= 40; n += 2) {
    const text = w.prefix + w.pump.repeat(n) + w.suffix;
    const start = performance.now();
    const outcome = runGuarded(() => {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) if (m[0] === '') re.lastIndex++;
      return true;
    }, 100);
    if (outcome === 'timeout' || performance.now() - start > 20) return true;
  }
  return false;
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
    diag = await inTurn(() => withDeadline(check(source, f, params), (params.timeout ?? 3000) + 5000));
  } catch (e) {
    return { status: 'unknown', reason: `recheck failed: ${(e as Error).message}`, by: 'recheck' };
  }
  const verdict = toVerdict(diag);
  // An unknown verdict is often a timeout on a busy machine: worth asking again next time.
  if (verdict.status !== 'unknown') {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, verdict);
  }
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

function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
