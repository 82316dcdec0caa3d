/**
 * The HTML report's first screen with 2,000 rules (the fixture of test/report with the service's
 * sample budget): build time, file size, and in headless Chromium the time from navigation to the
 * load event (the table is in the markup and the script has run by then) and to the first
 * contentful paint. Baseline: the same page with an empty table and no cards (what the rest of
 * the report costs). Target: first screen under 1 s.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildReportHtml } from '../../src/report/build-report.js';
import { samplesPerKind } from '../../src/service/report.js';
import { chromiumMissing, openFile } from '../helpers/chromium.js';
import { manyRulesReport } from '../report/fixtures.js';
import { median } from './bench-support.js';
import type { BenchResult } from './run-all.js';

const RULES = 2_000;
const REPEATS = 3;

/** Navigation-to-load and first-contentful-paint times of one fresh page, in ms. */
async function firstScreen(file: string): Promise<{ load: number; paint: number }> {
  const o = await openFile(file);
  try {
    // Runs in the page after a frame, so the paint entry is recorded.
    return (await o.page.evaluate(`new Promise((done) => requestAnimationFrame(() => setTimeout(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
      done({ load: nav.loadEventEnd, paint: fcp ? fcp.startTime : -1 });
    }, 0)))`)) as { load: number; paint: number };
  } finally {
    await o.close();
  }
}

export async function run(): Promise<BenchResult> {
  const name = 'report: first screen of a 2,000-rule report';
  if (chromiumMissing) return { name, rows: [], notes: [`skipped: ${chromiumMissing}`] };
  const dir = mkdtempSync(join(tmpdir(), 'rulewright-report-bench-'));
  try {
    const rows: Record<string, string | number>[] = [];
    for (const [label, rules] of [[`${RULES} rules`, RULES], ['baseline: 0 rules', 0]] as const) {
      const data = manyRulesReport(rules, samplesPerKind(undefined, RULES));
      const t0 = performance.now();
      const html = buildReportHtml(data);
      const build = performance.now() - t0;
      const file = join(dir, `r${rules}.html`);
      writeFileSync(file, html);
      const runs = [];
      for (let i = 0; i < REPEATS; i++) runs.push(await firstScreen(file));
      rows.push({
        case: label,
        'build ms': Math.round(build),
        MB: Number((Buffer.byteLength(html) / 1e6).toFixed(1)),
        'load ms': Math.round(median(runs.map((r) => r.load))),
        // -1: the page recorded no first-contentful-paint entry.
        'first paint ms': ((x) => (x < 0 ? '–' : Math.round(x)))(median(runs.map((r) => r.paint))),
      });
    }
    const load = Number(rows[0]!['load ms']);
    return { name, rows, notes: [`target: first screen (load) < 1,000 ms (${load < 1000 ? 'met' : 'NOT met'}); median of ${REPEATS} fresh pages`] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
