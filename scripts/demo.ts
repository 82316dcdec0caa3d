/**
 * `npm run demo`: the main job on bundled data, with no API key. Creates a fresh workspace in
 * ./demo, imports the bundled Banking77 sample, carves a stratified dev split out of train and
 * prints the stats, through the same CLI a user runs.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli/main.js';

/** The project root: the folder of the rulewright package.json above this file (src or dist). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'rulewright') return dir;
  }
  throw new Error('cannot find the rulewright project folder');
}

async function step(args: string[]): Promise<void> {
  process.stdout.write(`\n$ rulewright ${args.map((a) => (/[\s"']/.test(a) ? JSON.stringify(a) : a)).join(' ')}\n`);
  const code = await main(args);
  if (code !== 0) throw new Error(`rulewright ${args[0]} exited with ${code}`);
}

async function demo(): Promise<void> {
  const root = projectRoot();
  const cwd = process.cwd();
  const dir = join(cwd, 'demo');
  mkdirSync(dir, { recursive: true });
  const db = join(dir, 'rulewright.db');
  for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  const rel = (p: string) => relative(cwd, p) || '.';
  const data = join(root, 'datasets', 'banking77-5.jsonl');

  process.stdout.write('rulewright demo: Banking77, five intents (bundled, CC-BY 4.0), no API key needed\n');
  await step(['init', '--name', 'banking77', '--type', 'classification', '--description', 'Banking customer intents', '--db', rel(db)]);
  await step(['import', rel(data), '--db', rel(db)]);
  await step(['split', '--dev', '0.2', '--seed', '42', '--db', rel(db)]);
  await step(['stats', '--db', rel(db)]);
  await step(['examples', 'list', '--split', 'dev', '--limit', '5', '--db', rel(db)]);
  process.stdout.write(`\nThe workspace is ${rel(db)}. Try: npx rulewright examples show train-1 --db ${rel(db)}\n`);
}

demo().catch((e: unknown) => {
  process.stderr.write(`demo failed: ${(e as Error).message}\n`);
  process.exitCode = 1;
});
