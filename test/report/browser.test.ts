import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildReportHtml, withoutSamples } from '../../src/report/build-report.js';
import { chromiumMissing, openFile, type OpenedPage, pixelStats } from '../helpers/chromium.js';
import { useTempDir } from '../helpers/temp.js';
import { fixtureReport, HOSTILE } from './fixtures.js';

describe.skipIf(!!chromiumMissing)(`the report in headless Chromium${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`, () => {
  let dir: string;
  let opened: OpenedPage;
  const data = fixtureReport();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rulewright-report-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, buildReportHtml(data));
    opened = await openFile(file);
  }, 60_000);

  afterAll(async () => {
    await opened?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const visible = () => opened.page.locator('#rules-table tbody tr:visible').count();
  const shownIds = async () => opened.page.$$eval('#rules-table tbody tr', (trs) => trs.filter((t) => !t.hidden).map((t) => t.getAttribute('data-id')).sort());
  const openCard = (id: string) => opened.page.locator(`#rules-table tbody tr[data-id="${id}"] td`).first().click();
  const reset = async () => {
    const p = opened.page;
    await p.fill('#f-search', '');
    for (const id of ['#f-label', '#f-status', '#f-health', '#f-has']) await p.selectOption(id, '');
  };

  test('renders a non-trivial page: a screenshot with real content', async () => {
    const png = await opened.page.screenshot({ path: join(dir, 'report.png') });
    const stats = await pixelStats(opened.context, png);
    expect(stats.width).toBe(1280);
    expect(stats.height).toBe(900);
    expect(stats.inked).toBeGreaterThan(0.03);
    expect(stats.colors).toBeGreaterThan(30);
    const full = await opened.page.screenshot({ fullPage: true });
    expect((await pixelStats(opened.context, full)).height).toBeGreaterThan(1500);
  });

  test('runs its script without errors and loads nothing but the file', () => {
    expect(opened.errors).toEqual([]);
    expect(opened.requests.every((u) => u.startsWith('file:'))).toBe(true);
  });

  test('runs none of the hostile text and shows it as text', async () => {
    const p = opened.page;
    expect(await p.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await p.locator('img').count()).toBe(0);
    expect(await p.title()).toBe(`rulewright report: toy ${HOSTILE.script}`);
    await openCard('r-per');
    await openCard('r-harm');
    expect(await p.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await p.locator('img').count()).toBe(0);
    expect(await p.locator('.card[data-id="r-per"] .desc').textContent()).toBe(`matches ${HOSTILE.endScript}`);
    expect(await p.locator('.card[data-id="r-harm"] .samples-fp .ctx').textContent()).toBe(`I said Hello ${HOSTILE.amp}`);
  });

  test('the embedded JSON reads back as the data', async () => {
    const parsed: unknown = await opened.page.evaluate("JSON.parse(document.getElementById('report-data').textContent)");
    expect(parsed).toEqual(JSON.parse(JSON.stringify(withoutSamples(data))));
  });

  test('draws every plot with its data', async () => {
    const p = opened.page;
    expect(await p.locator('svg[data-plot="precision-support"] a.point circle.dot').count()).toBe(3);
    expect(await p.locator('svg[data-plot="precision-support"] line.whisker').count()).toBe(9);
    expect(await p.locator('svg[data-plot="marginal-f1"] rect.bar').count()).toBe(4);
    expect(await p.locator('svg[data-plot="marginal-f1"] .bar-row.negative rect.bar').count()).toBe(1);
    expect(await p.locator('svg[data-plot="per-class-f1"] rect.bar').count()).toBe(3);
    expect(await p.locator('svg[data-plot="learning-curve"] polyline').count()).toBeGreaterThanOrEqual(3);
    expect(await p.locator('svg[data-plot="rules-curve"] polyline').count()).toBe(3);
    expect(await p.locator('svg[data-plot="rules-curve"] circle[data-mark]').count()).toBe(2);
    for (const name of ['precision-support', 'marginal-f1', 'per-class-f1', 'learning-curve', 'rules-curve']) {
      const box = await p.locator(`svg[data-plot="${name}"]`).boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.height).toBeGreaterThan(80);
    }
  });

  test.each([
    ['#f-label', 'LOC', 3],
    ['#f-label', 'PER', 2],
    ['#f-status', 'disabled', 1],
    ['#f-health', 'dead', 1],
    ['#f-health', 'harmful', 1],
    ['#f-health', 'dead-or-harmful', 2],
    ['#f-health', 'healthy', 2],
    ['#f-has', 'fp', 2],
    ['#f-has', 'tp', 3],
    ['#f-has', 'fn', 4],
  ])('filter %s = %s shows %d rows', async (select, value, n) => {
    await reset();
    expect(await visible()).toBe(5);
    await opened.page.selectOption(select, value);
    expect(await visible()).toBe(n);
    expect(await opened.page.locator('#shown-count').textContent()).toBe(String(n));
  });

  test.each([
    ['paris', ['r-city', 'r-harm']],
    ['today', ['r-harm']],
    ['ZZZ', ['r-dead']],
    ['window.__pwned', ['r-per']],
    ['cities', ['r-city']],
    ['loc hello', ['r-harm']],
  ])('search %j finds its rows', async (q, ids) => {
    await reset();
    await opened.page.fill('#f-search', q);
    expect(await shownIds()).toEqual(ids);
  });

  test('says so when nothing matches, and filters combine', async () => {
    await reset();
    const p = opened.page;
    await p.fill('#f-search', 'no such rule anywhere');
    expect(await visible()).toBe(0);
    expect(await p.locator('#no-match').isVisible()).toBe(true);
    await p.fill('#f-search', '');
    await p.selectOption('#f-label', 'LOC');
    await p.selectOption('#f-has', 'fp');
    expect(await visible()).toBe(1);
    expect(await p.locator('#no-match').isVisible()).toBe(false);
  });

  test('the TP, FP and missed toggles show and hide the samples', async () => {
    await reset();
    const p = opened.page;
    await openCard('r-per');
    const per = p.locator('.card[data-id="r-per"]');
    expect(await per.locator('.samples-tp').isVisible()).toBe(true);
    expect(await per.locator('.samples-fn').isVisible()).toBe(false);
    await p.uncheck('#show-tp');
    await p.check('#show-fn');
    expect(await per.locator('.samples-tp').isVisible()).toBe(false);
    expect(await per.locator('.samples-fn mark.fn').textContent()).toBe('Cyd');
    await p.check('#show-tp');
    await p.uncheck('#show-fn');
  });

  test('starts with the table and no card; clicking a row opens its card', async () => {
    await reset();
    const p = opened.page;
    expect(await p.locator('#cards .card[data-id="r-city"]').count()).toBe(0);
    await openCard('r-city');
    expect(await p.evaluate('location.hash')).toBe('#rule-r-city');
    expect(await p.locator('.card:target').getAttribute('data-id')).toBe('r-city');
    expect(await p.locator('#rules-table tr.selected').getAttribute('data-id')).toBe('r-city');
    expect(await p.locator('.card[data-id="r-city"] pre.pattern').textContent()).toBe('/Paris|Rome/i');
    // Opening it again does not render a second copy.
    await openCard('r-city');
    expect(await p.locator('.card[data-id="r-city"]').count()).toBe(1);
    expect(opened.errors).toEqual([]);
  });

  const COLUMNS = ['name', 'label', 'status', 'pattern', 'coverage', 'tp', 'fp', 'precision', 'label_recall', 'solo_f1', 'marginal_f1', 'overlaps', 'conflicts', 'flags'];
  test('has every column of the rules table', async () => {
    expect(await opened.page.$$eval('#rules-table thead th', (ths) => ths.map((t) => t.getAttribute('data-key')))).toEqual(COLUMNS);
  });

  test.each(COLUMNS)('sorts the rules table by %s, both ways, empty values last', async (key) => {
    await reset();
    const p = opened.page;
    // Runs in the page: a string, because the project compiles without the DOM library.
    const values = async () =>
      (await p.evaluate(`(() => {
        const i = document.querySelector('#rules-table thead th[data-key="${key}"]').cellIndex;
        return [...document.querySelectorAll('#rules-table tbody tr')].map((tr) => tr.cells[i].getAttribute('data-v'));
      })()`)) as string[];
    const num = (await p.locator(`#rules-table thead th[data-key="${key}"]`).getAttribute('data-type')) === 'num';
    const cmp = (a: string, b: string) => (num ? Number(a) - Number(b) : a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
    for (const [dir, sign] of [['descending', -1], ['ascending', 1]] as const) {
      await p.locator(`#rules-table thead th[data-key="${key}"] button`).click();
      expect(await p.locator(`#rules-table thead th[data-key="${key}"]`).getAttribute('aria-sort')).toBe(dir);
      const v = await values();
      const filled = v.filter((x) => x !== '');
      expect(v.slice(0, filled.length)).toEqual(filled);
      expect(filled).toEqual([...filled].sort((a, b) => sign * cmp(a, b)));
      expect(new Set(v).size).toBeGreaterThan(1);
    }
  });

  test('sorting keeps the filters: a filtered, sorted table', async () => {
    await reset();
    const p = opened.page;
    await p.selectOption('#f-label', 'LOC');
    const th = p.locator('#rules-table thead th[data-key="tp"]');
    while ((await th.getAttribute('aria-sort')) !== 'descending') await th.locator('button').click();
    const shown = (await p.evaluate("[...document.querySelectorAll('#rules-table tbody tr')].filter((t) => !t.hidden).map((t) => t.dataset.id)")) as string[];
    expect(shown).toEqual(['r-city', 'r-harm', 'r-dead']);
  });

  test('downloads the rules table as CSV', async () => {
    const p = opened.page;
    const [download] = await Promise.all([p.waitForEvent('download'), p.click('#csv-download')]);
    expect(download.suggestedFilename()).toMatch(/^rulewright-rules-toy-script.*\.csv$/);
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    expect(text.split('\r\n')[0]).toBe('id,name,label,status,pattern,coverage,tp,fp,precision,wilson_lower,wilson_upper,label_recall,solo_f1,marginal_f1,overlaps,conflicts,dead,harmful');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(6);
  });

  test('a plot point opens its rule card', async () => {
    await reset();
    const p = opened.page;
    await p.locator('svg[data-plot="precision-support"] a.point[data-rule-id="r-city"]').click();
    expect(await p.evaluate('location.hash')).toBe('#rule-r-city');
    expect(await p.locator('.card:target').getAttribute('data-id')).toBe('r-city');
  });
});

describe('the report without a learning run, in headless Chromium', () => {
  const tmp = useTempDir();
  test.skipIf(!!chromiumMissing)('says "no learning run yet" and still runs cleanly', async () => {
    const file = tmp.path('r.html');
    writeFileSync(file, buildReportHtml(fixtureReport({ learning: false })));
    const o = await openFile(file);
    try {
      expect(await o.page.locator('[data-empty="learning"]').textContent()).toContain('no learning run yet');
      // The F1-vs-rules curve needs rules, not a learn run: hand-written lists get it too.
      expect(await o.page.locator('svg.plot').count()).toBe(4);
      expect(await o.page.locator('svg[data-plot="learning-curve"]').count()).toBe(0);
      expect(o.errors).toEqual([]);
    } finally {
      await o.close();
    }
  });
});
