/**
 * `metrics` at scale, as a user runs it: a workspace of 1,000,000 short classification rows
 * (METRICS_SCALE_ROWS changes the count) built with the CLI (`init`, `import` of a JSONL file,
 * `rules import` of Banking77's 126 RuleChef rules, else the bundled 14), then one
 * `rulewright metrics --json` process, timed whole, with its peak resident memory. The import's
 * own time and peak memory are reported beside it (same workspace, same run).
 *
 *   node dist/test/bench/metrics-scale.bench.js        (after `npm run build`)
 *   BENCH=metrics-scale npm run bench
 *
 * Peak memory is the child's own `process.resourceUsage().maxRSS`, written at exit by a module
 * preloaded with `--import` (no dependency on /usr/bin/time).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { benchSharedDir } from './bench-support.js';
import type { BenchResult } from './run-all.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = join(ROOT, 'bin', 'rulewright.js');
const DEFAULT_ROWS = 1_000_000;

/** The targets for 1M examples x ~129 rules (2 cores). */
const METRICS_TARGET = { ms: 30_000, mb: 1024 };
const IMPORT_TARGET_MB = 500;

/** Texts and labels to cycle through: Banking77 train and test (13k rows), else the bundled 300. */
function sourceRows(): { rows: { text: string; label: string }[]; from: string } {
  const shared = benchSharedDir('banking77');
  if (shared) {
    const rows = ['train.csv', 'test.csv'].flatMap((f) =>
      (parse(readFileSync(join(shared, 'banking77', f), 'utf8'), { columns: true }) as { text: string; category: string }[]).map((r) => ({
        text: r.text,
        label: r.category,
      })),
    );
    return { rows, from: 'Banking77 train + test texts (77 labels)' };
  }
  const rows = readFileSync(join(ROOT, 'datasets', 'banking77-5.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { text: string; label: string });
  return { rows, from: 'the bundled Banking77-5 texts (5 labels)' };
}

function rulesFile(): { path: string; from: string } {
  const shared = benchSharedDir('rulechef-benchmarks');
  if (shared) return { path: join(shared, 'rulechef-benchmarks/benchmarks/results/results_banking77_new.json'), from: "RuleChef's 126 Banking77 rules" };
  return { path: join(ROOT, 'rules', 'banking77.json'), from: 'the bundled 14 Banking77 rules' };
}

interface ChildRun {
  ms: number;
  peakMb: number;
  stdout: string;
}

/** Runs the CLI in a child process: wall time, and peak RSS as the child itself measured it. */
function cli(dir: string, args: readonly string[]): ChildRun {
  const rssFile = join(dir, 'peak-rss.txt');
  const preload = join(dir, 'peak-rss.mjs');
  writeFileSync(
    preload,
    "import { writeFileSync } from 'node:fs';\n" +
      "process.on('exit', () => writeFileSync(process.env.RULEWRIGHT_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));\n",
  );
  rmSync(rssFile, { force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, BIN, ...args, '--db', join(dir, 'w.db')], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', NO_PROGRESS: '1', RULEWRIGHT_BENCH_RSS_FILE: rssFile },
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`rulewright ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  // maxRSS is in kilobytes.
  return { ms, peakMb: Number(readFileSync(rssFile, 'utf8')) / 1024, stdout: r.stdout };
}

export async function run(): Promise<BenchResult> {
  const n = Number(process.env.METRICS_SCALE_ROWS ?? DEFAULT_ROWS);
  if (!Number.isInteger(n) || n < 1) throw new Error(`METRICS_SCALE_ROWS must be a positive whole number, got ${process.env.METRICS_SCALE_ROWS}`);
  const dir = mkdtempSync(join(tmpdir(), 'rulewright-metrics-scale-'));
  try {
    const src = sourceRows();
    const rules = rulesFile();
    const file = join(dir, 'rows.jsonl');
    const lines: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = src.rows[i % src.rows.length]!;
      lines.push(JSON.stringify({ id: `r${i}`, text: r.text, label: r.label }));
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    lines.length = 0;

    cli(dir, ['init', '--name', 'scale', '--type', 'classification']);
    const imported = cli(dir, ['import', file]);
    cli(dir, ['rules', 'import', rules.path]);
    const metrics = cli(dir, ['metrics', '--json']);
    const result = JSON.parse(metrics.stdout) as { n: number; rules: unknown[]; f1: number | null; elapsed_ms: number };
    const row = (name: string, c: ChildRun, target: string, extra: Record<string, string | number> = {}) => ({
      case: name,
      examples: n,
      ...extra,
      'wall s': c.ms / 1000,
      'peak RSS MB': Math.round(c.peakMb),
      target,
    });
    return {
      name: 'metrics at scale, whole processes',
      rows: [
        row('import (JSONL)', imported, `≤ ${IMPORT_TARGET_MB} MB`),
        row('metrics --json', metrics, `≤ ${METRICS_TARGET.ms / 1000} s, ≤ ${METRICS_TARGET.mb} MB`, {
          rules: result.rules.length,
          'own elapsed s': result.elapsed_ms / 1000,
        }),
      ],
      notes: [
        `${n.toLocaleString('en-US')} short rows cycled from ${src.from}; ${rules.from}; measured on all examples (no dev split), ensemble F1 ${result.f1?.toFixed(4) ?? '–'}`,
        'wall s includes Node start-up and loading the CLI; own elapsed s is what `metrics` reports itself; peak RSS is the child process at exit',
        `set METRICS_SCALE_ROWS to change the row count (default ${DEFAULT_ROWS.toLocaleString('en-US')})`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { renderTable } = await import('./run-all.js');
  const r = await run();
  process.stdout.write(`${renderTable(r.rows)}\n\n${(r.notes ?? []).join('\n')}\n`);
}
