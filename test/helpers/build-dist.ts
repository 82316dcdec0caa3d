import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './shared.js';

/**
 * vitest globalSetup: CLI tests spawn the real `bin/rulewright.js` (and the demo test runs
 * `dist/scripts/demo.js`), which run the compiled `dist/` and its bundle. `npm test` builds
 * first; when vitest is run alone this rebuilds `dist/` and the bundle if any source file is newer
 * than its compiled output.
 */
export default function setup(): void {
  const bundle = join(repoRoot, 'dist/bundle/cli.js');
  const stale = isStale();
  if (stale) {
    const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
    // Exit status ignored: tsc emits even when files outside the tested area have type errors.
    spawnSync(tsc, ['-p', 'tsconfig.json'], { cwd: repoRoot, stdio: 'ignore' });
    if (!existsSync(join(repoRoot, 'dist/src/cli/main.js'))) {
      throw new Error('building dist/ failed: run `npx tsc -p tsconfig.json` to see why');
    }
  }
  // The binary runs the bundle of dist/, so it is rebuilt whenever dist/ was.
  if (stale || !existsSync(bundle)) {
    const r = spawnSync(process.execPath, [join(repoRoot, 'dist/scripts/bundle.js')], { cwd: repoRoot, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bundling dist/ failed: run \`node dist/scripts/bundle.js\` to see why\n${r.stderr}`);
  }
}

function isStale(): boolean {
  // test/helpers holds the runner tests' worker, which runs from dist/ too.
  const stack = [join(repoRoot, 'src'), join(repoRoot, 'scripts'), join(repoRoot, 'tui'), join(repoRoot, 'test', 'helpers')];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const out = join(repoRoot, 'dist', relative(repoRoot, full).replace(/\.tsx?$/, '.js'));
        if (!existsSync(out) || statSync(out).mtimeMs < statSync(full).mtimeMs) return true;
      }
    }
  }
  return false;
}
