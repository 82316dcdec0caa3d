import cliProgress from 'cli-progress';
import type { Progress } from '../service/index.js';
import type { CliIo } from './output.js';

/** Imports below this many rows finish too fast for a bar to help. */
export const PROGRESS_MIN_ROWS = 20_000;

/**
 * Running and scoring rules has no size that predicts its time (one slow regex or a crowd of
 * overlapping rules can dominate), so those bars appear only once the command has taken this long.
 */
export const PROGRESS_AFTER_MS = 1_000;

export interface ProgressReporter {
  update(p: Progress): void;
  stop(): void;
}

const NOOP: ProgressReporter = { update() {}, stop() {} };

/** What each phase's bar says it is doing, and in what units; imports use the caller's label. */
const PHASES: Record<Progress['phase'], { label?: string; unit: string }> = {
  parse: { unit: 'rows' },
  insert: { unit: 'rows' },
  execute: { label: 'running rules', unit: 'documents' },
  score: { label: 'scoring rules', unit: 'examples' },
  compare: { label: 'comparing rules', unit: 'examples' },
  prune: { label: 'pruning', unit: 'candidate rules' },
  learn: { label: 'learning rules', unit: 'train examples covered' },
};

/**
 * Progress bars on stderr for long operations, one per phase, only when stderr is a terminal and
 * the output is not `--json` (and not with NO_PROGRESS set). Imports show theirs from
 * PROGRESS_MIN_ROWS rows; the other phases once the command has run PROGRESS_AFTER_MS. `now` is
 * injectable for tests.
 */
export function progressReporter(io: CliIo, json: boolean | undefined, label: string, now: () => number = Date.now): ProgressReporter {
  const stream = io.stderr as NodeJS.WriteStream;
  if (json || !stream.isTTY || 'NO_PROGRESS' in io.env || typeof stream.cursorTo !== 'function') return NOOP;
  const started = now();
  let bar: cliProgress.SingleBar | undefined;
  let barPhase: Progress['phase'] | undefined;
  const worthShowing = (p: Progress): boolean => {
    if (p.phase === 'parse') return false;
    if (p.phase === 'insert') return p.total >= PROGRESS_MIN_ROWS;
    return p.done < p.total && now() - started >= PROGRESS_AFTER_MS;
  };
  const stop = () => {
    bar?.stop();
    bar = undefined;
    barPhase = undefined;
  };
  return {
    update(p) {
      if (bar && barPhase !== p.phase) stop();
      const title = `${PHASES[p.phase].label ?? label}${p.step ? `, step ${p.step}` : ''}`;
      if (!bar) {
        if (!worthShowing(p)) return;
        bar = new cliProgress.SingleBar(
          { stream, format: `{title} [{bar}] {percentage}% | {value}/{total} ${PHASES[p.phase].unit} | {eta}s left`, clearOnComplete: true, hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        barPhase = p.phase;
        bar.start(p.total, p.done, { title });
        return;
      }
      if (bar.getTotal() !== p.total) bar.setTotal(p.total);
      bar.update(p.done, { title });
    },
    stop,
  };
}

/**
 * Runs `work` with a progress reporter that is stopped however the work ends, so an error
 * message never lands on a half-drawn bar.
 */
export async function withProgress<T>(
  io: CliIo,
  json: boolean | undefined,
  label: string,
  work: (onProgress: (p: Progress) => void) => Promise<T>,
): Promise<T> {
  const reporter = progressReporter(io, json, label);
  try {
    return await work((p) => reporter.update(p));
  } finally {
    reporter.stop();
  }
}
