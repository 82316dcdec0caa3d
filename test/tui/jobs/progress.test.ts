import { describe, expect, test } from 'vitest';
import { PROGRESS_INTERVAL_MS, throttledProgress } from '../../../tui/jobs/jobs.js';
import type { Progress } from '../../../src/service/index.js';

describe('job progress for the screen', () => {
  test('is thinned to one report per interval, but every phase start and end gets through', () => {
    let now = 0;
    const posted: Progress[] = [];
    const tell = throttledProgress((p) => posted.push(p as Progress), () => now);
    const steps: [number, Progress][] = [
      [0, { phase: 'execute', done: 0, total: 100 }], // a new phase: posted
      [10, { phase: 'execute', done: 10, total: 100 }], // too soon: dropped
      [PROGRESS_INTERVAL_MS, { phase: 'execute', done: 50, total: 100 }], // an interval on: posted
      [PROGRESS_INTERVAL_MS + 1, { phase: 'execute', done: 100, total: 100 }], // the end: posted
      [PROGRESS_INTERVAL_MS + 2, { phase: 'score', done: 0, total: 100 }], // a new phase: posted
      [PROGRESS_INTERVAL_MS + 3, { phase: 'score', done: 5, total: 100 }], // too soon: dropped
    ];
    for (const [t, p] of steps) {
      now = t;
      tell(p);
    }
    expect(posted.map((p) => [p.phase, p.done])).toEqual([
      ['execute', 0],
      ['execute', 50],
      ['execute', 100],
      ['score', 0],
    ]);
  });
});
