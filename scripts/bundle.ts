/**
 * `npm run build`, second step: bundles the compiled CLI (`dist/src/cli/main.js`) and the
 * terminal workbench's job worker (`dist/tui/jobs/worker.js`) into `dist/bundle/`, which is what
 * `bin/rulewright.js` runs, and the batched pipeline's second-core worker. Every command is a cold process, and loading ~370 separate modules
 * (resolving, reading and compiling each, zod's ~90 files among them) took about half of a small
 * `eval`; one chunk per command, with shared code in shared chunks, keeps each command loading
 * only what it needs while cutting the file count to a handful.
 *
 * The pure-JS libraries on the commands' paths are bundled (tree-shaken); native, lazily loaded
 * or process-wide ones stay external so there is one copy of each: better-sqlite3 (native),
 * XRegExp and recheck (loaded on demand), openai, and ink/react for the workbench. Each worker is
 * an entry of its own, emitted beside the chunks (`worker.js`, `pipeline-worker-thread.js`), where
 * the code that starts it looks first.
 *
 *   node dist/scripts/bundle.js      (after `tsc -p tsconfig.json`)
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

/** Libraries bundled into the CLI; every other package is loaded from node_modules at run time. */
const BUNDLED = new Set(['zod', 'commander', 'picocolors', 'csv-parse', 'cli-progress']);

const builtins = new Set(builtinModules);

/** The file in the bundle folder naming the source modules of every chunk (not loaded at run time). */
export const MANIFEST = 'modules.json';

/** The package a bare import names (`zod/v4/core` -> `zod`, `@inkjs/ui` -> `@inkjs/ui`). */
function packageOf(id: string): string {
  const parts = id.split('/');
  return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Whether an import stays an import at run time instead of being copied into the bundle. */
function isExternal(id: string): boolean {
  if (id.startsWith('node:') || builtins.has(id)) return true;
  if (id.startsWith('.') || id.startsWith('/') || id.startsWith('\0')) return false;
  return !BUNDLED.has(packageOf(id));
}

/** The project root: `dist/scripts/bundle.js` sits two folders below it. */
function root(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..');
}

export async function bundle(project = root()): Promise<string> {
  const dist = join(project, 'dist');
  const out = join(dist, 'bundle');
  const cli = join(dist, 'src', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error(`no compiled CLI at ${cli}: run \`tsc -p tsconfig.json\` first`);
  // Chunk names carry content hashes, so stale chunks of an earlier build would pile up.
  rmSync(out, { recursive: true, force: true });
  const result = await build({
    input: { cli, worker: join(dist, 'tui', 'jobs', 'worker.js'), 'pipeline-worker-thread': join(dist, 'src', 'service', 'pipeline-worker-thread.js') },
    platform: 'node',
    logLevel: 'warn',
    external: (id) => isExternal(id),
    output: { dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
  });
  // Which modules each chunk holds, so tests can tell what a command loaded in terms of sources.
  const manifest: Record<string, string[]> = {};
  for (const c of result.output) if (c.type === 'chunk') manifest[c.fileName] = c.moduleIds.filter((m) => !m.startsWith('\0')).map((m) => relative(project, m));
  writeFileSync(join(out, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundle();
}
