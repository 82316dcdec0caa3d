import { describe, expect, test } from 'vitest';
import type { CliIo } from '../../src/cli/output.js';
import { PROGRESS_AFTER_MS, PROGRESS_MIN_ROWS, progressReporter, withProgress } from '../../src/cli/progress.js';
import type { Progress } from '../../src/service/index.js';

/** A stderr that says it is a terminal and keeps what is drawn on it. */
function fakeTerminal(tty = true) {
  const written: string[] = [];
  const stream = {
    isTTY: tty,
    columns: 100,
    write: (s: string) => written.push(s),
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
    on: () => stream,
    removeListener: () => stream,
  };
  const io: CliIo = { stdout: { write: () => true }, stderr: stream, env: {}, cwd: '/' };
  return { io, drawn: () => written.join('') };
}

describe('progress bar', () => {
  test.each([
    ['a large import', [{ phase: 'insert', done: 5_000, total: PROGRESS_MIN_ROWS }], true],
    ['a small import', [{ phase: 'insert', done: 5, total: PROGRESS_MIN_ROWS - 1 }], false],
    ['parsing (no total yet)', [{ phase: 'parse', done: 0, total: 0 }], false],
  ] as const)('%s: drawn = %s', (_what, updates, drawn) => {
    const t = fakeTerminal();
    const r = progressReporter(t.io, false, 'importing');
    for (const u of updates) r.update(u);
    expect(t.drawn().includes('importing')).toBe(drawn);
    r.stop();
  });

  test('rules that run past the threshold get a bar in documents; quick runs never do', () => {
    let now = 0;
    const t = fakeTerminal();
    const r = progressReporter(t.io, false, 'running rules', () => now);
    r.update({ phase: 'execute', done: 10, total: 1000 });
    expect(t.drawn()).toBe('');
    now = PROGRESS_AFTER_MS;
    r.update({ phase: 'execute', done: 1000, total: 1000 });
    expect(t.drawn()).toBe(''); // finished: a bar would only flash
    const slow = fakeTerminal();
    const s = progressReporter(slow.io, false, 'running rules', () => now);
    now += PROGRESS_AFTER_MS;
    s.update({ phase: 'execute', done: 250, total: 1000 });
    expect(slow.drawn()).toMatch(/running rules .*250\/1000 documents/);
    s.stop();
  });

  test('each phase gets a bar of its own, titled by what it does; prune steps are numbered', () => {
    let now = 0;
    const t = fakeTerminal();
    const r = progressReporter(t.io, false, 'unused', () => now);
    now = PROGRESS_AFTER_MS;
    r.update({ phase: 'execute', done: 1, total: 10 });
    r.update({ phase: 'score', done: 2, total: 8 });
    r.update({ phase: 'prune', done: 0, total: 4, step: 3 });
    r.stop();
    const drawn = t.drawn();
    expect(drawn).toMatch(/running rules .*1\/10 documents/);
    expect(drawn).toMatch(/scoring rules .*2\/8 examples/);
    expect(drawn).toMatch(/pruning, step 3 .*0\/4 candidate rules/);
    expect(drawn.indexOf('running rules')).toBeLessThan(drawn.indexOf('scoring rules'));
    expect(drawn).not.toContain('unused');
  });

  test.each([
    ['--json', fakeTerminal(), true, {}],
    ['stderr is not a terminal', fakeTerminal(false), false, {}],
    ['NO_PROGRESS is set', fakeTerminal(), false, { NO_PROGRESS: '1' }],
  ] as const)('no bar when %s', (_why, t, json, env) => {
    const io = { ...t.io, env };
    const r = progressReporter(io, json, 'importing');
    r.update({ phase: 'insert', done: 1, total: PROGRESS_MIN_ROWS * 10 });
    r.stop();
    expect(t.drawn()).toBe('');
  });

  test('withProgress stops the bar when the work fails, and passes the error on', async () => {
    const t = fakeTerminal();
    const seen: Progress[] = [];
    await expect(
      withProgress(t.io, false, 'importing', async (onProgress) => {
        const p: Progress = { phase: 'insert', done: 1, total: PROGRESS_MIN_ROWS };
        onProgress(p);
        seen.push(p);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(seen).toHaveLength(1);
    // Drawn with the cursor hidden, then stopped: the cursor is shown again before the error prints.
    expect(t.drawn()).toContain('importing');
    expect(t.drawn().lastIndexOf('\u001b[?25h')).toBeGreaterThan(t.drawn().lastIndexOf('importing'));
  });
});
