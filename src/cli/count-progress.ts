import type { CliIo } from './output.js';
import { PROGRESS_AFTER_MS } from './progress.js';

/** A one-line count on stderr for work of unknown size (a stream); `clear` before other stderr output. */
export interface CountProgress {
  update(done: number): void;
  clear(): void;
}

const NOOP: CountProgress = { update() {}, clear() {} };

/** How often the line is redrawn at most. */
const REDRAW_MS = 200;

/**
 * `rulewright: extracting… 1,234 documents` on stderr, redrawn in place, only when stderr is a
 * terminal (and NO_PROGRESS is not set), and only once the work has taken PROGRESS_AFTER_MS: a
 * stream has no total for a bar, but a count tells a waiting user it is moving. `now` is
 * injectable for tests.
 */
export function countProgress(io: CliIo, label: string, unit: string, now: () => number = Date.now): CountProgress {
  if (!io.stderr.isTTY || 'NO_PROGRESS' in io.env) return NOOP;
  const started = now();
  let drawn = 0;
  let shown = false;
  return {
    update(done) {
      const t = now();
      if (t - started < PROGRESS_AFTER_MS || t - drawn < REDRAW_MS) return;
      drawn = t;
      shown = true;
      io.stderr.write(`\r\x1b[Krulewright: ${label}… ${done.toLocaleString('en-US')} ${unit}`);
    },
    clear() {
      if (shown) io.stderr.write('\r\x1b[K');
      shown = false;
      drawn = 0;
    },
  };
}
