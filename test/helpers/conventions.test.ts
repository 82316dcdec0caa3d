import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import config, { ISOLATED } from '../../vitest.config.js';
import { repoRoot } from './shared.js';

/** Every TypeScript file under the given folders of the repository, as repository paths. */
function sources(...folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(e.name)) out.push(relative(repoRoot, full));
    }
  };
  for (const f of folders) walk(join(repoRoot, f));
  return out.sort();
}

const read = (path: string): string => readFileSync(join(repoRoot, path), 'utf8');

describe('the test suite keeps to its conventions', () => {
  test('no temp folder has a fixed name: each is made fresh with mkdtemp', () => {
    // A fixed folder is shared with every other run on the machine, which may delete what this one reads.
    const fixed = sources('src', 'tui', 'scripts', 'test').flatMap((f) =>
      read(f)
        .split('\n')
        .filter((line) => (/join\(tmpdir\(\)/.test(line) && !/mkdtemp(?:Sync)?\(join\(tmpdir\(\)/.test(line)) || /['"`]\/tmp\//.test(line))
        .map((line) => `${f}: ${line.trim()}`),
    );
    expect(fixed).toEqual([]);
  });

  test('test files build rules with the shared factory, not one of their own', () => {
    const own = sources('test', 'tui')
      .filter((f) => !f.startsWith('test/helpers/'))
      .filter((f) => /^\s*(?:const|let) rule = \(|^\s*function rule\(/m.test(read(f)));
    expect(own).toEqual([]);
  });

  test.each([
    ['the learning intents', "'refund request for order 12'"],
    ['the card intents', "'refund the card payment'"],
    ['the scoring intents', "'cancel my plan'"],
  ])('%s are written once, in test/helpers/fixtures.ts', (_name, row) => {
    const self = relative(repoRoot, fileURLToPath(import.meta.url));
    expect(sources('test', 'tui').filter((f) => f !== self && read(f).includes(row))).toEqual(['test/helpers/fixtures.ts']);
  });

  test('test files run on every core, and only the files that need it load the modules anew', () => {
    // vitest's default leaves a core idle, which on a 2-core machine runs the files one at a time.
    expect(config.test?.maxWorkers).toBe('100%');
    expect(config.test?.projects).toMatchObject([{ test: { isolate: false } }, { test: { isolate: true, include: ISOLATED } }]);
    // A file renamed away from the list would lose the fresh modules it needs.
    expect(ISOLATED.filter((f) => !existsSync(join(repoRoot, f)))).toEqual([]);
  });
});
