/**
 * The honest learning benchmark: rulewright's offline learning against a keyword decision list and
 * a standard statistical baseline on the shared sets with their official splits, every system
 * learning from the same labelled examples (train + dev) and scored on test by the task's scorer.
 * Systems (test/bench/learning/systems.ts): `service` (import, `learn` offline, `eval` on test,
 * through the service API), `inducer` (induceRules alone), `keyword`, `stat`, and `capped`: the
 * service with `--max-rules-per-label 15`, on the shared intent sets only (CAPPED_CASES).
 *
 * Cases (name: what):
 *   b77-77     Banking77, all 77 classes
 *   trec6      TREC coarse (6 classes)
 *   trec50     TREC fine (50 classes)
 *   b77-5x5    Banking77, 5 classes x 5 train examples, no dev rows
 *   r8k        Restaurant-8k slots, exact offsets
 *   wnut17     WNUT-17 entities, exact offsets
 *   tab        TAB format types (CODE, DATETIME, QUANTITY)
 *   sroie      SROIE receipt fields (transformation)
 *   echr-long  long ECHR windows (~2,000 characters), respondent State UK or not
 *   b77-77@N, trec50@N, r8k@N   learning curves: N = 5, 10, 25, 50, 100 train rows per label, no dev
 *   skew-b77-PP, skew-trec-PP   one class group against the rest at PP = 05, 13, 30 % positive
 *   r8k-names  Restaurant-8k first and last names only (open-class fillers); with wnut17 the open-class spans
 * (learning/curve-cases.ts builds the drawn cases; every system learns from the same drawn rows.)
 *
 * `npm run bench` runs every case and system, each pair in a process of its own (so peak RSS is
 * that system's and no heap carries over); LEARNING_CASES=trec6,b77-5x5 and
 * LEARNING_SYSTEMS=keyword,stat narrow it, and a group name stands for several cases:
 * LEARNING_CASES=curves | skewed | open-spans | b77-77@* | trec50@* | r8k@*. For fast iteration, one case at a time:
 *
 *   npm run build && node dist/test/bench/learning.bench.js --case trec6 [--system inducer|service|capped|keyword|stat] [--json]
 *   BENCH=learning LEARNING_CASES=trec50@5 npm run bench
 *
 * Every run also writes its rows as JSON to LEARNING_OUT (default out/learning-bench.json).
 * The whole grid (31 cases x 4 systems, and `capped` on the 3 intent sets) is expected to take 30 to 40 minutes on 2 cores, most of it
 * the service and inducer runs on the full sets and the 50- and 100-per-label draws (the 5- and
 * 10-per-label rows take seconds each).
 *
 * `learn_ms` is the wall time of learning alone (no loading, no scoring); for `service` it is
 * the `learn` call (its own dev carve-out when there is no dev, synthesis and refinement rounds).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sharedMissing } from '../helpers/shared.js';
import { CASE_GROUPS, CASE_NAMES, loadCase } from './learning/cases.js';
import { CAPPED_CASES, CAPPED_RULES_PER_LABEL, runSystem, SYSTEMS, type SystemName } from './learning/systems.js';
import type { SystemRun } from './learning/types.js';
import type { BenchResult } from './run-all.js';

type Row = Record<string, string | number>;

const r3 = (x: number | null | undefined): string => (x === null || x === undefined ? '-' : x.toFixed(3));

/** One table row of a system's run. */
function rowOf(r: SystemRun): Row {
  const s = r.score;
  return {
    case: r.case,
    system: r.system,
    'train/dev/test': r.examples,
    precision: r3(s?.precision),
    recall: r3(s?.recall),
    f1: r3(s?.f1),
    accuracy: r3(s?.accuracy),
    coverage: r3(s?.coverage),
    ...(r.positive_f1 !== undefined ? { pos_f1: r3(r.positive_f1) } : {}),
    ...(r.estimate !== undefined ? { estimate: r3(r.estimate), drop: r.estimate === null || !s ? '-' : r3(r.estimate - (s.f1 ?? 0)) } : {}),
    rules: r.rules ?? '-',
    'rules/label med': r.rules_per_label?.median ?? '-',
    'rules/label max': r.rules_per_label?.max ?? '-',
    learn_ms: Math.round(r.learn_ms),
    rss_mb: r.peak_rss_mb,
  };
}

function pick<T extends string>(all: readonly T[], env: string | undefined, what: string, groups: Record<string, string[]> = {}): T[] {
  if (!env) return [...all];
  const asked = env.split(',').flatMap((s) => groups[s.trim()] ?? [s.trim()]) as T[];
  for (const a of asked) if (!all.includes(a)) throw new Error(`unknown ${what} ${a}: use one of ${[...Object.keys(groups), ...all].join(', ')}`);
  return [...new Set(asked)];
}

