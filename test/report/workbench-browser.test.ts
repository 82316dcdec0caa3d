import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { type DatasetHandle, Workspace } from '../../src/service/index.js';
import { chromiumMissing, openFile } from '../helpers/chromium.js';
import { useTempDir } from '../helpers/temp.js';

/** Where the acceptance screenshots go (outside the repository; overwritten on each run). */
// Screenshots for a review are written only when asked for, to a folder the caller names.
const SHOTS = process.env.RULEWRIGHT_REPORT_SHOTS;
const shot = async (p: { screenshot(o: { path: string }): Promise<unknown> }, name: string) => {
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}` });
};

const ROWS = [
  { id: 't1', text: 'Ann met Bob in Paris', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 15, end: 20, label: 'LOC' }], split: 'train' },
  { id: 'x1', text: 'Ann is in Rome', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 10, end: 14, label: 'LOC' }], split: 'test' },
  { id: 'x2', text: 'Cyd and Dee went to Oslo', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 20, end: 24, label: 'LOC' }], split: 'test' },
  { id: 'x3', text: 'Bob likes Paris', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 10, end: 15, label: 'LOC' }], split: 'test' },
  { id: 'x4', text: 'Eve saw Rome and Oslo', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 12, label: 'LOC' }, { start: 17, end: 21, label: 'LOC' }], split: 'test' },
];

describe.skipIf(!!chromiumMissing)('the report workbench after eval and a rule edit, in headless Chromium', () => {
  const tmp = useTempDir();

  test('shows what no rule covers with eval\'s FN counts, and what the edit changed', async () => {
    const dir = tmp.dir();
    const ws = Workspace.open({ db: `${dir}/w.db`, create: true });
    let file: string;
    let e: Awaited<ReturnType<DatasetHandle['evaluate']>>;
    try {
      ws.createDataset({ name: 'toy', type: 'ner', labels: ['PER', 'LOC'] });
      writeFileSync(`${dir}/rows.jsonl`, ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
      ws.importFile(`${dir}/rows.jsonl`);
      await ws.dataset().addRule({ name: 'names', pattern: '\\b(?:Ann|Bob)\\b', label: 'PER' });
      const cities = await ws.dataset().addRule({ name: 'cities', pattern: '\\bRome\\b', label: 'LOC' });
      await ws.dataset().evaluate();
      await ws.dataset().editRule(cities.rule.id, { pattern: '\\b(?:Rome|Paris)\\b' });
      e = await ws.dataset().evaluate();
      file = (await ws.dataset().report({ out: `${dir}/report.html`, compare: 1 })).file;
    } finally {
      ws.close();
    }
    const o = await openFile(file);
    try {
      const p = o.page;
      expect(o.errors).toEqual([]);
      const blocks = (await p.evaluate(
        "[...document.querySelectorAll('#uncovered details.uncovered-label')].map((d) => [d.dataset.label, Number(d.querySelector('.u-fn').textContent)])",
      )) as [string, number][];
      expect(blocks.length).toBeGreaterThan(0);
      expect(Object.fromEntries(blocks)).toEqual(Object.fromEntries(Object.entries(e.per_class).filter(([, c]) => c.fn > 0).map(([l, c]) => [l, c.fn])));
      expect(await p.locator('#uncovered details[data-label="PER"]').getAttribute('open')).toBe('');
      expect(await p.locator('#uncovered details[data-label="PER"] mark.fn').allTextContents()).toEqual(['Cyd', 'Dee', 'Eve']);

      const diff = p.locator('#ruleset-diff');
      expect(await diff.locator('[data-diff="edited"] tbody tr').count()).toBe(1);
      expect(await diff.locator('[data-diff="edited"] ins.diff-ins').allTextContents()).toEqual(['(?:', '|Paris)']);
      expect(await diff.locator('[data-diff="fixed"] li').first().getAttribute('data-example')).toBe('x3');
      expect(await diff.locator('[data-diff="fixed"] li').count()).toBe(1);
      expect(Number(await p.locator('#diff-f1').textContent())).toBeGreaterThan(0);

      if (SHOTS) mkdirSync(SHOTS, { recursive: true });
      await diff.scrollIntoViewIfNeeded();
      await shot(p, 'diff-and-table.png');
      await p.locator('#uncovered').scrollIntoViewIfNeeded();
      await shot(p, 'uncovered.png');
      await p.locator('#rules-table thead th[data-key="tp"] button').click();
      await p.locator('#rules-table tbody tr[data-id] td').first().click();
      expect(await p.locator('.card:target').count()).toBe(1);
      await p.locator('#rules').scrollIntoViewIfNeeded();
      await p.evaluate("document.getElementById('rules').scrollIntoView()");
      await shot(p, 'rules-table-and-card.png');
    } finally {
      await o.close();
    }
  }, 60_000);
});
