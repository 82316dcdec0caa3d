/**
 * Runs every benchmark in this folder and prints its figures: `npm run bench` (builds first,
 * then runs `dist/test/bench/run-all.js`). `BENCH=import npm run bench` runs only the benches
 * whose file name contains "import"; `--json` prints all results as one JSON document.
 *
 * A benchmark is a file `<name>.bench.ts` here (compiled to `dist/test/bench/<name>.bench.js`)
 * that exports `run(): Promise<BenchResult>`. It times its own work in-process (no process
 * start-up) and reports each case as one row of the table, next to an in-process baseline
 * (what the same work costs without rulewright's layers) so figures can be read against it.
 * Benchmarks are not tests: they assert nothing and are never run by `npm test`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a benchmark module returns. */
export interface BenchResult {
  /** Title printed above the table. */
  name: string;
  /** One row per case; keys are the table's columns, in first-seen order. */
  rows: Record<string, string | number>[];
  /** Lines printed under the table (targets, skipped cases, machine notes). */
  notes?: string[];
}

/** What every `*.bench.js` module exports. */
export interface BenchModule {
  run(): Promise<BenchResult>;
}

function formatCell(v: string | number): string {
  if (typeof v === 'string') return v;
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  return Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2);
}

/** Renders rows as an aligned text table (numbers right-aligned). */
export function renderTable(rows: Record<string, string | number>[]): string {
  const cols: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const cells = rows.map((r) => cols.map((c) => (r[c] === undefined ? '' : formatCell(r[c]!))));
  const numeric = cols.map((c) => rows.every((r) => r[c] === undefined || typeof r[c] === 'number'));
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (vals: string[]) => vals.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(cols), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url));
  const filter = process.env.BENCH ?? '';
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.js') && f.includes(filter))
    .sort();
  const results: BenchResult[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(here, f)).href)) as BenchModule;
    const res = await mod.run();
    results.push(res);
    if (!process.argv.includes('--json')) {
      process.stdout.write(`\n## ${res.name}\n\n${renderTable(res.rows)}\n`);
      for (const n of res.notes ?? []) process.stdout.write(`${n}\n`);
    }
  }
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else if (!files.length) process.stdout.write(`no benchmarks matched ${filter ? `BENCH=${filter}` : 'in ' + here}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    process.stderr.write(`bench failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
}
