import { check, type Diagnostics, type Parameters } from 'recheck';

/** Result of screening one native regex for catastrophic backtracking. */
export type RedosVerdict =
  | { status: 'safe'; complexity: string }
  | { status: 'vulnerable'; complexity: string; exponential: boolean; degree: number | null; attack: string }
  | { status: 'unknown'; reason: string };

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
 * Screens the JS regex a rule compiles to (after dialect translation) with recheck's native
 * backend. `unknown` covers what recheck cannot decide (its timeout, syntax it does not read such
 * as the `v` flag's set operations, an agent that does not answer) and is never a rejection.
 *
 * Costs measured on this machine: the first call starts recheck's agent (~30 ms); `(a+)+$` is
 * decided by the automaton checker in a few ms; Python-dialect patterns translate `\b` into
 * lookbehinds, which the automaton checker does not read, so they are fuzzed: ~0.9 s each at
 * `thorough`, ~0.24 s at `quick`. The agent answers one request at a time (4 concurrent checks
 * took as long as 4 sequential ones), so checks are queued here and concurrent callers are
 * harmless. Safe and vulnerable verdicts are cached by (source, flags, effort) for the life of
 * the process.
 */
export async function screenRedos(source: string, flags: string, options: RedosOptions = {}): Promise<RedosVerdict> {
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
    diag = await inTurn(() => withDeadline(check(source, f, params), (params.timeout ?? 3000) + 5000));
  } catch (e) {
    return { status: 'unknown', reason: `recheck failed: ${(e as Error).message}` };
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
  if (diag.status === 'safe') return { status: 'safe', complexity: diag.complexity.summary };
  if (diag.status === 'vulnerable') {
    const c = diag.complexity;
    return {
      status: 'vulnerable',
      complexity: c.summary,
      exponential: c.type === 'exponential',
      degree: c.type === 'polynomial' ? c.degree : null,
      attack: summarizeAttack(diag.attack.pattern),
    };
  }
  const err = diag.error;
  return { status: 'unknown', reason: err.kind === 'timeout' || err.kind === 'cancel' ? `recheck ${err.kind}` : `recheck: ${err.message}` };
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
