import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A temp folder of this run alone, for fixtures its test files build once and share. */
    runDir: string;
  }
}

/**
 * vitest globalSetup: a fresh temp folder per run, removed when the run ends. A fixed folder
 * would be shared with any other run on the machine, which may delete or rebuild what this one
 * is copying.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'rulewright-run-'));
  project.provide('runDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
