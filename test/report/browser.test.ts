import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildReportHtml } from '../../src/report/build-report.js';
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

  const visible = () => opened.page.locator('#cards .card:visible').count();
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
    expect(await p.locator('.card[data-id="r-per"] .desc').textContent()).toBe(`matches ${HOSTILE.endScript}`);
    expect(await p.locator('.card[data-id="r-harm"] .samples-fp .ctx').textContent()).toBe(`I said Hello ${HOSTILE.amp}`);
  });

  test('the embedded JSON reads back as the data', async () => {
    const parsed: unknown = await opened.page.evaluate("JSON.parse(document.getElementById('report-data').textContent)");
    expect(parsed).toEqual(JSON.parse(JSON.stringify(data)));
  });

  test('draws every plot with its data', async () => {
    const p = opened.page;
    expect(await p.locator('svg[data-plot="precision-support"] a.point circle.dot').count()).toBe(3);
    expect(await p.locator('svg[data-plot="precision-support"] line.whisker').count()).toBe(9);
    expect(await p.locator('svg[data-plot="marginal-f1"] rect.bar').count()).toBe(4);
    expect(await p.locator('svg[data-plot="marginal-f1"] .bar-row.negative rect.bar').count()).toBe(1);
    expect(await p.locator('svg[data-plot="per-class-f1"] rect.bar').count()).toBe(3);
    expect(await p.locator('svg[data-plot="learning-curve"] polyline').count()).toBeGreaterThanOrEqual(3);
    for (const name of ['precision-support', 'marginal-f1', 'per-class-f1', 'learning-curve']) {
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
  ])('filter %s = %s shows %d cards', async (select, value, n) => {
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
  ])('search %j finds its cards', async (q, ids) => {
    await reset();
    await opened.page.fill('#f-search', q);
    const cards = opened.page.locator('#cards .card:visible');
    const shown: (string | null)[] = [];
    for (let i = 0; i < (await cards.count()); i++) shown.push(await cards.nth(i).getAttribute('data-id'));
    expect(shown).toEqual(ids);
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
      expect(await o.page.locator('svg.plot').count()).toBe(3);
      expect(o.errors).toEqual([]);
    } finally {
      await o.close();
    }
  });
});
