import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { type BenchRun, combinedRows, renderCombined } from './run-all.js';

const here = dirname(fileURLToPath(import.meta.url));

const runs: BenchRun[] = [
  { bench: 'import', elapsed_ms: 1234, result: { name: 'import', rows: [{ case: '200k rows', rows: 200000, 'rows/s': 61234.5 }], notes: ['target: ≥ 50,000 rows/s'] } },
  { bench: 'induce', elapsed_ms: 10, result: { name: 'inducer', rows: [{ case: 'b77', seed: 1, system: 'rulewright', f1: 0.91234 }] } },
  { bench: 'eval', elapsed_ms: 5, result: { name: 'eval', rows: [], notes: ['skipped: shared datasets not found'] } },
  { bench: 'tui', elapsed_ms: 5, result: { name: 'tui', rows: [] }, error: 'boom' },
];

describe('npm run bench', () => {
  test('puts every benchmark in one table of bench, case and figures', () => {
    expect(combinedRows(runs)).toEqual([
      { bench: 'import', case: '200k rows', figures: 'rows 200,000 · rows/s 61,235' },
      { bench: 'induce', case: 'b77', figures: 'seed 1 · system rulewright · f1 0.91' },
      { bench: 'eval', case: '(no cases)', figures: 'skipped: shared datasets not found' },
      { bench: 'tui', case: 'FAILED', figures: 'boom' },
    ]);
  });

  test('prints one header line, then the notes of each benchmark', () => {
    const text = renderCombined(runs);
    expect(text.match(/^bench\s+case\s+figures$/gm)).toHaveLength(1);
    expect(text).toContain('import: import (1.2 s)\n  target: ≥ 50,000 rows/s');
  });

  test('every *.bench.ts here exports run(), so run-all runs it', () => {
    const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) expect(readFileSync(join(here, f), 'utf8'), f).toMatch(/export (async )?function run\(\): Promise<BenchResult>/);
  });
});
