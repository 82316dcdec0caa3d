import vm from 'node:vm';

/**
 * Runs main-realm code under a hard wall-clock limit. `vm`'s `timeout` starts a watchdog thread
 * that terminates the running script when the limit passes; because the script only calls back
 * into a main-realm closure, that terminates the closure too, including a native regex stuck in
 * catastrophic backtracking. JS `try`/`catch` cannot intercept the termination, so the caller's
 * state is exactly what the closure had written when it was stopped.
 *
 * Costs measured on this machine (Node 20, 2 cores):
 * - a guarded call: ~72 µs (the watchdog thread), against ~1 µs for an unguarded `vm` call and
 *   ~0.04 µs for a direct call. Callers therefore batch many (rule, document) pairs per call.
 * - V8's `--enable-experimental-regexp-engine-on-excessive-backtracks` (set at run time with
 *   `v8.setFlagsFromString` before the regexes are first run): `(a+)+$` on 10,000 `a`s + `!` drops
 *   from hanging to ~3 ms and plain patterns are unaffected, but the linear engine does not take
 *   backreferences or lookarounds (`(a+)+\1$` still hangs), and the flag changes the whole
 *   process, so it is no budget; it is left to the embedding program.
 * - a watchdog worker (regexes run in a worker the main thread terminates): ~35 ms to start,
 *   ~37 µs per round trip, ~5 ms to terminate and ~23 ms to respawn (recompiling every rule),
 *   plus copying every text into the worker, and the API becomes asynchronous.
 */
export type GuardResult = 'done' | 'yielded' | 'timeout';

let context: vm.Context | undefined;
let script: vm.Script | undefined;
let current: (() => boolean) | undefined;

/**
 * Calls `work` under a hard limit of `timeoutMs`. `work` returns true when it finished and false
 * when it stopped early by itself (to let the caller start a fresh guarded call).
 */
export function runGuarded(work: () => boolean, timeoutMs: number): GuardResult {
  if (!context) {
    context = vm.createContext({ run: () => current!() });
    script = new vm.Script('run()', { filename: 'rulewright-guard' });
  }
  const outer = current;
  current = work;
  try {
    const done = script!.runInContext(context, { timeout: Math.max(1, Math.ceil(timeoutMs)) }) as boolean;
    return done ? 'done' : 'yielded';
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timeout';
    throw e;
  } finally {
    current = outer;
  }
}
