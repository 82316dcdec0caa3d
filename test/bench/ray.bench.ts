/**
 * Past one machine: the same N documents (default 1,000,000; RAY_BENCH_DOCS=N for a quick run)
 * through RuleChef's 126 Banking77 rules (a query classifier, first matching rule wins), four ways:
 * `rulewright extract` (whole process), the Python runtime (`python -m rulewright_runtime`, whole
 * process), and Ray Data with 1 and 2 workers (local cluster; read Parquet, `map_batches` with
 * `ApplyRuleset`, write Parquet). Documents are the 13,083 Banking77 texts (train, then test)
 * repeated in order. Each row is beside its reference in the same run: the runtime beside
 * `extract` (outputs must be equal line for line), Ray beside the single process (outputs equal
 * row for row, and an order-free digest of them), 2 workers beside 1 (target speed-up ≥ 1.6×).
 *
 * Ray's fixed cost (cluster start, then per run actor start and ruleset compile) is measured apart
 * from its steady rate: each worker count runs a tenth of the files, then all of them, so
 * steady docs/s = (N − N/10) / (t_all − t_tenth) and the fixed part of a run = t_tenth − (N/10) / that rate.
 * docs/s/core divides by the processes doing the rule work (1 for the single processes).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSharedDir } from './bench-support.js';
import type { BenchResult } from './run-all.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = join(ROOT, 'bin', 'rulewright.js');
const DRIVER = join(ROOT, 'test', 'python', 'ray-bench-driver.py');
const PYTHON = process.env.PYTHON ?? 'python3';
const FILES = 20;
const SPEEDUP_TARGET = 1.6;
const pyEnv = (): NodeJS.ProcessEnv => ({ ...process.env, PYTHONPATH: join(ROOT, 'python'), PYTHONDONTWRITEBYTECODE: '1' });

/** Runs a command with stdout to `stdoutFile` (or captured) and stderr to `dir/stderr.log`; its wall seconds. */
function timed(cmd: string, args: readonly string[], dir: string, stdoutFile?: string): { s: number; stdout: string } {
  const out = stdoutFile ? openSync(stdoutFile, 'w') : 'pipe';
  const err = openSync(join(dir, 'stderr.log'), 'w');
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: dir, env: pyEnv(), encoding: 'utf8', stdio: ['ignore', out, err], maxBuffer: 64 * 1024 * 1024 });
  const s = (performance.now() - t0) / 1000;
  if (typeof out === 'number') closeSync(out);
  closeSync(err);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal}: ${readFileSync(join(dir, 'stderr.log'), 'utf8').slice(-2000)}`);
  return { s, stdout: r.stdout ?? '' };
}

function missingPython(modules: string): string | undefined {
  const r = spawnSync(PYTHON, ['-c', `import ${modules}`], { encoding: 'utf8', env: pyEnv(), timeout: 120_000 });
  if (r.error) return `${PYTHON} cannot be started (${r.error.message})`;
  return r.status === 0 ? undefined : `${PYTHON} cannot import ${modules} (pip install regex ray pyarrow pandas)`;
}

/** Lines that differ between two files of JSON lines (and any surplus lines of either). */
function lineDifferences(a: string, b: string): number {
  const x = readFileSync(a, 'utf8').split('\n');
  const y = readFileSync(b, 'utf8').split('\n');
  let n = Math.abs(x.length - y.length);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) n++;
  return n;
}

interface RayRun {
  workers: number;
  init_s: number;
  small_docs: number;
  small_s: number;
  docs: number;
  full_s: number;
  differences: number;
  digest: string;
  expected_digest: string;
}

const perSecond = (docs: number, s: number): number => Math.round(docs / s);

/** The steady rate and the fixed part of one Ray run (see the header). */
function rayFigures(r: RayRun): { steady: number; fixed: number } {
  const steady = (r.docs - r.small_docs) / (r.full_s - r.small_s);
  return { steady, fixed: Math.max(0, r.small_s - r.small_docs / steady) };
}

export async function run(): Promise<BenchResult> {
  const rows: BenchResult['rows'] = [];
  const notes: string[] = [];
  const shared = benchSharedDir('rulechef-benchmarks');
  const b77 = benchSharedDir('banking77');
  if (!shared || !b77) return { name: 'ray', rows, notes: ['skipped: shared datasets not found (set RULEWRIGHT_SHARED_DATASETS)'] };
  const missing = missingPython('regex');
  if (missing) return { name: 'ray', rows, notes: [`skipped: ${missing}`] };
  const rayMissing = missingPython('ray, pyarrow, pandas');
  const n = Number(process.env.RAY_BENCH_DOCS ?? 1_000_000);
  const dir = mkdtempSync(join(tmpdir(), 'rulewright-ray-bench-'));
  const load0 = loadavg();
  try {
    const node = process.execPath;
    const db = join(dir, 'ws.db');
    timed(node, [BIN, 'init', '--name', 'b77', '--type', 'classification', '--db', db], dir);
    timed(node, [BIN, 'rules', 'import', join(shared, 'rulechef-benchmarks/benchmarks/results/results_banking77_new.json'), '--db', db], dir);
    timed(node, [BIN, 'rules', 'export', 'rules.python.json', '--for', 'python', '--db', db], dir);
    const docs = join(dir, 'docs.jsonl');
    timed(PYTHON, [DRIVER, 'prepare', join(b77, 'banking77'), String(n), docs, join(dir, 'in'), String(FILES)], dir);

    const js = timed(node, [BIN, 'extract', '--db', db, '--input', docs], dir, join(dir, 'extract.jsonl'));
    const py = timed(PYTHON, ['-m', 'rulewright_runtime', 'rules.python.json', docs], dir, join(dir, 'python.jsonl'));
    const single = (system: string, s: number, reference: string) => ({
      system,
      docs: n,
      'wall s': s,
      'docs/s': perSecond(n, s),
      cores: 1,
      'docs/s/core': perSecond(n, s),
      'fixed s': '',
      'vs reference': reference,
    });
    rows.push(single('rulewright extract (Node, whole process)', js.s, 'reference'));
    const pyDiff = lineDifferences(join(dir, 'extract.jsonl'), join(dir, 'python.jsonl'));
    rows.push(single('python -m rulewright_runtime (whole process)', py.s, `${(js.s / py.s).toFixed(2)}× extract's rate; ${pyDiff} output differences`));

    if (rayMissing) notes.push(`Ray rows skipped: ${rayMissing}`);
    else {
      const runs = [1, 2].map((w) => {
        const out = timed(PYTHON, [DRIVER, 'run', 'rules.python.json', join(dir, 'in'), join(dir, `out${w}`), String(w), join(dir, 'python.jsonl')], dir);
        return JSON.parse(out.stdout) as RayRun;
      });
      const [one, two] = runs.map(rayFigures) as [{ steady: number; fixed: number }, { steady: number; fixed: number }];
      runs.forEach((r, k) => {
        const f = k === 0 ? one : two;
        rows.push({
          system: `Ray Data, ${r.workers} worker${r.workers > 1 ? 's' : ''} (steady)`,
          docs: r.docs,
          'wall s': r.full_s,
          'docs/s': Math.round(f.steady),
          cores: r.workers,
          'docs/s/core': Math.round(f.steady / r.workers),
          'fixed s': `init ${r.init_s.toFixed(1)} + run ${f.fixed.toFixed(1)}`,
          'vs reference':
            `${r.differences} differences vs the single process (digest ${r.digest === r.expected_digest ? 'equal' : 'DIFFERENT'})` +
            (k === 1 ? `; ${(two.steady / one.steady).toFixed(2)}× 1 worker (target ≥ ${SPEEDUP_TARGET}×)` : ''),
        });
      });
      notes.push(
        `Ray end to end (read + apply + write, without cluster start): 1 worker ${perSecond(runs[0]!.docs, runs[0]!.full_s)} docs/s, 2 workers ${perSecond(runs[1]!.docs, runs[1]!.full_s)} docs/s.`,
        `Ray steady rate = (N − N/10) / (t(all ${FILES} files) − t(first ${FILES / 10})); fixed = ray.init ("init") + a run's start (actors, ruleset compile, scheduling: "run").`,
        'Ray: one logical CPU more than workers for Ray Data\'s read and write tasks; map_batches(ApplyRuleset, batch_format="pyarrow", concurrency=workers, num_cpus=1).',
      );
    }
    notes.unshift(
      `${n.toLocaleString('en-US')} documents: the 13,083 Banking77 texts repeated in order; RuleChef's 126 Banking77 rules (classification, first matching rule wins), exported with rules export --for python.`,
      `${availableParallelism()} cores shared with other work; load average ${load0.map((x) => x.toFixed(2)).join(' ')} at the start, ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} at the end; Node ${process.version}; wall-clock times of whole processes.`,
    );
    return { name: 'Ray Data vs rulewright extract: docs/s per core', rows, notes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