/** Writes every run as JSON, so figures can be compared across runs without parsing the table. */
function writeJson(runs: readonly SystemRun[]): string {
  const file = resolve(process.env.LEARNING_OUT ?? 'out/learning-bench.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ generated_at: new Date().toISOString(), node: process.version, cores: cpus().length, runs }, null, 2)}\n`);
  return file;
}

/** Runs one case and system in a child process of this file (`--json`) and returns its run. */
function runIsolated(caseName: string, system: SystemName): Promise<SystemRun> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [self, '--case', caseName, '--system', system, '--json'], { maxBuffer: 16 * 1024 * 1024, timeout: 15 * 60_000 }, (err, stdout) => {
      if (err) reject(new Error(`${caseName} ${system}: exited with ${err.code ?? err.signal}`));
      else resolve((JSON.parse(stdout) as SystemRun[])[0]!);
    });
    child.stderr?.pipe(process.stderr);
  });
}

export async function run(): Promise<BenchResult> {
  const name = 'learning on the shared sets: rulewright (service, inducer) against a keyword list and a statistical baseline';
  if (sharedMissing) return { name, rows: [{ skipped: sharedMissing }] };
  const rows: Row[] = [];
  const runs: SystemRun[] = [];
  const notes: string[] = [];
  const cases = pick(CASE_NAMES, process.env.LEARNING_CASES, 'case', CASE_GROUPS);
  const systems = pick(SYSTEMS, process.env.LEARNING_SYSTEMS, 'system');
  for (const c of cases) {
    let described = false;
    for (const s of systems) {
      if (s === 'capped' && !CAPPED_CASES.includes(c)) continue;
      process.stderr.write(`learning: ${c} ${s}…\n`);
      try {
        const r = await runIsolated(c, s);
        runs.push(r);
        rows.push(rowOf(r));
        if (!described) notes.push(...r.case_notes);
        described = true;
        notes.push(...r.notes.map((n) => `${c} ${s}: ${n}`));
      } catch (e) {
        rows.push({ case: c, system: s, 'train/dev/test': 'FAILED', precision: (e as Error).message });
      }
    }
  }
  const drops = runs.filter((r) => typeof r.estimate === 'number' && r.score).map((r) => r.estimate! - (r.score!.f1 ?? 0));
  if (drops.length) notes.push(`learn's expected F1 (its cross-validated estimate, else its last dev F1) less test F1, mean over ${drops.length} service rows: ${r3(drops.reduce((a, b) => a + b, 0) / drops.length)}`);
  notes.push(`every run as JSON: ${writeJson(runs)}`);
  notes.push('columns: micro precision/recall/F1 on test; accuracy = correct / all for classification (an abstention is wrong), the share of test examples entirely right for span and field tasks; coverage = share of test examples given any output; pos_f1 = F1 of the positive class (skewed binary cases); estimate = what learn expects on new text (its cross-validated estimate, else its last dev F1; - when it judged on train alone) and drop = estimate less test F1; rules = rules learned (service: active after learn) or keywords kept, and their median and max per label (labels with none count 0)');
  if (systems.includes('capped')) notes.push(`capped = the service with --max-rules-per-label ${CAPPED_RULES_PER_LABEL} (${CAPPED_CASES.join(', ')})`);
  notes.push(`machine: Node ${process.version}, ${cpus().length} cores; every pair ran in its own process`);
  return { name, rows, notes };
}

async function main(argv: string[]): Promise<void> {
  const arg = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const caseName = arg('--case');
  if (!caseName || !(CASE_NAMES as readonly string[]).includes(caseName)) {
    process.stderr.write(`usage: node learning.bench.js --case ${CASE_NAMES.join('|')} [--system ${SYSTEMS.join('|')}] [--json]\n`);
    process.exitCode = 2;
    return;
  }
  const systems = pick(SYSTEMS, arg('--system'), 'system');
  const json = argv.includes('--json');
  const c = loadCase(caseName as (typeof CASE_NAMES)[number]);
  const runs: SystemRun[] = [];
  for (const s of systems) {
    if (!json) process.stderr.write(`${caseName} ${s}…\n`);
    runs.push(await runSystem(c, s));
  }
  if (json) {
    process.stdout.write(JSON.stringify(runs));
    return;
  }
  const { renderTable } = await import('./run-all.js');
  const notes = [...c.notes, ...runs.flatMap((r) => r.notes.map((n) => `${r.system}: ${n}`)), `every run as JSON: ${writeJson(runs)}`];
  process.stdout.write(`${renderTable(runs.map(rowOf))}\n\n${notes.join('\n')}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`learning bench failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
}
