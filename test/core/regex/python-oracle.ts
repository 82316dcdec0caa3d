import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { matchSpans } from '../../../src/core/regex/match.js';

const script = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures/py_regex.py');

/** Why the differential tests cannot run here, or undefined when python3 with `regex` is available. */
export const pythonMissing: string | undefined = (() => {
  const r = spawnSync('python3', ['-c', 'import regex'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : 'python3 with the regex module is not installed (pip install regex); differential tests skipped';
})();

export interface OracleCase {
  pattern: string;
  flags?: string;
  texts: string[];
}

/** For one text: per match, per group, [start, end] in UTF-16 offsets; [-1, -1] when the group did not take part. */
export type Spans = number[][][];

export type OracleResult = { error: string } | { groups: number; results: Spans[] };

export interface OracleResponse {
  version: string;
  cases: OracleResult[];
  /** Per set: runs of consecutive code points [first, last]. */
  sets?: (number[][] | { error: string })[];
  case_table?: Record<string, number[]>;
}

/** Runs one batch through Python's `regex` module (one process per call). */
export function runPython(request: { cases?: OracleCase[]; sets?: string[]; case_table?: boolean }): OracleResponse {
  const r = spawnSync('python3', [script], { input: JSON.stringify(request), encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`python oracle failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as OracleResponse;
}

/** The same shape from rulewright's translation. */
export function runJs(pattern: string, flags: string, texts: string[]): Spans[] {
  const cp = compilePattern(pattern, flags, 'python');
  return texts.map((t) => [...matchSpans(cp, t)].map((m) => m.map((s) => (s ? [s[0], s[1]] : [-1, -1]))));
}
