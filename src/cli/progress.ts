import cliProgress from 'cli-progress';
import type { Progress } from '../service/index.js';
import type { CliIo } from './output.js';

/** Imports below this many rows finish too fast for a bar to help. */
export const PROGRESS_MIN_ROWS = 20_000;

export interface ProgressReporter {
  update(p: Progress): void;
  stop(): void;
}

const NOOP: ProgressReporter = { update() {}, stop() {} };

/**
 * A progress bar on stderr for long operations, only when stderr is a terminal and the output is
 * not `--json` (and not with NO_PROGRESS set).
 */
export function progressReporter(io: CliIo, json: boolean | undefined, label: string): ProgressReporter {
  const stream = io.stderr as NodeJS.WriteStream;
  if (json || !stream.isTTY || 'NO_PROGRESS' in io.env || typeof stream.cursorTo !== 'function') return NOOP;
  let bar: cliProgress.SingleBar | undefined;
  return {
    update(p) {
      if (p.phase !== 'insert' || p.total < PROGRESS_MIN_ROWS) return;
      if (!bar) {
        bar = new cliProgress.SingleBar(
          { stream, format: `${label} [{bar}] {percentage}% | {value}/{total} rows | {eta}s left`, clearOnComplete: true, hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        bar.start(p.total, 0);
      }
      bar.update(p.done);
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
