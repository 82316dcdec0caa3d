import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { Task, type TaskInput } from '../../src/core/schemas/task.js';

/**
 * A fresh temporary folder per test, removed after it. Call at the top of a describe block:
 * `const tmp = useTempDir();` then `tmp.path('x.db')` inside tests.
 */
export function useTempDir(prefix = 'rulewright-test-'): { dir: () => string; path: (name: string) => string } {
  let current: string | undefined;
  afterEach(() => {
    if (current) rmSync(current, { recursive: true, force: true });
    current = undefined;
  });
  const dir = () => (current ??= mkdtempSync(join(tmpdir(), prefix)));
  return { dir, path: (name: string) => join(dir(), name) };
}

/** A valid task with defaults filled in. */
export function makeTask(input: Partial<TaskInput> & Pick<TaskInput, 'type'>): Task {
  return Task.parse({ name: 'd', ...input });
}
