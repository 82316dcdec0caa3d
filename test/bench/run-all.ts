/**
 * Runs every benchmark in this folder and prints ONE table: `npm run bench` (builds first, then
 * runs `dist/test/bench/run-all.js`). Each row is one case of one benchmark: the benchmark, the
 * case, and its figures (`name value` pairs, in the benchmark's own column order); the notes of
 * every benchmark (targets, baselines, skipped cases, machine) follow the table.
 *
 *   BENCH=import npm run bench          only the benches whose file name contains "import"
 *   npm run bench -- --tables           also each benchmark's own wide table
 *   npm run bench -- --json             every result as one JSON document
 *
 * A benchmark is a file `<name>.bench.ts` here (compiled to `dist/test/bench/<name>.bench.js`)
 * that exports `run(): Promise<BenchResult>`. It times its own work in-process (no process
 * start-up) and reports each case as one row, next to an in-process baseline (what the same work
 * costs without rulewright's layers) so figures can be read against it. A benchmark that throws
 * is reported as a row saying so, and the others still run (the exit code is then 1).
 * Each benchmark runs in a process of its own: one that leaves a large heap behind (the inducer's
 * datasets) would otherwise make the next one's garbage collection, and so its times, several
 * times slower (seen: TAB rank execution 70 ms alone, 400 ms after the inducer in one process).
 * Benchmarks are not tests: they assert nothing and are never run by `npm test`.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a benchmark module returns. */
export interface BenchResult {
  /** Title of the benchmark (printed with its notes). */
  name: string;
  /** One row per case; keys are the columns, in first-seen order. */
  rows: Record<string, string | number>[];
  /** Lines printed under the table (targets, skipped cases, machine notes). */
  notes?: string[];
}

/** What every `*.bench.js` module exports. */
export interface BenchModule {
  run(): Promise<BenchResult>;
}

/** A finished benchmark: which file, its result, and how long it took. */
export interface BenchRun {
  bench: string;
  result: BenchResult;
  elapsed_ms: number;
  error?: string;
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

/** The column that names a case: `case` when a row has one, else its first column. */
function caseKey(row: Record<string, string | number>): string | undefined {
  return 'case' in row ? 'case' : Object.keys(row)[0];
}

/**
 * Every benchmark's rows as one table of three columns: bench, case, figures. The figures are
 * the row's other columns as `name value` pairs, so benchmarks with different columns share one
 * readable table. A benchmark with no rows gets one row saying so.
 */
export function combinedRows(runs: readonly BenchRun[]): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const r of runs) {
    if (r.error) {
      out.push({ bench: r.bench, case: 'FAILED', figures: r.error });
      continue;
    }
    if (!r.result.rows.length) out.push({ bench: r.bench, case: '(no cases)', figures: r.result.notes?.[0] ?? '' });
    for (const row of r.result.rows) {
      const key = caseKey(row);
      const figures = Object.entries(row)
        .filter(([k]) => k !== key)
        .map(([k, v]) => `${k} ${formatCell(v)}`)
        .join(' · ');
      out.push({ bench: r.bench, case: key === undefined ? '' : formatCell(row[key]!), figures });
    }
  }
  return out;
}

/** The one table and the notes under it. */
export function renderCombined(runs: readonly BenchRun[]): string {
  const lines = [renderTable(combinedRows(runs)), ''];
  for (const r of runs) {
    lines.push(`${r.bench}: ${r.result.name} (${(r.elapsed_ms / 1000).toFixed(1)} s)`);
    for (const n of r.result.notes ?? []) lines.push(`  ${n}`);
  }
  return lines.join('\n');
}

/** The benchmark files in `dir` whose name contains `filter`, sorted. */
function benchFiles(dir: string, filter = ''): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.bench.js') && f.includes(filter))
    .sort();
}

/** Runs one benchmark module in a fresh Node process (run-one.js) and returns its result; its stderr passes through. */
function runIsolated(file: string): Promise<BenchResult> {
  const runner = join(dirname(fileURLToPath(import.meta.url)), 'run-one.js');
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [runner, file], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) reject(new Error(`exited with ${err.code ?? err.signal}`));
      else resolve(JSON.parse(stdout) as BenchResult);
    });
    child.stderr?.pipe(process.stderr);
  });
}

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url));
  const filter = process.env.BENCH ?? '';
  const json = process.argv.includes('--json');
  const files = benchFiles(here, filter);
  if (!files.length) {
    process.stdout.write(`no benchmarks matched ${filter ? `BENCH=${filter}` : `in ${here}`}\n`);
    return;
  }
  const runs: BenchRun[] = [];
  for (const f of files) {
    const bench = f.replace(/\.bench\.js$/, '');
    if (!json) process.stderr.write(`running ${bench}…\n`);
    const t0 = performance.now();
    try {
      runs.push({ bench, result: await runIsolated(join(here, f)), elapsed_ms: performance.now() - t0 });
    } catch (e) {
      const err = e as Error;
      runs.push({ bench, result: { name: bench, rows: [] }, elapsed_ms: performance.now() - t0, error: err.message ?? String(e) });
      process.stderr.write(`bench ${bench} failed: ${err.stack ?? String(e)}\n`);
      process.exitCode = 1;
    }
  }
  if (json) {
    process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
    return;
  }
  process.stdout.write(`\n${renderCombined(runs)}\n`);
  if (process.argv.includes('--tables'))
    for (const r of runs) if (r.result.rows.length) process.stdout.write(`\n## ${r.bench}: ${r.result.name}\n\n${renderTable(r.result.rows)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    process.stderr.write(`bench failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
}
