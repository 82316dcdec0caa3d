/**
 * Import throughput: rows per second for Banking77 train (10,003 short CSV rows), TAB (127 long
 * documents, 7,341 spans) and 200,000 synthetic short JSONL rows, split into parse (read and
 * validate) and insert (one transaction). Baseline: the same rows inserted with one raw prepared
 * statement, no validation, hashing or label index. Target: ≥ 100,000 short rows/s end to end.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readDataset } from '../../src/formats/index.js';
import type { ImportOptions } from '../../src/formats/types.js';
import { Workspace } from '../../src/service/index.js';
import { benchSharedDir, median } from './bench-support.js';
import type { BenchResult } from './run-all.js';

const REPEATS = 3;

interface Case {
  name: string;
  path: string;
  opts: ImportOptions;
}


/** Raw better-sqlite3 insert of the parsed rows into the same table shape. */
function baselineMs(dir: string, path: string, opts: ImportOptions): number {
  const rows = readDataset(path, opts).examples;
  const db = new Database(join(dir, 'baseline.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE IF NOT EXISTS t (rowid INTEGER PRIMARY KEY, k INTEGER, id TEXT, seq INTEGER, body TEXT, UNIQUE (k, id)); CREATE INDEX IF NOT EXISTS s ON t (k, seq)');
  const k = Date.now();
  const stmt = db.prepare('INSERT INTO t (k, id, seq, body) VALUES (?, ?, ?, ?)');
  const t0 = performance.now();
  db.transaction(() => rows.forEach((r, i) => stmt.run(k, r.id, i, JSON.stringify(r))))();
  const ms = performance.now() - t0;
  db.close();
  return ms;
}

export async function run(): Promise<BenchResult> {
  const notes: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'rulewright-bench-'));
  const cases: Case[] = [];
  const shared = benchSharedDir('banking77');
  if (shared) {
    cases.push({ name: 'Banking77 train (CSV)', path: join(shared, 'banking77/train.csv'), opts: {} });
    cases.push({
      name: 'TAB test (127 docs)',
      path: join(shared, 'tab/bks/TAB_test_BK=Original.json'),
      opts: { spansFile: join(shared, 'tab/anonymizations/TAB_test_Manual_Entity.json') },
    });
  } else notes.push('shared datasets not found: Banking77 and TAB skipped (set RULEWRIGHT_SHARED_DATASETS)');
  const synth = join(dir, 'synthetic.jsonl');
  const lines: string[] = [];
  for (let i = 0; i < 200_000; i++) lines.push(`{"id":"r${i}","text":"how do I change the pin of card number ${i}","label":"intent_${i % 50}"}\n`);
  writeFileSync(synth, lines.join(''));
  cases.push({ name: '200k short rows (JSONL)', path: synth, opts: {} });

  const rows: BenchResult['rows'] = [];
  try {
    for (const c of cases) {
      const parse: number[] = [];
      const insert: number[] = [];
      const total: number[] = [];
      let n = 0;
      let spans: number | null = null;
      for (let i = 0; i < REPEATS; i++) {
        const db = join(dir, `w${i}.db`);
        const ws = Workspace.open({ db, create: true });
        const r = ws.importFile(c.path, { ...c.opts, create: { name: 'bench' } });
        ws.close();
        for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
        parse.push(r.parse_ms);
        insert.push(r.insert_ms);
        total.push(r.parse_ms + r.insert_ms);
        n = r.imported;
        spans = r.spans;
      }
      const base = median(Array.from({ length: REPEATS }, () => baselineMs(dir, c.path, c.opts)));
      const ins = median(insert);
      rows.push({
        case: c.name,
        rows: n,
        spans: spans ?? '–',
        parse_ms: median(parse),
        insert_ms: ins,
        'rows/s': Math.round(n / (median(total) / 1000)),
        'insert rows/s': Math.round(n / (ins / 1000)),
        'baseline insert rows/s': Math.round(n / (base / 1000)),
        'insert vs baseline': `${(ins / base).toFixed(2)}×`,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  notes.push(`median of ${REPEATS} imports into a fresh workspace; rows/s counts parse + insert (the service's own timing, no process start-up).`);
  notes.push('target: ≥ 100,000 short rows/s end to end.');
  return { name: 'import', rows, notes };
}
