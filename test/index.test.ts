import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as api from '../src/index.js';
import { repoRoot } from './helpers/shared.js';

describe('the library API (src/index.ts)', () => {
  test.each([
    'Workspace',
    'resolveDbPath',
    'loadRuleset',
    'Task',
    'Example',
    'Rule',
    'Span',
    'RulewrightError',
    'predict',
    'orderRules',
    'compileScorer',
    'buildEvalReport',
    'computeRuleMetrics',
    'rankRules',
    'pruneRules',
    'prf',
    'ratio',
    'wilsonLower',
    'createMatcherRegistry',
    'readDataset',
    'writeDataset',
    'buildReportHtml',
    'escapeHtml',
  ])('exports %s', (name) => {
    expect((api as Record<string, unknown>)[name]).toBeDefined();
  });

  test('each export in src/index.ts has a /** */ doc', async () => {
    const { readFileSync } = await import('node:fs');
    const src = readFileSync(join(repoRoot, 'src/index.ts'), 'utf8');
    const exports = src.split('\n').filter((l) => /^export /.test(l)).length;
    const documented = [...src.matchAll(/\*\/\nexport /g)].length;
    expect(exports).toBeGreaterThan(10);
    expect(documented).toBe(exports);
  });

  test("the README's example works through the package name, and rulewright/runtime too", () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulewright-api-'));
    try {
      const script = `
        import { Workspace } from 'rulewright';
        import { loadRuleset } from 'rulewright/runtime';
        import { readFileSync } from 'node:fs';
        const db = ${JSON.stringify(join(dir, 'w.db'))};
        const ws = Workspace.open({ db, create: true });
        ws.createDataset({ name: 'b', type: 'classification' });
        ws.importFile('datasets/banking77-5.jsonl');
        const data = ws.dataset();
        await data.importRules('rules/banking77.json');
        const evaluation = await data.evaluate();
        const ranked = await data.rank();
        const report = await data.report({ out: ${JSON.stringify(join(dir, 'r.html'))} });
        ws.close();
        const rules = loadRuleset(readFileSync('rules/banking77.json', 'utf8'));
        console.log(JSON.stringify({ f1: evaluation.micro.f1, ranked: ranked.rules.length, bytes: report.bytes, label: rules.classify('Where is my new card?').label }));
      `;
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { f1: number; ranked: number; bytes: number; label: string };
      expect(out.f1).toBeGreaterThan(0.8);
      expect(out.ranked).toBeGreaterThan(5);
      expect(out.bytes).toBeGreaterThan(10_000);
      expect(out.label).toBe('card_arrival');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
