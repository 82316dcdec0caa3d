/**
 * Time to the terminal workbench's first frame on a large workspace: 2,000 rules and 100,000
 * examples, built once in a temporary folder through the service (import, split, `rules
 * import`, `metrics`). The first frame is the rules table with every rule's stored metrics, its
 * stale flags and the ensemble summary: read from the store, nothing recomputed. Measured
 * in-process: open the workspace, render the app (Ink) at 120x40, until the frame shows the
 * table. Baseline: the same rows read straight from SQLite (rules and cached metrics, JSON
 * parsed), no service and no drawing. Also: loading the TUI's modules in a fresh process (what
 * `rulewright tui` adds before its first frame). Target: first frame under 1 s.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { mulberry32 } from '../../src/core/random.js';
import { Workspace } from '../../src/service/index.js';
import { App } from '../../tui/app.js';
import { InlineJobRunner } from '../../tui/jobs/inline-runner.js';
import { median } from './bench-support.js';
import type { BenchResult } from './run-all.js';

const RULES = 2_000;
const EXAMPLES = 100_000;
const CLASSES = 20;
const REPEATS = 5;


/**
 * Classification examples: filler words plus one or two trigger words of the example's class
 * (and sometimes one of another class, so rules make mistakes). One rule per trigger word.
 */
function buildFiles(dir: string): { data: string; rules: string } {
  const rand = mulberry32(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const filler = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}x`);
  const perClass = RULES / CLASSES;
  const trigger = (c: number, k: number) => `t${c}k${k}q`;
  const lines: string[] = [];
  for (let i = 0; i < EXAMPLES; i++) {
    const c = i % CLASSES;
    const words = Array.from({ length: 8 + Math.floor(rand() * 8) }, () => pick(filler));
    words.splice(Math.floor(rand() * words.length), 0, trigger(c, Math.floor(rand() * perClass)));
    if (rand() < 0.15) words.push(trigger(Math.floor(rand() * CLASSES), Math.floor(rand() * perClass)));
    lines.push(JSON.stringify({ id: `e${i}`, text: words.join(' '), label: `class_${c}` }));
  }
  const rules = [];
  for (let c = 0; c < CLASSES; c++)
    for (let k = 0; k < perClass; k++)
      rules.push({ id: `r${c}-${k}`, name: `class ${c} trigger ${k}`, format: 'regex', pattern: `\\b${trigger(c, k)}\\b`, output: { label: `class_${c}` }, provenance: 'induced' });
  const data = join(dir, 'data.jsonl');
  const ruleset = join(dir, 'rules.json');
  writeFileSync(data, lines.join('\n') + '\n');
  writeFileSync(ruleset, JSON.stringify({ rulewright: 1, rules }));
  return { data, rules: ruleset };
}

/** The first frame: render until the table with the rules and their figures is drawn. */
async function firstFrame(db: string): Promise<{ ms: number; frame: string }> {
  const t0 = performance.now();
  const ws = Workspace.open({ db });
  const dataset = ws.dataset().summary().name;
  const jobs = new InlineJobRunner(ws, dataset);
  const r = render(createElement(App, { ws, dataset, jobs, theme: { color: true }, size: { columns: 120, rows: 40 } }));
  let frame = r.lastFrame() ?? '';
  while (!/ensemble P .* F1/.test(frame) || !/class 0 trigger/.test(frame)) {
    await new Promise((res) => setImmediate(res));
    frame = r.lastFrame() ?? '';
  }
  const ms = performance.now() - t0;
  r.unmount();
  jobs.close();
  ws.close();
  return { ms, frame };
}

/** Reading the same rows with no service and no drawing: rules and cached metrics, JSON parsed. */
function baseline(db: string): number {
  const t0 = performance.now();
  const d = new Database(db, { readonly: true });
  const rules = (d.prepare('SELECT body FROM rules').all() as { body: string }[]).map((r) => JSON.parse(r.body) as unknown);
  const metrics = (d.prepare('SELECT metrics FROM rule_metrics').all() as { metrics: string }[]).map((r) => JSON.parse(r.metrics) as unknown);
  d.close();
  if (rules.length !== RULES || metrics.length !== RULES) throw new Error(`baseline read ${rules.length} rules and ${metrics.length} metrics`);
  return performance.now() - t0;
}

/** Loading the TUI's modules (React, Ink, the service) in a fresh Node process, as `rulewright tui` does. */
function moduleLoadMs(): number | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const run = resolve(here, '../../tui/run.js');
  if (!run.endsWith('.js')) return null;
  const script = `const t0 = performance.now(); await import(${JSON.stringify(pathToFileURL(run).href)}); process.stdout.write(String(performance.now() - t0));`;
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
    if (r.status !== 0) return null;
    times.push(Number(r.stdout));
  }
  return median(times);
}

export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'rulewright-tui-bench-'));
  const notes: string[] = [];
  try {
    const t = <T>(label: string, fn: () => T | Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const v = fn();
      return Promise.resolve(v).then((x) => {
        notes.push(`setup: ${label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        return x;
      });
    };
    const files = await t('generated the files', () => buildFiles(dir));
    const db = join(dir, 'w.db');
    const ws = Workspace.open({ db, create: true });
    await t(`imported ${EXAMPLES.toLocaleString('en-US')} examples`, () => ws.importFile(files.data, { create: { name: 'big', type: 'classification' } }));
    await t('made a dev split (10%)', () => ws.dataset().split({ dev: 0.1, seed: 1 }));
    await t(`imported ${RULES.toLocaleString('en-US')} rules (checked)`, () => ws.dataset().importRules(files.rules));
    const m = await t('computed and stored the metrics on dev', () => ws.dataset().metrics());
    ws.close();
    notes.push(`stored metrics: ${m.rules.length} rules, ensemble F1 ${m.f1?.toFixed(3) ?? '—'}`);

    const frames: number[] = [];
    let last = '';
    for (let i = 0; i < REPEATS; i++) {
      const f = await firstFrame(db);
      frames.push(f.ms);
      last = f.frame;
    }
    const base = median(Array.from({ length: REPEATS }, () => baseline(db)));
    const load = moduleLoadMs();
    const first = median(frames);
    notes.push(`target: first frame < 1,000 ms (${first < 1000 ? 'met' : 'NOT met'}); first run ${Math.round(frames[0]!)} ms (cold caches)`);
    notes.push(`first frame shows: ${last.split('\n')[1]?.trim() ?? ''}`);
    const rows: Record<string, string | number>[] = [
      { case: `first frame, ${RULES.toLocaleString('en-US')} rules × ${EXAMPLES.toLocaleString('en-US')} examples (120x40, median of ${REPEATS})`, ms: first, 'baseline ms': base, ratio: first / base },
    ];
    if (load !== null) rows.push({ case: 'loading the TUI modules in a fresh process (once per `rulewright tui`)', ms: load, 'baseline ms': '', ratio: '' });
    return { name: 'tui: time to first frame', rows, notes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
